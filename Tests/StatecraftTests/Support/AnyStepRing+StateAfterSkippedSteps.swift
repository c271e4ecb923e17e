import StatecraftEngine

extension AnyStepRing {
  /// The record of the owner's state after the steps it skipped, if the report of them holds one.
  func stateAfterSkippedSteps(until skipped: UInt64) -> InspectionRecord? {
    guard case .stateAfter(let record)? = reportSkippedSteps(until: skipped) else { return nil }
    return record
  }
}

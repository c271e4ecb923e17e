#if Durable
  public import Statecraft

  extension Diagnostic.Kind {
    /// A durable runtime skipped an instance it could not step (its snapshot unreadable) in a
    /// round of work over many instances, such as
    /// ``DurableCharts/fireDueTimers(limit:fileID:filePath:line:column:)``, and went on with the
    /// others.
    public static let durableInstanceSkipped = Diagnostic.Kind("durableInstanceSkipped")
  }
#endif

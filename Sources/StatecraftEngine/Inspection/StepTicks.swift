public import CStatecraftRuntime
import Synchronization

/// The time stamp of a step written to a ``StepRing``: the processor's tick counter, much cheaper
/// to read than the clock, converted to a time since ``InspectionRecord/epoch`` when the ring's
/// steps are boxed, by their reader.
///
/// The conversion is linear, from the counter and the clock read together once at the first use
/// and again at each conversion: the longer the process runs, the better the rate is known. Where
/// the counter may not be steady (Linux not using the TSC as its clock source), the ticks are the
/// monotonic clock's nanoseconds, and the conversion only moves them to the epoch.
@usableFromInline
package enum StepTicks {
  /// Whether the processor's counter can be used: read once.
  @usableFromInline static let counterIsSteady = statecraft_ticks_are_steady() != 0

  /// The ticks now.
  @inlinable
  package static var now: UInt64 {
    counterIsSteady ? counter : clock
  }

  /// The processor's counter now: use it only where ``counterIsSteady``.
  @inlinable
  static var counter: UInt64 { statecraft_ticks() }

  /// The monotonic clock's nanoseconds now.
  @inlinable
  static var clock: UInt64 { statecraft_clock_ticks() }

  /// The ticks and the time since the epoch, read together once: where conversions start from.
  private static let origin = Reading()

  /// Reads the origin of conversions, if it was not yet: call it before the first ticks are read,
  /// so that the rate is measured over the time they span.
  package static func start() {
    _ = origin
  }

  /// The ticks and the time since the epoch, read one after the other.
  private struct Reading {
    let ticks: UInt64
    let sinceEpoch: Duration

    init() {
      ticks = StepTicks.now
      sinceEpoch = InspectionRecord.sinceEpoch
    }
  }

  /// Converts ticks to times since ``InspectionRecord/epoch``, for the ticks read until now.
  package struct Converter {
    private let origin: Reading
    private let nanosecondsPerTick: Double

    /// A converter for every tick read before this call.
    package init() {
      let origin = StepTicks.origin
      let now = Reading()
      self.origin = origin
      let ticks = now.ticks &- origin.ticks
      let elapsed = now.sinceEpoch - origin.sinceEpoch
      // Too soon after the origin to know the rate: the counters that the conversion serves tick
      // at a nanosecond or less, and a microsecond's error over a few microseconds is no harm.
      nanosecondsPerTick =
        ticks < 1_000 ? 1 : Double(elapsed.nanoseconds) / Double(ticks)
    }

    /// The time since the epoch at which `ticks` were read.
    package func sinceEpoch(_ ticks: UInt64) -> Duration {
      let offset = Int64(bitPattern: ticks &- origin.ticks)
      return origin.sinceEpoch + .nanoseconds(Int64((Double(offset) * nanosecondsPerTick).rounded()))
    }
  }
}

extension Duration {
  /// The whole duration in nanoseconds.
  fileprivate var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}

import Statecraft
import Testing

// Support for the W3C SCXML 1.0 conformance tests translated in `SCXMLConformance/`.
// See `SCXMLConformance/README.md` for which tests are translated and how.

/// The datamodel of a translated test: the IRP's `Var1 … VarN` as integers (0 when unset), and,
/// for the few tests whose variables hold strings (an event name, a delay, a send id), `strings`.
struct W3CContext: Hashable, Sendable {
  /// `VarN` is `vars[N, default: 0]`.
  var vars: [Int: Int] = [:]
  /// String-valued `VarN` (tests 172, 175, 210).
  var strings: [Int: String] = [:]
}

/// A translated test's chart: state ids and events are SCXML's strings.
typealias W3CChart = Statechart<String, String, W3CContext>
typealias W3CAction = ChartAction<String, String, W3CContext>
typealias W3CGuard = @Sendable (ChartGuardInput<String, String, W3CContext>) -> Bool

/// What an action that must fail at runtime throws: the IRP's `<assign>` to an invalid location,
/// `<send>` to an illegal target, which raise `error.execution`.
struct W3CError: Error {}

/// `<conf:incrementID id="N"/>`: `VarN = VarN + 1`.
func increment(_ n: Int) -> W3CAction {
  .assign { $0.vars[n, default: 0] += 1 }
}

/// `<assign conf:location="N" conf:expr="V"/>`: `VarN = V`.
func setVar(_ n: Int, _ value: Int) -> W3CAction {
  .assign { $0.vars[n] = value }
}

/// `<assign conf:location="N" conf:quoteExpr="V"/>`: `VarN = 'V'`.
func setString(_ n: Int, _ value: String) -> W3CAction {
  .assign { $0.strings[n] = value }
}

/// Executable content that fails at runtime and so raises `error.execution` (`conf:invalidLocation`,
/// `conf:illegalTarget`): an assign that throws.
func failingAction() -> W3CAction {
  .assign { _ in throw W3CError() }
}

/// `conf:idVal="N=V"`: `cond="VarN == V"`.
func varEquals(_ n: Int, _ value: Int) -> W3CGuard {
  { $0.context.vars[n, default: 0] == value }
}

/// `conf:inState="S"`: `cond="In('S')"`.
func inState(_ id: String) -> W3CGuard {
  { $0.isIn(id) }
}

/// `conf:false=""`: `cond="false"`.
func condFalse() -> W3CGuard {
  { _ in false }
}

/// A CSS2 time interval as SCXML's `delay` and `delayexpr` give it: `"1s"`, `".5s"`, `"250ms"`.
/// Anything else is no delay.
func cssDuration(_ text: String) -> Duration {
  if text.hasSuffix("ms"), let milliseconds = Double("0" + String(text.dropLast(2))) {
    return .milliseconds(Int(milliseconds.rounded()))
  }
  if text.hasSuffix("s"), let seconds = Double("0" + String(text.dropLast())) {
    return .milliseconds(Int((seconds * 1_000).rounded()))
  }
  return .zero
}

/// Starts the chart and lets up to `time` of its clock pass, firing its timers in order.
func run(_ chart: W3CChart, for time: Duration = .seconds(60)) -> ChartSnapshot<String, String, W3CContext> {
  let start = chart.initialTransition().snapshot
  return chart.advance(start, by: time).snapshot
}

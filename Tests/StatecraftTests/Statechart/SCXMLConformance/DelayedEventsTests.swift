import Statecraft
import Testing

/// W3C SCXML 1.0 IRP tests of § 6.2 `<send>` and § 6.3 `<cancel>` that a chart sending events
/// to itself can express, translated from the txml files (see README.md in this folder for the
/// tests left out: send targets and types, event payloads, `idlocation`, `<invoke>`).
@Suite("SCXML conformance: <send> and <cancel> (6.2, 6.3)")
struct SCXMLDelayedEventsTests {
  // MARK: 6.2 <send>

  @Test(
    "172: If 'eventexpr' is present, the SCXML Processor MUST evaluate it when the parent send element is evaluated and treat the result as if it had been entered as the value of 'event'."
  )
  func test172() {
    // Var1 = 'event1' at first; <send conf:eventExpr="1"/> is a send whose event is read from
    // the context when it runs.
    let chart = W3CChart("test172", initial: "s0", context: W3CContext(strings: [1: "event1"])) {
      StateNode("s0") {
        Entry(
          setString(1, "event2"),
          .send(delay: { _ in .zero }, { $0.strings[1] ?? "" }))
        OnEvent(descriptor: "event2", target: "pass")
        OnEvent(descriptor: "*", target: "fail")
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  @Test(
    "175: If 'delayexpr' is present, the SCXML Processor MUST evaluate it when the parent send element is evaluated and treat the result as if it had been entered as the value of 'delay'."
  )
  func test175() {
    // Var1 = '0s' at first; <send conf:delayFromVar="1" event="event2"/> is a send whose delay
    // is read from the context, as a CSS2 time interval, when it runs.
    let chart = W3CChart("test175", initial: "s0", context: W3CContext(strings: [1: "0s"])) {
      StateNode("s0") {
        Entry(
          setString(1, "1s"),
          .send(delay: { cssDuration($0.strings[1] ?? "") }, { _ in "event2" }),
          .send("event1", delay: cssDuration(".5s")))
        OnEvent(descriptor: "event1", target: "s1")
        OnEvent(descriptor: "event2", target: "fail")
      }
      StateNode("s1") {
        OnEvent(descriptor: "event2", target: "pass")
        OnEvent(descriptor: "*", target: "fail")
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  @Test(
    "185: If a delay is specified via 'delay' or 'delayexpr', the SCXML Processor MUST interpret the character string as a time interval. the SCXML Processor MUST dispatch the message only when the delay interval elapses."
  )
  func test185() {
    let chart = W3CChart("test185", initial: "s0", context: W3CContext()) {
      StateNode("s0") {
        Entry(.send("event2", delay: .seconds(1)), .send("event1"))
        OnEvent(descriptor: "event1", target: "s1")
        OnEvent(descriptor: "*", target: "fail")
      }
      StateNode("s1") {
        OnEvent(descriptor: "event2", target: "pass")
        OnEvent(descriptor: "*", target: "fail")
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  // MARK: 6.3 <cancel>

  @Test("208: The Processor SHOULD make its best attempt to cancel all delayed events with the specified id.")
  func test208() {
    let chart = W3CChart("test208", initial: "s0", context: W3CContext()) {
      StateNode("s0") {
        Entry(
          .send("event1", delay: .seconds(1), id: "foo"),
          .send("event2", delay: .milliseconds(1_500)),
          .cancel("foo"))
        OnEvent(descriptor: "event2", target: "pass")
        OnEvent(descriptor: "*", target: "fail")
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  @Test(
    "210: If the 'sendidexpr' attribute is present, the SCXML Processor MUST evaluate it when the parent cancel element is evaluated and treat the result as if it had been entered as the value of 'sendid'."
  )
  func test210() {
    // Var1 = 'bar' at first; <cancel conf:sendIDExpr="1"/> is a cancel whose id is read from the
    // context when it runs.
    let chart = W3CChart("test210", initial: "s0", context: W3CContext(strings: [1: "bar"])) {
      StateNode("s0") {
        Entry(
          .send("event1", delay: .seconds(1), id: "foo"),
          .send("event2", delay: .milliseconds(1_500)),
          setString(1, "foo"),
          .cancel { $0.strings[1] ?? "" })
        OnEvent(descriptor: "event2", target: "pass")
        OnEvent(descriptor: "*", target: "fail")
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }
}

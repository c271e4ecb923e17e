import Statecraft
import Testing

/// W3C SCXML 1.0 IRP tests of § 3.12 SCXML Events and § 4.2 `<raise>`, translated from the txml
/// files (see README.md in this folder).
@Suite("SCXML conformance: events and <raise> (3.12, 4.2)")
struct SCXMLEventsTests {
  // MARK: 3.12 SCXML Events

  @Test(
    "396: The SCXML processor MUST use this same name value [the one reflected in the event variable] to match against the 'event' attribute of transitions."
  )
  func test396() {
    let chart = W3CChart("test396", context: W3CContext()) {
      StateNode("s0") {
        Entry(.raise("foo"))
        // conf:eventNameVal="foo": cond="_event.name == 'foo'"
        OnEvent(descriptor: "foo", target: "pass", guard: { $0.event == "foo" })
        OnEvent(descriptor: "foo", target: "fail")
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
    "399: [Definition: A transition matches an event if at least one of its event descriptors matches the event's name. ] [Definition: An event descriptor matches an event name if its string of tokens is an exact match or a prefix of the set of tokens in the event's name. In all cases, the token matching is case sensitive. ]"
  )
  func test399() {
    let chart = W3CChart("test399", initial: "s0", context: W3CContext()) {
      StateNode("s0", initial: "s01") {
        Entry(.send("timeout", delay: .seconds(2)))
        // this will catch the failure case
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode("s01") {
          Entry(.raise("foo"))
          // test that an event can match against a transition with multiple descriptors
          OnEvent(descriptor: "foo bar", target: "s02")
        }
        StateNode("s02") {
          Entry(.raise("bar"))
          // test that an event can match the second descriptor as well
          OnEvent(descriptor: "foo bar", target: "s03")
        }
        StateNode("s03") {
          Entry(.raise("foo.zoo"))
          // test that a prefix descriptor matches
          OnEvent(descriptor: "foo bar", target: "s04")
        }
        StateNode("s04") {
          Entry(.raise("foos"))
          // test that only token prefixes match
          OnEvent(descriptor: "foo", target: "fail")
          OnEvent(descriptor: "foos", target: "s05")
        }
        StateNode("s05") {
          Entry(.raise("foo.zoo"))
          // test that .* works at the end of a descriptor
          OnEvent(descriptor: "foo.*", target: "s06")
        }
        StateNode("s06") {
          Entry(.raise("foo"))
          // test that "*" works by itself
          OnEvent(descriptor: "*", target: "pass")
        }
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  @Test("401: The processor MUST place these [error] events in the internal event queue.")
  func test401() {
    let chart = W3CChart("test401", initial: "s0", context: W3CContext()) {
      StateNode("s0") {
        // ADAPTED: <assign conf:invalidLocation="" conf:expr="2"/>, an assignment to a
        // non-existent location, is an action that throws.
        Entry(.send("foo"), failingAction())
        OnEvent(descriptor: "foo", target: "fail")
        OnEvent(descriptor: "error", target: "pass")
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  @Test("402: The processor MUST process them [error events] like any other event.")
  func test402() {
    let chart = W3CChart("test402", initial: "s0", context: W3CContext()) {
      StateNode("s0", initial: "s01") {
        // catch the failure case
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode("s01") {
          // the first internal event. The error will be the second, and event2 will be the third.
          // ADAPTED: <assign conf:invalidLocation="" conf:expr="2"/> is an action that throws.
          Entry(.raise("event1"), failingAction())
          OnEvent(descriptor: "event1", target: "s02", actions: [.raise("event2")])
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s02") {
          OnEvent(descriptor: "error", target: "s03")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s03") {
          OnEvent(descriptor: "event2", target: "pass")
          OnEvent(descriptor: "*", target: "fail")
        }
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  // MARK: 4.2 <raise>

  @Test(
    "144: The SCXML processor MUST place the event that is generated by the raise element at the rear of the session's internal event queue."
  )
  func test144() {
    let chart = W3CChart("test144", initial: "s0", context: W3CContext()) {
      StateNode("s0") {
        Entry(.raise("foo"), .raise("bar"))
        OnEvent(descriptor: "foo", target: "s1")
        OnEvent(descriptor: "*", target: "fail")
      }
      StateNode("s1") {
        OnEvent(descriptor: "bar", target: "pass")
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

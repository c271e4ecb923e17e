import Statecraft
import Testing

/// W3C SCXML 1.0 IRP tests of § 3.8 `<onentry>`, § 3.9 `<onexit>` and § 3.10 `<history>`,
/// translated from the txml files (see README.md in this folder).
@Suite("SCXML conformance: <onentry>, <onexit>, <history> (3.8–3.10)")
struct SCXMLEntryExitHistoryTests {
  // MARK: 3.8 <onentry>

  @Test(
    "375: The SCXML processor MUST execute the onentry handlers of a state in document order when the state is entered."
  )
  func test375() {
    let chart = W3CChart("test375", context: W3CContext()) {
      StateNode("s0") {
        Entry(.raise("event1"))
        Entry(.raise("event2"))
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

  @Test("376: The SCXML processor MUST treat each [onentry] handler as a separate block of executable content.")
  func test376() {
    let chart = W3CChart("test376", context: W3CContext(vars: [1: 1])) {
      StateNode("s0") {
        // ADAPTED: <send conf:illegalTarget="" event="event1"/>, which fails at runtime, is an
        // action that throws.
        Entry(failingAction())
        Entry(increment(1))
        Always(target: "pass", guard: varEquals(1, 2))
        Always(target: "fail")
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  // MARK: 3.9 <onexit>

  @Test(
    "377: The SCXML processor MUST execute the onexit handlers of a state in document order when the state is exited.")
  func test377() {
    let chart = W3CChart("test377", context: W3CContext()) {
      StateNode("s0") {
        Exit(.raise("event1"))
        Exit(.raise("event2"))
        Always(target: "s1")
      }
      StateNode("s1") {
        OnEvent(descriptor: "event1", target: "s2")
        OnEvent(descriptor: "*", target: "fail")
      }
      StateNode("s2") {
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

  @Test("378: The SCXML processor MUST treat each [onexit] handler as a separate block of executable content.")
  func test378() {
    let chart = W3CChart("test378", context: W3CContext(vars: [1: 1])) {
      StateNode("s0") {
        // ADAPTED: <send conf:illegalTarget="" event="event1"/>, which fails at runtime, is an
        // action that throws.
        Exit(failingAction())
        Exit(increment(1))
        Always(target: "s1")
      }
      StateNode("s1") {
        Always(target: "pass", guard: varEquals(1, 2))
        Always(target: "fail")
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  // MARK: 3.10 <history>

  @Test(
    "387: Before the parent state has been visited for the first time, if a transition is executed that takes the history state as its target, the SCXML processor MUST behave as if the transition had taken the default stored state configuration as its target."
  )
  func test387() {
    let chart = W3CChart("test387", initial: "s3", context: W3CContext()) {
      StateNode("s0", initial: "s01") {
        OnEvent(descriptor: "enteringS011", target: "s4")
        OnEvent(descriptor: "*", target: "fail")
        StateNode(history: "s0HistShallow", .shallow, default: "s01")
        StateNode(history: "s0HistDeep", .deep, default: "s022")
        StateNode("s01", initial: "s011") {
          StateNode("s011") {
            Entry(.raise("enteringS011"))
          }
          StateNode("s012") {
            Entry(.raise("enteringS012"))
          }
        }
        StateNode("s02", initial: "s021") {
          StateNode("s021") {
            Entry(.raise("enteringS021"))
          }
          StateNode("s022") {
            Entry(.raise("enteringS022"))
          }
        }
      }
      StateNode("s1", initial: "s11") {
        OnEvent(descriptor: "enteringS122", target: "pass")
        OnEvent(descriptor: "*", target: "fail")
        StateNode(history: "s1HistShallow", .shallow, default: "s11")
        StateNode(history: "s1HistDeep", .deep, default: "s122")
        StateNode("s11", initial: "s111") {
          StateNode("s111") {
            Entry(.raise("enteringS111"))
          }
          StateNode("s112") {
            Entry(.raise("enteringS112"))
          }
        }
        StateNode("s12", initial: "s121") {
          StateNode("s121") {
            Entry(.raise("enteringS121"))
          }
          StateNode("s122") {
            Entry(.raise("enteringS122"))
          }
        }
      }
      StateNode("s3") {
        Entry(.send("timeout", delay: .seconds(1)))
        Always(target: "s0HistShallow")
      }
      StateNode("s4") {
        Always(target: "s1HistDeep")
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
    "579: Before the parent state has been visited for the first time, if a transition is executed that takes the history state as its target, the SCXML processor MUST execute any executable content in the transition after the parent state's onentry content and any content in a possible initial transition."
  )
  func test579() {
    // Var1 is declared in s0's own <datamodel> (Var1 = 0); the context holds it.
    let chart = W3CChart("test579", initial: "s0", context: W3CContext(vars: [1: 0])) {
      StateNode("s0") {
        Initial("sh1", actions: [.raise("event2")])
        Entry(.send("timeout", delay: .seconds(1)), .raise("event1"))
        Exit(increment(1))
        StateNode(history: "sh1", default: "s01", actions: [.raise("event3")])
        StateNode("s01") {
          OnEvent(descriptor: "event1", target: "s02")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s02") {
          OnEvent(descriptor: "event2", target: "s03")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s03") {
          OnEvent(descriptor: "event3", target: "s0", guard: varEquals(1, 0))
          OnEvent(descriptor: "event1", target: "s2", guard: varEquals(1, 1))
          OnEvent(descriptor: "*", target: "fail")
        }
      }
      StateNode("s2") {
        OnEvent(descriptor: "event2", target: "s3")
        OnEvent(descriptor: "*", target: "fail")
      }
      StateNode("s3") {
        OnEvent(descriptor: "event3", target: "fail")
        // The delayed timeout is the pass signal here, not a watchdog.
        OnEvent(descriptor: "timeout", target: "pass")
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  @Test("580: It follows from the semantics of history states that they never end up in the state configuration")
  func test580() {
    let chart = W3CChart("test580", initial: "p1", context: W3CContext(vars: [1: 0])) {
      StateNode(parallel: "p1") {
        Entry(.send("timeout", delay: .seconds(2)))
        StateNode("s0") {
          Always(target: "fail", guard: inState("sh1"))
          OnEvent(descriptor: "timeout", target: "fail")
        }
        StateNode("s1") {
          Initial("sh1")
          StateNode(history: "sh1", default: "s11")
          StateNode("s11") {
            Always(target: "fail", guard: inState("sh1"))
            Always(target: "s12")
          }
          StateNode("s12")
          Always(target: "fail", guard: inState("sh1"))
          Always(target: "sh1", guard: varEquals(1, 0))
          Always(target: "pass", guard: varEquals(1, 1))
          Exit(increment(1))
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

  @Test(
    "388: After the parent state has been visited for the first time, if a transition is executed that takes the history state as its target, the SCXML processor MUST behave as if the transition had taken the stored state configuration as its target."
  )
  func test388() {
    // Var1 counts how many times s0 has been entered.
    let chart = W3CChart("test388", initial: "s012", context: W3CContext(vars: [1: 0])) {
      StateNode("s0", initial: "s01") {
        Entry(increment(1))
        // the first time through, go to s1, setting a timer just in case something hangs
        OnEvent(
          descriptor: "entering.s012", target: "s1", guard: varEquals(1, 1),
          actions: [.send("timeout", delay: .seconds(2))])
        // the second time, we should get entering.s012. If so, go to s2, otherwise fail
        OnEvent(descriptor: "entering.s012", target: "s2", guard: varEquals(1, 2))
        OnEvent(descriptor: "entering", target: "fail", guard: varEquals(1, 2))
        // the third time we should get entering-s011. If so, pass, otherwise fail
        OnEvent(descriptor: "entering.s011", target: "pass", guard: varEquals(1, 3))
        OnEvent(descriptor: "entering", target: "fail", guard: varEquals(1, 3))
        // if we timeout, the state machine is hung somewhere, so fail
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode(history: "s0HistShallow", .shallow, default: "s02")
        StateNode(history: "s0HistDeep", .deep, default: "s022")
        StateNode("s01", initial: "s011") {
          StateNode("s011") {
            Entry(.raise("entering.s011"))
          }
          StateNode("s012") {
            Entry(.raise("entering.s012"))
          }
        }
        StateNode("s02", initial: "s021") {
          StateNode("s021") {
            Entry(.raise("entering.s021"))
          }
          StateNode("s022") {
            Entry(.raise("entering.s022"))
          }
        }
      }
      StateNode("s1") {
        Always(target: "s0HistDeep")
      }
      StateNode("s2") {
        Always(target: "s0HistShallow")
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

import Statecraft
import Testing

/// W3C SCXML 1.0 IRP tests of § 3.2 `<scxml>`, § 3.3 `<state>` and § 3.7 `<final>`, translated
/// from the txml files (see README.md in this folder).
@Suite("SCXML conformance: <scxml>, <state>, <final> (3.2, 3.3, 3.7)")
struct SCXMLInitialStatesFinalTests {
  // MARK: 3.2 <scxml>

  @Test(
    "355: At system initialization time, if the 'initial' attribute is not present, the Processor MUST enter the first state in document order."
  )
  func test355() {
    let chart = W3CChart("test355", context: W3CContext()) {
      StateNode("s0") {
        Always(target: "pass")
      }
      StateNode("s1") {
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

  @Test(
    "576: At system initialization time, the SCXML Processor MUST enter the states specified by the 'initial' attribute, if it is present."
  )
  func test576() {
    let chart = W3CChart("test576", initialStates: ["s11p112", "s11p122"], context: W3CContext()) {
      StateNode("s0") {
        Always(target: "fail")
      }
      StateNode("s1") {
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode("s11", initial: "s111") {
          StateNode("s111")
          StateNode(parallel: "s11p1") {
            StateNode("s11p11", initial: "s11p111") {
              StateNode("s11p111")
              StateNode("s11p112") {
                Entry(.raise("In-s11p112"))
              }
            }
            StateNode("s11p12", initial: "s11p121") {
              StateNode("s11p121")
              StateNode("s11p122") {
                OnEvent(descriptor: "In-s11p112", target: "pass")
              }
            }
          }
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

  // MARK: 3.3 <state>

  @Test(
    "364: Definition: The default initial state(s) of a compound state are those specified by the 'initial' attribute or initial element, if either is present. Otherwise it is the state's first child state in document order. If a compound state is entered either as an initial state or as the target of a transition (i.e. and no descendent of it is specified), then the SCXML Processor MUST enter the default initial state(s) after it enters the parent state."
  )
  func test364() {
    let chart = W3CChart("test364", initial: "s1", context: W3CContext()) {
      StateNode("s1", initialStates: ["s11p112", "s11p122"]) {
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode("s11", initial: "s111") {
          StateNode("s111")
          StateNode(parallel: "s11p1") {
            StateNode("s11p11", initial: "s11p111") {
              StateNode("s11p111")
              StateNode("s11p112") {
                Entry(.raise("In-s11p112"))
              }
            }
            StateNode("s11p12", initial: "s11p121") {
              StateNode("s11p121")
              StateNode("s11p122") {
                OnEvent(descriptor: "In-s11p112", target: "s2")
              }
            }
          }
        }
      }
      StateNode("s2") {
        Initial("s21p112", "s21p122")
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode("s21", initial: "s211") {
          StateNode("s211")
          StateNode(parallel: "s21p1") {
            StateNode("s21p11", initial: "s21p111") {
              StateNode("s21p111")
              StateNode("s21p112") {
                Entry(.raise("In-s21p112"))
              }
            }
            StateNode("s21p12", initial: "s21p121") {
              StateNode("s21p121")
              StateNode("s21p122") {
                OnEvent(descriptor: "In-s21p112", target: "s3")
              }
            }
          }
        }
      }
      // The txml's tags are mis-indented: s312 and s32 are children of s311, as here.
      StateNode("s3") {
        Always(target: "fail")
        StateNode("s31") {
          StateNode("s311") {
            StateNode("s3111") {
              Always(target: "pass")
            }
            StateNode("s3112")
            StateNode("s312")
            StateNode("s32")
          }
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

  // MARK: 3.7 <final>

  @Test(
    "372: When the state machine enters the final child of a state element, the SCXML processor MUST generate the event done.state.id after completion of the onentry elements, where id is the id of the parent state."
  )
  func test372() {
    let chart = W3CChart("test372", context: W3CContext(vars: [1: 1])) {
      StateNode("s0", initial: "s0final") {
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "done.state.s0", target: "pass", guard: varEquals(1, 2))
        OnEvent(descriptor: "*", target: "fail")
        StateNode(final: "s0final") {
          Entry(setVar(1, 2))
          Exit(setVar(1, 3))
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
    "570: Immediately after generating done.state.id upon entering a final child of state, if the parent state is a child of a parallel element, and all of the parallel's other children are also in final states, the Processor MUST generate the event done.state.id where id is the id of the parallel element."
  )
  func test570() {
    let chart = W3CChart("test570", initial: "p0", context: W3CContext(vars: [1: 0])) {
      StateNode(parallel: "p0") {
        Entry(.send("timeout", delay: .seconds(2)), .raise("e1"), .raise("e2"))
        // record that we get the first done event
        OnEvent(descriptor: "done.state.p0s1", actions: [setVar(1, 1)])
        // we should get the second done event before done.state.p0
        OnEvent(descriptor: "done.state.p0s2", target: "s1")
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode("p0s1", initial: "p0s11") {
          StateNode("p0s11") {
            OnEvent(descriptor: "e1", target: "p0s1final")
          }
          StateNode(final: "p0s1final")
        }
        StateNode("p0s2", initial: "p0s21") {
          StateNode("p0s21") {
            OnEvent(descriptor: "e2", target: "p0s2final")
          }
          StateNode(final: "p0s2final")
        }
      }
      StateNode("s1") {
        // if we get done.state.p0, success
        OnEvent(descriptor: "done.state.p0", target: "pass", guard: varEquals(1, 1))
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

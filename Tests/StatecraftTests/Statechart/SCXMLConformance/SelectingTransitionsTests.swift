import Statecraft
import Testing

/// W3C SCXML 1.0 IRP tests of § 3.13 Selecting and Executing Transitions, translated from the
/// txml files (see README.md in this folder). Left out: 409 and 411 (`In()` inside `<if>`: an
/// action's condition cannot read the configuration) and 422 (`<invoke>` of SCXML child sessions).
@Suite("SCXML conformance: selecting and executing transitions (3.13)")
struct SCXMLSelectingTransitionsTests {
  @Test(
    "403a: To execute a microstep, the SCXML Processor MUST execute the transitions in the corresponding optimal enabled transition set, where the optimal transition set enabled by event E in state configuration C is the largest set of transitions such that a) each transition in the set is optimally enabled by E in an atomic state in C b) no transition conflicts with another transition in the set c) there is no optimally enabled transition outside the set that has a higher priority than some member of the set."
  )
  func test403a() {
    let chart = W3CChart("test403a", initial: "s0", context: W3CContext()) {
      StateNode("s0", initial: "s01") {
        // catch the failure case
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "timeout", target: "fail")
        OnEvent(descriptor: "event1", target: "fail")
        OnEvent(descriptor: "event2", target: "pass")
        StateNode("s01") {
          // this should be caught by the first transition in this state, taking us to S02
          Entry(.raise("event1"))
          OnEvent(descriptor: "event1", target: "s02")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s02") {
          // since the local transition has a cond that evaluates to false this should be caught
          // by a transition in the parent state, taking us to pass
          Entry(.raise("event2"))
          OnEvent(descriptor: "event1", target: "fail")
          OnEvent(descriptor: "event2", target: "fail", guard: condFalse())
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
    "403b: To execute a microstep, the SCXML Processor MUST execute the transitions in the corresponding optimal enabled transition set, where the optimal transition set enabled by event E in state configuration C is the largest set of transitions such that a) each transition in the set is optimally enabled by E in an atomic state in C b) no transition conflicts with another transition in the set c) there is no optimally enabled transition outside the set that has a higher priority than some member of the set."
  )
  func test403b() {
    let chart = W3CChart("test403b", initial: "s0", context: W3CContext(vars: [1: 0])) {
      StateNode("s0", initial: "p0") {
        // this transition should never be taken because a transition in a lower state should
        // always be selected
        OnEvent(descriptor: "event1", actions: [increment(1)])
        StateNode(parallel: "p0") {
          Entry(.raise("event1"), .raise("event2"))
          // this transition will be selected by both states p0s1 and p0s2, but should be
          // executed only once
          OnEvent(descriptor: "event1", actions: [increment(1)])
          StateNode("p0s1") {
            OnEvent(descriptor: "event2", target: "pass", guard: varEquals(1, 1))
            OnEvent(descriptor: "event2", target: "fail")
          }
          StateNode("p0s2")
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
    "403c: To execute a microstep, the SCXML Processor MUST execute the transitions in the corresponding optimal enabled transition set, where the optimal transition set enabled by event E in state configuration C is the largest set of transitions such that a) each transition in the set is optimally enabled by E in an atomic state in C b) no transition conflicts with another transition in the set c) there is no optimally enabled transition outside the set that has a higher priority than some member of the set."
  )
  func test403c() {
    let chart = W3CChart("test403c", initial: "s0", context: W3CContext(vars: [1: 0])) {
      StateNode("s0", initial: "p0") {
        Entry(.raise("event1"), .send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "event2", target: "fail")
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode(parallel: "p0") {
          StateNode("p0s1") {
            OnEvent(descriptor: "event1")
            OnEvent(descriptor: "event2")
          }
          StateNode("p0s2") {
            OnEvent(descriptor: "event1", target: "p0s1", actions: [.raise("event2")])
          }
          StateNode("p0s3") {
            // this transition should be blocked by the one in p0s2
            OnEvent(descriptor: "event1", target: "fail")
            // this transition will preempt the one that p0s2 inherits from an ancestor
            OnEvent(descriptor: "event2", target: "s1")
          }
          StateNode("p0s4") {
            // this transition never gets preempted, should fire twice
            OnEvent(descriptor: "*", actions: [increment(1)])
          }
        }
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

  @Test(
    "404: To execute a set of transitions, the SCXML Processor MUST first exit all the states in the transitions' exit set in exit order."
  )
  func test404() {
    let chart = W3CChart("test404", initial: "s0", context: W3CContext()) {
      StateNode("s0", initial: "s01p") {
        StateNode(parallel: "s01p") {
          // this should be the 3rd event raised
          Exit(.raise("event3"))
          // this should be the fourth event raised
          Always(target: "s02", actions: [.raise("event4")])
          StateNode("s01p1") {
            // this should be the second event raised
            Exit(.raise("event2"))
          }
          StateNode("s01p2") {
            // this should be the first event raised
            Exit(.raise("event1"))
          }
        }
        StateNode("s02") {
          OnEvent(descriptor: "event1", target: "s03")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s03") {
          OnEvent(descriptor: "event2", target: "s04")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s04") {
          OnEvent(descriptor: "event3", target: "s05")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s05") {
          OnEvent(descriptor: "event4", target: "pass")
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

  @Test(
    "405: [the SCXML Processor executing a set of transitions] MUST then [after the onexits] execute the executable content contained in the transitions in document order."
  )
  func test405() {
    let chart = W3CChart("test405", initial: "s0", context: W3CContext()) {
      StateNode("s0", initial: "s01p") {
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode(parallel: "s01p") {
          OnEvent(descriptor: "event1", target: "s02")
          StateNode("s01p1", initial: "s01p11") {
            StateNode("s01p11") {
              // this should be the second event raised
              Exit(.raise("event2"))
              // this should be the third event raised
              Always(target: "s01p12", actions: [.raise("event3")])
            }
            StateNode("s01p12")
          }
          StateNode("s01p2", initial: "s01p21") {
            StateNode("s01p21") {
              // this should be the first event raised
              Exit(.raise("event1"))
              // this should be the fourth event raised
              Always(target: "s01p22", actions: [.raise("event4")])
            }
            StateNode("s01p22")
          }
        }
        StateNode("s02") {
          OnEvent(descriptor: "event2", target: "s03")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s03") {
          OnEvent(descriptor: "event3", target: "s04")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s04") {
          OnEvent(descriptor: "event4", target: "pass")
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

  @Test(
    "406: [the SCXML Processor executing a set of transitions] MUST then [after the exits and the transitions] enter the states in the transitions' entry set in entry order."
  )
  func test406() {
    let chart = W3CChart("test406", initial: "s0", context: W3CContext()) {
      StateNode("s0", initial: "s01") {
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode("s01") {
          // this should be the first event raised
          Always(target: "s0p2", actions: [.raise("event1")])
        }
        StateNode(parallel: "s0p2") {
          OnEvent(descriptor: "event1", target: "s03")
          StateNode("s01p21") {
            // third event
            Entry(.raise("event3"))
          }
          StateNode("s01p22") {
            // the fourth event
            Entry(.raise("event4"))
          }
          // this should be the second event raised (the onentry follows the children in the txml)
          Entry(.raise("event2"))
        }
        StateNode("s03") {
          OnEvent(descriptor: "event2", target: "s04")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s04") {
          OnEvent(descriptor: "event3", target: "s05")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s05") {
          OnEvent(descriptor: "event4", target: "pass")
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

  @Test("407: To exit a state, the SCXML Processor MUST execute the executable content in the state's onexit handler.")
  func test407() {
    let chart = W3CChart("test407", initial: "s0", context: W3CContext(vars: [1: 0])) {
      StateNode("s0") {
        Exit(increment(1))
        Always(target: "s1")
      }
      StateNode("s1") {
        Always(target: "pass", guard: varEquals(1, 1))
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
    "409: Finally [after the onexits and canceling the invocations], the Processor MUST remove the state from the active state's list."
  )
  func test409() {
    let chart = W3CChart("test409", initial: "s0", context: W3CContext()) {
      StateNode("s0", initial: "s01") {
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "timeout", target: "pass")
        OnEvent(descriptor: "event1", target: "fail")
        StateNode("s01", initial: "s011") {
          Exit(.choose(if: { $0.isIn("s011") }, then: [.raise("event1")]))
          StateNode("s011") {
            Always(target: "s02")
          }
        }
        StateNode("s02")
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
    "411: To enter a state, the SCXML Processor MUST add the state to the active state's list. Then it MUST execute the executable content in the state's onentry handler."
  )
  func test411() {
    let chart = W3CChart("test411", initial: "s0", context: W3CContext()) {
      StateNode("s0", initial: "s01") {
        Entry(.send("timeout", delay: .seconds(1)), .choose(if: { $0.isIn("s01") }, then: [.raise("event1")]))
        OnEvent(descriptor: "timeout", target: "fail")
        OnEvent(descriptor: "event1", target: "fail")
        OnEvent(descriptor: "event2", target: "pass")
        StateNode("s01") {
          Entry(.choose(if: { $0.isIn("s01") }, then: [.raise("event2")]))
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
    "412: If the state is a default entry state and has an initial child, the SCXML Processor MUST then [after doing the active state add and the onentry handlers] execute the executable content in the initial child's transition."
  )
  func test412() {
    let chart = W3CChart("test412", initial: "s0", context: W3CContext()) {
      StateNode("s0", initial: "s01") {
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "timeout", target: "fail")
        OnEvent(descriptor: "event1", target: "fail")
        OnEvent(descriptor: "event2", target: "pass")
        StateNode("s01") {
          Entry(.raise("event1"))
          Initial("s011", actions: [.raise("event2")])
          StateNode("s011") {
            Entry(.raise("event3"))
            Always(target: "s02")
          }
        }
        StateNode("s02") {
          OnEvent(descriptor: "event1", target: "s03")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s03") {
          OnEvent(descriptor: "event2", target: "s04")
          OnEvent(descriptor: "*", target: "fail")
        }
        StateNode("s04") {
          OnEvent(descriptor: "event3", target: "pass")
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

  @Test(
    "413: At startup, the SCXML Processor MUST place the state machine in the configuration specified by the 'initial' attribute of the scxml element."
  )
  func test413() {
    let chart = W3CChart("test413", initialStates: ["s2p112", "s2p122"], context: W3CContext()) {
      StateNode("s1") {
        Always(target: "fail")
      }
      StateNode("s2", initial: "s2p1") {
        StateNode(parallel: "s2p1") {
          // this transition will be triggered only if we end up in an illegal configuration
          // where we're in either s2p112 or s2p122, but not both of them
          Always(target: "fail")
          StateNode("s2p11", initial: "s2p111") {
            StateNode("s2p111") {
              Always(target: "fail")
            }
            StateNode("s2p112") {
              Always(target: "pass", guard: inState("s2p122"))
            }
          }
          StateNode("s2p12", initial: "s2p121") {
            StateNode("s2p121") {
              Always(target: "fail")
            }
            StateNode("s2p122") {
              Always(target: "pass", guard: inState("s2p112"))
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

  @Test(
    "415: If it [the SCXML Processor] has entered a final state that is a child of scxml [during the last microstep], it MUST halt processing."
  )
  func test415() {
    // A manual test in the IRP, with no pass or fail state: the chart must halt in "final"
    // without processing event1, raised by that state's onentry.
    let chart = W3CChart("test415", initial: "final", context: W3CContext()) {
      StateNode(final: "final") {
        Entry(.raise("event1"))
      }
    }
    #expect(chart.validate().isEmpty)
    let start = chart.initialTransition()
    #expect(start.snapshot.isDone)
    #expect(start.snapshot.configuration == ["final"])
    #expect(start.snapshot.timers.isEmpty)
    // A halted chart processes no more events.
    let after = chart.transition(from: start.snapshot, on: "event1")
    #expect(!after.handled)
    #expect(after.snapshot.configuration == ["final"])
  }

  @Test(
    "416: If it [the SCXML processor] has entered a final state that is a child of a compound state [during the last microstep], it MUST generate the event done.state.id, where id is the id of the compound state."
  )
  func test416() {
    let chart = W3CChart("test416", initial: "s1", context: W3CContext()) {
      StateNode("s1", initial: "s11") {
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode("s11", initial: "s111") {
          OnEvent(descriptor: "done.state.s11", target: "pass")
          StateNode("s111") {
            Always(target: "s11final")
          }
          StateNode(final: "s11final")
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
    "417: If the compound state [which has the final element that we entered this microstep] is itself the child of a parallel element, and all the parallel element's other children are in final states, the Processor MUST generate the event done.state.id, where id is the id of the parallel element."
  )
  func test417() {
    let chart = W3CChart("test417", initial: "s1", context: W3CContext()) {
      StateNode("s1", initial: "s1p1") {
        Entry(.send("timeout", delay: .seconds(1)))
        OnEvent(descriptor: "timeout", target: "fail")
        StateNode(parallel: "s1p1") {
          OnEvent(descriptor: "done.state.s1p1", target: "pass")
          StateNode("s1p11", initial: "s1p111") {
            StateNode("s1p111") {
              Always(target: "s1p11final")
            }
            StateNode(final: "s1p11final")
          }
          StateNode("s1p12", initial: "s1p121") {
            StateNode("s1p121") {
              Always(target: "s1p12final")
            }
            StateNode(final: "s1p12final")
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

  @Test(
    "419: After checking the state configuration, the Processor MUST select the optimal transition set enabled by NULL in the current configuration. If the [optimal transition] set [enabled by NULL in the current configuration] is not empty, it [the SCXML Processor] MUST execute it [the set] as a microstep."
  )
  func test419() {
    let chart = W3CChart("test419", initial: "s1", context: W3CContext()) {
      StateNode("s1") {
        Entry(.raise("internalEvent"), .send("externalEvent"))
        OnEvent(descriptor: "*", target: "fail")
        Always(target: "pass")
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
    "421: If the set (of eventless transitions) is empty, the Processor MUST remove events from the internal event queue until the queue is empty or it finds an event that enables a non-empty optimal transition set in the current configuration. If it finds such a set [a non-empty optimal transition set], the processor MUST then execute it as a microstep."
  )
  func test421() {
    let chart = W3CChart("test421", initial: "s1", context: W3CContext()) {
      StateNode("s1", initial: "s11") {
        Entry(
          .send("externalEvent"),
          .raise("internalEvent1"),
          .raise("internalEvent2"),
          .raise("internalEvent3"),
          .raise("internalEvent4"))
        OnEvent(descriptor: "externalEvent", target: "fail")
        StateNode("s11") {
          OnEvent(descriptor: "internalEvent3", target: "s12")
        }
        StateNode("s12") {
          OnEvent(descriptor: "internalEvent4", target: "pass")
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

  // 422 is left out: it needs <invoke> of inline SCXML child sessions that send to #_parent.

  @Test(
    "423: Then [after invoking the new invoke handlers since the last macrostep] the Processor MUST remove events from the external event queue, waiting till events appear if necessary, until it finds one that enables a non-empty optimal transition set in the current configuration. The Processor MUST then execute that set [the enabled non-empty optimal transition set in the current configuration triggered by an external event] as a microstep."
  )
  func test423() {
    let chart = W3CChart("test423", initial: "s0", context: W3CContext()) {
      StateNode("s0") {
        Entry(
          .send("externalEvent1"),
          .send("externalEvent2", delay: .seconds(1)),
          .raise("internalEvent"))
        // in this state we should process only internalEvent
        OnEvent(descriptor: "internalEvent", target: "s1")
        OnEvent(descriptor: "*", target: "fail")
      }
      StateNode("s1") {
        // in this state we ignore externalEvent1 and wait for externalEvent2
        OnEvent(descriptor: "externalEvent2", target: "pass")
        OnEvent(descriptor: "internalEvent", target: "fail")
      }
      StateNode(final: "pass")
      StateNode(final: "fail")
    }
    #expect(chart.validate().isEmpty)
    let end = run(chart)
    #expect(end.isIn("pass"), "\(end)")
    #expect(!end.isIn("fail"))
  }

  @Test("503: If the transition does not contain a 'target', its exit set is empty.")
  func test503() {
    // Var1: how often we have exited s2; Var2: how often the targetless transition in s2 ran.
    let chart = W3CChart("test503", initial: "s1", context: W3CContext(vars: [1: 0, 2: 0])) {
      StateNode("s1") {
        Entry(.raise("foo"), .raise("bar"))
        Always(target: "s2")
      }
      StateNode("s2") {
        Exit(increment(1))
        OnEvent(descriptor: "foo", actions: [increment(2)])
        // make sure the transition on foo was actually taken
        OnEvent(descriptor: "bar", target: "s3", guard: varEquals(2, 1))
        OnEvent(descriptor: "bar", target: "fail")
      }
      StateNode("s3") {
        // make sure that s2 was exited only once
        Always(target: "pass", guard: varEquals(1, 1))
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
    "504: if [a transition's] 'type' is \"external\", its exit set consists of all active states that are proper descendents of the Least Common Compound Ancestor (LCCA) of the source and target states."
  )
  func test504() {
    // Var1: exits of p; Var2: exits of ps1; Var3: exits of ps2; Var4: foo transitions taken;
    // Var5: exits of s2.
    let chart = W3CChart(
      "test504", initial: "s1", context: W3CContext(vars: [1: 0, 2: 0, 3: 0, 4: 0, 5: 0])
    ) {
      StateNode("s1") {
        Entry(.raise("foo"), .raise("bar"))
        Always(target: "p")
      }
      StateNode("s2") {
        Exit(increment(5))
        StateNode(parallel: "p") {
          Exit(increment(1))
          OnEvent(descriptor: "foo", target: "ps1", actions: [increment(4)])
          // make sure the transition on foo was actually taken
          OnEvent(descriptor: "bar", target: "s3", guard: varEquals(4, 1))
          OnEvent(descriptor: "bar", target: "fail")
          StateNode("ps1") {
            Exit(increment(2))
          }
          StateNode("ps2") {
            Exit(increment(3))
          }
        }
      }
      StateNode("s3") {
        // make sure that p was exited twice
        Always(target: "s4", guard: varEquals(1, 2))
        Always(target: "fail")
      }
      StateNode("s4") {
        // make sure that ps1 was exited twice
        Always(target: "s5", guard: varEquals(2, 2))
        Always(target: "fail")
      }
      StateNode("s5") {
        // make sure that ps2 was exited twice
        Always(target: "s6", guard: varEquals(3, 2))
        Always(target: "fail")
      }
      StateNode("s6") {
        // make sure that s2 was exited once (the txml comment says s1)
        Always(target: "pass", guard: varEquals(5, 1))
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
    "505: Otherwise, if the transition has 'type' \"internal\", its source state is a compound state and all its target states are proper descendents of its source state, the target set consists of all active states that are proper descendents of its source state."
  )
  func test505() {
    // Var1: exits of s1; Var2: exits of s11; Var3: foo transitions taken.
    let chart = W3CChart("test505", initial: "s1", context: W3CContext(vars: [1: 0, 2: 0, 3: 0])) {
      StateNode("s1") {
        Entry(.raise("foo"), .raise("bar"))
        Exit(increment(1))
        OnEvent(descriptor: "foo", target: "s11", type: .internal, actions: [increment(3)])
        // make sure the transition on foo was actually taken
        OnEvent(descriptor: "bar", target: "s2", guard: varEquals(3, 1))
        OnEvent(descriptor: "bar", target: "fail")
        StateNode("s11") {
          Exit(increment(2))
        }
      }
      StateNode("s2") {
        // make sure that s1 was exited once
        Always(target: "s3", guard: varEquals(1, 1))
        Always(target: "fail")
      }
      StateNode("s3") {
        // make sure that s11 was exited twice
        Always(target: "pass", guard: varEquals(2, 2))
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
    "506: If a transition has 'type' of \"internal\", but its source state is not a compound state or its target states are not all proper descendents of its source state, its exit set is defined as if it had 'type' of \"external\"."
  )
  func test506() {
    // Var1: exits of s2; Var2: exits of s21; Var3: foo transitions taken.
    let chart = W3CChart("test506", initial: "s1", context: W3CContext(vars: [1: 0, 2: 0, 3: 0])) {
      StateNode("s1") {
        Entry(.raise("foo"), .raise("bar"))
        Always(target: "s2")
      }
      StateNode("s2", initial: "s21") {
        Exit(increment(1))
        OnEvent(descriptor: "foo", target: "s2", type: .internal, actions: [increment(3)])
        // make sure the transition on foo was actually taken
        OnEvent(descriptor: "bar", target: "s3", guard: varEquals(3, 1))
        OnEvent(descriptor: "bar", target: "fail")
        StateNode("s21") {
          Exit(increment(2))
        }
      }
      StateNode("s3") {
        // make sure that s2 was exited twice
        Always(target: "s4", guard: varEquals(1, 2))
        Always(target: "fail")
      }
      StateNode("s4") {
        // make sure that s21 was exited twice
        Always(target: "pass", guard: varEquals(2, 2))
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
    "533: If a transition has 'type' of \"internal\", but its source state is not a compound state, its exit set is defined as if it had 'type' of \"external\"."
  )
  func test533() {
    // Var1: exits of p; Var2: exits of ps1; Var3: exits of ps2; Var4: foo transitions taken.
    let chart = W3CChart(
      "test533", initial: "s1", context: W3CContext(vars: [1: 0, 2: 0, 3: 0, 4: 0])
    ) {
      StateNode("s1") {
        Entry(.raise("foo"), .raise("bar"))
        Always(target: "p")
      }
      StateNode(parallel: "p") {
        Exit(increment(1))
        OnEvent(descriptor: "foo", target: "ps1", type: .internal, actions: [increment(4)])
        // make sure the transition on foo was actually taken
        OnEvent(descriptor: "bar", target: "s2", guard: varEquals(4, 1))
        OnEvent(descriptor: "bar", target: "fail")
        StateNode("ps1") {
          Exit(increment(2))
        }
        StateNode("ps2") {
          Exit(increment(3))
        }
      }
      StateNode("s2") {
        // make sure that p was exited twice
        Always(target: "s3", guard: varEquals(1, 2))
        Always(target: "fail")
      }
      StateNode("s3") {
        // make sure that ps1 was exited twice
        Always(target: "s4", guard: varEquals(2, 2))
        Always(target: "fail")
      }
      StateNode("s4") {
        // make sure that ps2 was exited twice
        Always(target: "pass", guard: varEquals(3, 2))
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
}

import Clocks
import ConcurrencyExtras
import Statecraft

/// A media player statechart: a compound `active` state with deep history, a parallel `media` state
/// (playback and audio regions), a delayed auto-pause, and a final state, run on a test clock.
enum PlayerDemo {
  static let demo = Demo(
    name: "player",
    summary:
      "statecharts: a media player with deep history, parallel regions and an auto-pause; --mermaid or --dot exports it",
    run: run,
    chart: ChartExports(mermaid: chart.mermaid, dot: chart.dot)
  )

  enum Player: String, Hashable, Sendable, Codable {
    case off, active, media, playback, playing, paused, audio, unmuted, muted, resume, standby, ejected
  }

  enum Control: Hashable, Sendable, Codable {
    case powerOn, play, pause, mute, unmute, volumeUp, standby, wake, eject
  }

  struct Settings: Hashable, Sendable, Codable {
    var volume = 5
  }

  static let chart = Statechart<Player, Control, Settings>("player", initial: .off, context: Settings()) {
    StateNode(.off) {
      OnEvent(.powerOn, target: .active)
    }
    StateNode(.active, initial: .media) {
      StateNode(parallel: .media) {
        StateNode(.playback, initial: .playing) {
          StateNode(.playing) {
            Entry(.output("startAudio"))
            Exit(.output("stopAudio"))
            OnEvent(.pause, target: .paused)
            After(.seconds(30), target: .paused, actions: [.output("autoPause")])
          }
          StateNode(.paused) {
            OnEvent(.play, target: .playing)
          }
        }
        StateNode(.audio, initial: .unmuted) {
          StateNode(.unmuted) {
            OnEvent(.mute, target: .muted)
            OnEvent(
              .volumeUp, guard: { $0.context.volume < 10 },
              actions: [.assign { $0.volume += 1 }, .output("volumeChanged")])
          }
          StateNode(.muted) {
            OnEvent(.unmute, target: .unmuted)
          }
        }
      }
      // Remembers both regions, down to their atomic states, when `active` exits.
      StateNode(history: .resume, .deep)
      OnEvent(.standby, target: .standby)
      OnEvent(.eject, target: .ejected)
    }
    StateNode(.standby) {
      OnEvent(.wake, target: .resume)
    }
    StateNode(final: .ejected) {
      Entry(.output("ejectDisc"))
    }
  }

  @MainActor
  static func run() async {
    // Every task runs on the main executor in FIFO order, so the output is the same on every run.
    await withMainSerialExecutor {
      let clock = TestClock()
      let player = AsyncStatechartSequence(chart, clock: clock) { output, settings in
        print("    action: \(output) (volume \(settings.volume))")
      }
      var snapshots = player.makeAsyncIterator()
      func show() async {
        guard let snapshot = await snapshots.next() else { return }
        let states = snapshot.configuration.map(\.rawValue).joined(separator: ", ")
        print("  → [\(states)]\(snapshot.isDone ? " done" : "")")
      }

      print("A media player: playback and audio run in parallel; standby remembers both.\n")
      print("start")
      await show()
      for control in [Control.powerOn, .volumeUp, .mute, .pause, .standby, .wake, .play] {
        print(control)
        await player.send(control)
        await show()
      }
      print("30 seconds pass")
      await clock.advance(by: .seconds(30))
      await show()
      print("eject")
      await player.send(.eject)
      await show()
    }
  }
}

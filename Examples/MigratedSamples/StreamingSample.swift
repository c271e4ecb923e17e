import Statecraft
import Synchronization

/// SwiftTea's "Streaming Data" sample, unchanged.
enum StreamingSample {
  /// Stands in for the sample's socket; it records what the sample does with it.
  final class WebSocketConnection: Sendable {
    private let handler = Mutex<(@Sendable (String) -> Void)?>(nil)
    private let connected = Mutex(false)
    private let (changes, changesContinuation) = AsyncStream<Bool>.makeStream()
    /// Each connect (`true`) and disconnect (`false`), in order.
    var connectionChanges: AsyncStream<Bool> { changes }
    /// The last socket the sample created.
    static let latest = Mutex<WebSocketConnection?>(nil)

    init() { Self.latest.withLock { $0 = self } }

    var onMessage: (@Sendable (String) -> Void)? {
      get { handler.withLock { $0 } }
      set { handler.withLock { $0 = newValue } }
    }

    var isConnected: Bool { connected.withLock { $0 } }
    func connect() {
      connected.withLock { $0 = true }
      changesContinuation.yield(true)
    }

    func disconnect() {
      connected.withLock { $0 = false }
      changesContinuation.yield(false)
    }
    func receive(_ message: String) { onMessage?(message) }
  }

  struct AppState {
    var messages: [String] = []
  }

  enum StreamAction: Sendable {
    case startListening
    case stopListening
    case messageReceived(String)
  }

  @MainActor
  static func makeStore() -> Store<AppState, StreamAction, Void> {
    func reduce(state: AppState, action: StreamAction) -> (AppState, Effect<StreamAction>) {
      switch action {
      case .startListening:
        let messageStream = AsyncStream<StreamAction> { continuation in
          let websocket = WebSocketConnection()

          websocket.onMessage = { message in
            continuation.yield(.messageReceived(message))
          }

          websocket.connect()

          continuation.onTermination = { _ in
            websocket.disconnect()
          }
        }

        return (state, .stream(messageStream, id: "websocket"))

      case .stopListening:
        // This will cancel the stream and clean up the websocket
        return (state, .none)

      case .messageReceived(let message):
        var newState = state
        newState.messages.append(message)
        return (newState, .none)
      }
    }
    return Store(initialState: AppState(), reduce: reduce)
  }
}

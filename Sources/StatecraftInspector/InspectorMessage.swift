#if LiveInspector
  import Statecraft

  /// One message from the inspector to its page, as a line of JSON. The page's script reads them;
  /// ``kind`` says which fields are set.
  struct InspectorMessage: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable {
      /// An owner seen for the first time: its name, where it was created, its chart's outline.
      case owner
      /// The owner received an action or event (`text`), sent from `site`.
      case received
      /// The owner's state after a step: `diff` from the state before, the whole `state`, and for
      /// a chart its `active` states.
      case state
      /// An effect `started`, `finished` or was `cancelled` (`status`).
      case effect
      case diagnostic
      /// `count` records were dropped: by the app's buffer (`status` "app") or, for this page,
      /// because the page read too slowly (`status` "page").
      case dropped
    }

    /// Numbers every message of the server from 1; a page asks for those after the last it has.
    var number: UInt64 = 0
    var kind: Kind
    var owner: UInt64?
    /// The owner's record number.
    var sequence: UInt64?
    /// Seconds since the server started.
    var time: Double?
    var name: String?
    var text: String?
    var diff: String?
    var state: String?
    var active: [String]?
    var outline: ChartOutline?
    var site: String?
    var effect: UInt64?
    var status: String?
    var count: UInt64?
  }
#endif

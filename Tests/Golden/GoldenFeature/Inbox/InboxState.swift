import Statecraft

/// What the Inbox feature shows: a list of items.
struct InboxState: ObjectState {
  enum Section: Hashable, Sendable {
    case main
  }

  struct Item: Hashable, Sendable, Identifiable {
    let id: String
    var title: String
  }

  var title = "Inbox"
  var items: [Item] = []
  var isLoading = false
}

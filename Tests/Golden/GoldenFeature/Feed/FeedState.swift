import Statecraft

/// What the Feed feature shows: a list of items.
struct FeedState: ObjectState {
  enum Section: Hashable, Sendable {
    case main
  }

  struct Item: Hashable, Sendable, Identifiable {
    let id: String
    var title: String
  }

  var title = "Feed"
  var items: [Item] = []
  var isLoading = false
}

extension FeatureGenerator {
  static func state(_ spec: FeatureSpec) -> String {
    let name = spec.name
    if spec.isCollection {
      return """
        import Statecraft

        /// What the \(name) feature shows: a list of items.
        struct \(name)State: ObjectState {
          enum Section: Hashable, Sendable {
            case main
          }

          struct Item: Hashable, Sendable, Identifiable {
            let id: String
            var title: String
          }

          var title = "\(name)"
          var items: [Item] = []
          var isLoading = false
        }

        """
    }
    return """
      import Statecraft

      /// What the \(name) feature shows.
      struct \(name)State: ObjectState {
        var title = "\(name)"
        var message = ""
        var isLoading = false
      }

      """
  }
}

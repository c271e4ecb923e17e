extension FeatureGenerator {
  static func renderer(_ spec: FeatureSpec) -> String {
    let name = spec.name
    let binding =
      spec.usesInterface
      ? "@Modeled(\(name)State.self, interface: \(name)ViewModeling.self)"
      : "@Modeled(\(name)State.self, \(name)ViewModel.self)"
    let viewController =
      spec.isCollection
      ? collectionViewController(name: name, binding: binding)
      : plainViewController(name: name, binding: binding)
    let textLines =
      spec.isCollection
      ? "[state.title] + (state.isLoading ? [\"Loading…\"] : state.items.map { \"• \\($0.title)\" })"
      : "[state.title, state.isLoading ? \"Loading…\" : state.message]"
    return """
      #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
        import Statecraft
        import UIKit

      \(viewController)
      #else
        import Statecraft

        /// Shows the \(name) feature's state as lines of text, where UIKit is not available.
        \(binding)
        @MainActor
        final class \(name)Renderer {
          /// The lines of the last render.
          private(set) var lines: [String] = []

          init(viewModel: ViewModel) {
            self.viewModel = viewModel
          }

          func render(_ state: State) {
            lines = \(textLines)
          }
        }
      #endif

      """
  }

  private static func plainViewController(name: String, binding: String) -> String {
    """
      /// Shows the \(name) feature's state.
      \(binding)
      final class \(name)ViewController: UIViewController {
        private let messageLabel = UILabel()
        private let activityIndicator = UIActivityIndicatorView(style: .medium)

    \(initializers(name: name))

        override func viewDidLoad() {
          super.viewDidLoad()
          view.backgroundColor = .systemBackground
          let stack = UIStackView(arrangedSubviews: [activityIndicator, messageLabel])
          stack.axis = .vertical
          stack.spacing = 8
          stack.translatesAutoresizingMaskIntoConstraints = false
          view.addSubview(stack)
          NSLayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
          ])
        }

    \(observationLifecycle)

        func render(_ state: State) {
          title = state.title
          messageLabel.text = state.message
          if state.isLoading {
            activityIndicator.startAnimating()
          } else {
            activityIndicator.stopAnimating()
          }
        }
      }
    """
  }

  private static func collectionViewController(name: String, binding: String) -> String {
    """
      /// Shows the \(name) feature's items in a list, updated through a diffable snapshot.
      \(binding)
      final class \(name)ViewController: UIViewController {
        typealias Snapshot = NSDiffableDataSourceSnapshot<\(name)State.Section, \(name)State.Item>

        private lazy var collectionView = UICollectionView(
          frame: .zero,
          collectionViewLayout: UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)))

        private let cellRegistration = UICollectionView.CellRegistration<
          UICollectionViewListCell, \(name)State.Item
        > { cell, _, item in
          var content = cell.defaultContentConfiguration()
          content.text = item.title
          cell.contentConfiguration = content
        }

        private lazy var dataSource = UICollectionViewDiffableDataSource<
          \(name)State.Section, \(name)State.Item
        >(collectionView: collectionView) { [cellRegistration] collectionView, indexPath, item in
          collectionView.dequeueConfiguredReusableCell(
            using: cellRegistration, for: indexPath, item: item)
        }

    \(initializers(name: name))

        override func viewDidLoad() {
          super.viewDidLoad()
          collectionView.frame = view.bounds
          collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
          view.addSubview(collectionView)
        }

    \(observationLifecycle)

        func render(_ state: State) {
          title = state.title
          var snapshot = Snapshot()
          snapshot.appendSections([.main])
          snapshot.appendItems(state.items, toSection: .main)
          dataSource.apply(snapshot, animatingDifferences: viewIfLoaded?.window != nil)
        }
      }
    """
  }

  /// The initialisers every generated view controller has: `@Modeled` needs `viewModel` set.
  private static func initializers(name: String) -> String {
    """
        init(viewModel: ViewModel) {
          self.viewModel = viewModel
          super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) {
          fatalError("init(coder:) is not supported: create \(name)ViewController with init(viewModel:)")
        }
    """
  }

  /// Observing the view model while the view is on screen.
  private static let observationLifecycle = """
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          startObservingState()
        }

        override func viewDidDisappear(_ animated: Bool) {
          super.viewDidDisappear(animated)
          stopObservingState()
        }
    """
}

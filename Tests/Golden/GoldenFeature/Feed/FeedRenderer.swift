#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import Statecraft
  import UIKit

  /// Shows the Feed feature's items in a list, updated through a diffable snapshot.
  @Modeled(FeedState.self, FeedViewModel.self)
  final class FeedViewController: UIViewController {
    typealias Snapshot = NSDiffableDataSourceSnapshot<FeedState.Section, FeedState.Item>

    private lazy var collectionView = UICollectionView(
      frame: .zero,
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)))

    private let cellRegistration = UICollectionView.CellRegistration<
      UICollectionViewListCell, FeedState.Item
    > { cell, _, item in
      var content = cell.defaultContentConfiguration()
      content.text = item.title
      cell.contentConfiguration = content
    }

    private lazy var dataSource = UICollectionViewDiffableDataSource<
      FeedState.Section, FeedState.Item
    >(collectionView: collectionView) { [cellRegistration] collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(
        using: cellRegistration, for: indexPath, item: item)
    }

    init(viewModel: ViewModel) {
      self.viewModel = viewModel
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
      fatalError("init(coder:) is not supported: create FeedViewController with init(viewModel:)")
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      collectionView.frame = view.bounds
      collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      view.addSubview(collectionView)
    }

    override func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      startObservingState()
    }

    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      stopObservingState()
    }

    func render(_ state: State) {
      title = state.title
      var snapshot = Snapshot()
      snapshot.appendSections([.main])
      snapshot.appendItems(state.items, toSection: .main)
      dataSource.apply(snapshot, animatingDifferences: viewIfLoaded?.window != nil)
    }
  }
#else
  import Statecraft

  /// Shows the Feed feature's state as lines of text, where UIKit is not available.
  @Modeled(FeedState.self, FeedViewModel.self)
  @MainActor
  final class FeedRenderer {
    /// The lines of the last render.
    private(set) var lines: [String] = []

    init(viewModel: ViewModel) {
      self.viewModel = viewModel
    }

    func render(_ state: State) {
      lines = [state.title] + (state.isLoading ? ["Loading…"] : state.items.map { "• \($0.title)" })
    }
  }
#endif

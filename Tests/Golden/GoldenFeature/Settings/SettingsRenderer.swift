#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import Statecraft
  import UIKit

  /// Shows the Settings feature's state.
  @Modeled(SettingsState.self, interface: SettingsViewModeling.self)
  final class SettingsViewController: UIViewController {
    private let messageLabel = UILabel()
    private let activityIndicator = UIActivityIndicatorView(style: .medium)

    init(viewModel: ViewModel) {
      self.viewModel = viewModel
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
      fatalError("init(coder:) is not supported: create SettingsViewController with init(viewModel:)")
    }

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
      messageLabel.text = state.message
      if state.isLoading {
        activityIndicator.startAnimating()
      } else {
        activityIndicator.stopAnimating()
      }
    }
  }
#else
  import Statecraft

  /// Shows the Settings feature's state as lines of text, where UIKit is not available.
  @Modeled(SettingsState.self, interface: SettingsViewModeling.self)
  @MainActor
  final class SettingsRenderer {
    /// The lines of the last render.
    private(set) var lines: [String] = []

    init(viewModel: ViewModel) {
      self.viewModel = viewModel
    }

    func render(_ state: State) {
      lines = [state.title, state.isLoading ? "Loading…" : state.message]
    }
  }
#endif

extension Store {
  /// Sends `action`, and returns the fields of the store's `@ObservableState` state that it
  /// changed, by their path in the state: the fields whose readers it tells. For finding, in a
  /// test or while debugging, which views an action invalidates.
  ///
  /// ```swift
  /// @ObservableState
  /// struct Editor: Equatable {
  ///   var title = ""
  ///   var count = 0
  /// }
  ///
  /// @MainActor func titleChanges() -> [String] {
  ///   let store = Store(initialState: Editor()) { (state: inout Editor, title: String) in
  ///     state.title = title
  ///     return .none
  ///   }
  ///   return store.fieldChanges(sending: "Draft")   // ["title"]
  /// }
  /// ```
  ///
  /// - Every marked value in the state is made observable first, as if a view had read all of it,
  ///   so that the answer does not depend on what views have read; they stay so.
  /// - A field set to an equal value is not listed. A marked value replaced is listed as the field
  ///   that holds it (`detail`), not as its fields; an element as `rows[2]`, by its position.
  /// - The action and the actions it sends synchronously are counted; actions its effects send
  ///   later are not.
  /// - A state that is not marked is observed whole: every action tells every view that reads it,
  ///   and the list is `["(the whole state)"]`.
  @discardableResult
  public func fieldChanges(
    sending action: Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> [String] {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard observedRoot != nil else {
      _ = send(action, group: nil, origin: nil, callSite: callSite)
      return ["(the whole state)"]
    }
    FieldPaths.armAll(in: core.ownerState)
    _ = state  // arms the root, so that sends log their changes
    let changes = ObservationTransaction.recordingChanges {
      _ = send(action, group: nil, origin: nil, callSite: callSite)
    }
    let paths = FieldPaths(of: core.ownerState)
    var seen = Set<FieldPaths.Change>()
    return changes.compactMap { change in
      guard seen.insert(FieldPaths.Change(box: ObjectIdentifier(change.box), field: change.field)).inserted
      else { return nil }
      return paths.name(of: change.box, field: change.field)
    }
  }
}

/// Where each marked value of a state is, found by reflection: names the fields a send changed.
struct FieldPaths {
  struct Change: Hashable {
    let box: ObjectIdentifier
    let field: Int
  }

  private var found: [ObjectIdentifier: (path: String, type: any ObservableState.Type)] = [:]

  init(of state: Any) {
    Self.visit(state, path: "") { marked, path in
      // A case's value is visited after its enum: the deeper path, and the type with the fields.
      found[ObjectIdentifier(marked._$fields.box)] = (path, type(of: marked))
    }
  }

  /// Makes every marked value in `state` observable.
  static func armAll(in state: Any) {
    visit(state, path: "") { marked, _ in marked._$fields.box.arm() }
  }

  /// The name of field number `field` of the value whose box is `box`: `rows[2].title`.
  func name(of box: FieldBox, field: Int) -> String? {
    guard let (path, type) = found[ObjectIdentifier(box)] else { return nil }
    let names = type._$fieldNames
    let name = field < names.count ? names[field] : "field \(field)"
    return path.isEmpty ? name : "\(path).\(name)"
  }

  /// Calls `body` with every marked value under `value`, parents first, and its path. Class
  /// instances are not entered: their graph may hold cycles, and their state is not the store's.
  private static func visit(
    _ value: Any, path: String, depth: Int = 0, _ body: (any ObservableState, String) -> Void
  ) {
    if let marked = value as? any ObservableState, marked._$fields.box !== FieldRegistrar.withoutFields.box {
      body(marked, path)
    }
    let mirror = Mirror(reflecting: value)
    guard depth < 64, mirror.displayStyle != .class else { return }
    for (index, child) in mirror.children.enumerated() {
      let childPath: String
      switch mirror.displayStyle {
      case .optional: childPath = path
      case .collection, .set, .dictionary: childPath = "\(path)[\(index)]"
      default:
        let label = child.label ?? "[\(index)]"
        childPath = path.isEmpty || label.hasPrefix("[") ? path + label : "\(path).\(label)"
      }
      visit(child.value, path: childPath, depth: depth + 1, body)
    }
  }
}

// Ten features nested as an app nests them: each is its own type and holds the next as a stored
// optional property. The composition benchmarks and `SendLoops` send and read through them.
// Written out rather than generic, so that each feature's `==` and reducer are concrete code, as
// in an app.

public import Statecraft

public struct Feature0: Equatable, Sendable {
  public var value = 0
  public var child: Feature1?
  public init(child: Feature1? = nil) { self.child = child }
}

@CaseRoutable
public enum Feature0Action: Sendable {
  case increment
  case child(Feature1Action)
}

public struct Feature1: Equatable, Sendable {
  public var value = 0
  public var child: Feature2?
  public init(child: Feature2? = nil) { self.child = child }
}

@CaseRoutable
public enum Feature1Action: Sendable {
  case increment
  case child(Feature2Action)
}

public struct Feature2: Equatable, Sendable {
  public var value = 0
  public var child: Feature3?
  public init(child: Feature3? = nil) { self.child = child }
}

@CaseRoutable
public enum Feature2Action: Sendable {
  case increment
  case child(Feature3Action)
}

public struct Feature3: Equatable, Sendable {
  public var value = 0
  public var child: Feature4?
  public init(child: Feature4? = nil) { self.child = child }
}

@CaseRoutable
public enum Feature3Action: Sendable {
  case increment
  case child(Feature4Action)
}

public struct Feature4: Equatable, Sendable {
  public var value = 0
  public var child: Feature5?
  public init(child: Feature5? = nil) { self.child = child }
}

@CaseRoutable
public enum Feature4Action: Sendable {
  case increment
  case child(Feature5Action)
}

public struct Feature5: Equatable, Sendable {
  public var value = 0
  public var child: Feature6?
  public init(child: Feature6? = nil) { self.child = child }
}

@CaseRoutable
public enum Feature5Action: Sendable {
  case increment
  case child(Feature6Action)
}

public struct Feature6: Equatable, Sendable {
  public var value = 0
  public var child: Feature7?
  public init(child: Feature7? = nil) { self.child = child }
}

@CaseRoutable
public enum Feature6Action: Sendable {
  case increment
  case child(Feature7Action)
}

public struct Feature7: Equatable, Sendable {
  public var value = 0
  public var child: Feature8?
  public init(child: Feature8? = nil) { self.child = child }
}

@CaseRoutable
public enum Feature7Action: Sendable {
  case increment
  case child(Feature8Action)
}

public struct Feature8: Equatable, Sendable {
  public var value = 0
  public var child: Feature9?
  public init(child: Feature9? = nil) { self.child = child }
}

@CaseRoutable
public enum Feature8Action: Sendable {
  case increment
  case child(Feature9Action)
}

public struct Feature9: Equatable, Sendable {
  public var value = 0
  public var child: Feature10?
  public init(child: Feature10? = nil) { self.child = child }
}

@CaseRoutable
public enum Feature9Action: Sendable {
  case increment
  case child(Feature10Action)
}

public struct Feature10: Equatable, Sendable {
  public var value = 0
  public init() {}
}

@CaseRoutable
public enum Feature10Action: Sendable {
  case increment
}

@MainActor
public enum NestedFeatures {
  static let reducer10 = Reduce<Feature10, Feature10Action> { state, _ in
    state.value &+= 1
    return .none
  }

  static let reducer9 = Reduce<Feature9, Feature9Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer10 }

  static let reducer8 = Reduce<Feature8, Feature8Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer9 }

  static let reducer7 = Reduce<Feature7, Feature7Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer8 }

  static let reducer6 = Reduce<Feature6, Feature6Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer7 }

  static let reducer5 = Reduce<Feature5, Feature5Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer6 }

  static let reducer4 = Reduce<Feature4, Feature4Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer5 }

  static let reducer3 = Reduce<Feature3, Feature3Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer4 }

  static let reducer2 = Reduce<Feature2, Feature2Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer3 }

  static let reducer1 = Reduce<Feature1, Feature1Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer2 }

  static let reducer0 = Reduce<Feature0, Feature0Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer1 }

  /// A root store with all ten levels present, and the stores scoped to level 1 and level 10.
  /// Each level's store is scoped from the one above it. `everyLevelObserved` reads each level's
  /// `state`, as a view at each level would; otherwise only level 1 and level 10 are read, and the
  /// levels between are stores that views pass down.
  public static func make(
    everyLevelObserved: Bool
  ) -> (
    root: Store<Feature0, Feature0Action, Void>,
    level1: ScopedStore<Feature1, Feature1Action>,
    level10: ScopedStore<Feature10, Feature10Action>
  ) {
    let root = Store(
      initialState: Feature0(
        child: Feature1(
          child: Feature2(
            child: Feature3(
              child: Feature4(
                child: Feature5(child: Feature6(child: Feature7(child: Feature8(child: Feature9(child: Feature10()))))))
            )))),
      reducer: reducer0)
    let s0 = root.scope(state: { $0 }, action: { $0 })
    let s1 = s0.scope(state: { $0.child ?? Feature1() }, action: Feature0Action.child)
    let s2 = s1.scope(state: { $0.child ?? Feature2() }, action: Feature1Action.child)
    let s3 = s2.scope(state: { $0.child ?? Feature3() }, action: Feature2Action.child)
    let s4 = s3.scope(state: { $0.child ?? Feature4() }, action: Feature3Action.child)
    let s5 = s4.scope(state: { $0.child ?? Feature5() }, action: Feature4Action.child)
    let s6 = s5.scope(state: { $0.child ?? Feature6() }, action: Feature5Action.child)
    let s7 = s6.scope(state: { $0.child ?? Feature7() }, action: Feature6Action.child)
    let s8 = s7.scope(state: { $0.child ?? Feature8() }, action: Feature7Action.child)
    let s9 = s8.scope(state: { $0.child ?? Feature9() }, action: Feature8Action.child)
    let s10 = s9.scope(state: { $0.child ?? Feature10() }, action: Feature9Action.child)
    _ = (s1.state, s10.state)
    if everyLevelObserved {
      _ = (s0.state, s2.state, s3.state, s4.state, s5.state, s6.state, s7.state, s8.state, s9.state)
    }
    return (root, s1, s10)
  }
}

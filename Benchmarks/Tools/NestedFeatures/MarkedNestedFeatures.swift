// The ten nested features of `NestedFeatures`, marked `@ObservableState`: the same shape, reducers
// and scoping, so that the composition benchmarks compare observation per field with whole-state
// observation in one run. Generated from `NestedFeatures.swift`'s pattern; written out for the same
// reason.

public import Statecraft

@ObservableState
public struct MarkedFeature0: Equatable, Sendable {
  public var value = 0
  public var child: MarkedFeature1?
  public init(child: MarkedFeature1? = nil) { self.child = child }
}

@ObservableState
public struct MarkedFeature1: Equatable, Sendable {
  public var value = 0
  public var child: MarkedFeature2?
  public init(child: MarkedFeature2? = nil) { self.child = child }
}

@ObservableState
public struct MarkedFeature2: Equatable, Sendable {
  public var value = 0
  public var child: MarkedFeature3?
  public init(child: MarkedFeature3? = nil) { self.child = child }
}

@ObservableState
public struct MarkedFeature3: Equatable, Sendable {
  public var value = 0
  public var child: MarkedFeature4?
  public init(child: MarkedFeature4? = nil) { self.child = child }
}

@ObservableState
public struct MarkedFeature4: Equatable, Sendable {
  public var value = 0
  public var child: MarkedFeature5?
  public init(child: MarkedFeature5? = nil) { self.child = child }
}

@ObservableState
public struct MarkedFeature5: Equatable, Sendable {
  public var value = 0
  public var child: MarkedFeature6?
  public init(child: MarkedFeature6? = nil) { self.child = child }
}

@ObservableState
public struct MarkedFeature6: Equatable, Sendable {
  public var value = 0
  public var child: MarkedFeature7?
  public init(child: MarkedFeature7? = nil) { self.child = child }
}

@ObservableState
public struct MarkedFeature7: Equatable, Sendable {
  public var value = 0
  public var child: MarkedFeature8?
  public init(child: MarkedFeature8? = nil) { self.child = child }
}

@ObservableState
public struct MarkedFeature8: Equatable, Sendable {
  public var value = 0
  public var child: MarkedFeature9?
  public init(child: MarkedFeature9? = nil) { self.child = child }
}

@ObservableState
public struct MarkedFeature9: Equatable, Sendable {
  public var value = 0
  public var child: MarkedFeature10?
  public init(child: MarkedFeature10? = nil) { self.child = child }
}

@ObservableState
public struct MarkedFeature10: Equatable, Sendable {
  public var value = 0
  public init() {}
}

@MainActor
public enum MarkedNestedFeatures {
  static let reducer10 = Reduce<MarkedFeature10, Feature10Action> { state, _ in
    state.value &+= 1
    return .none
  }

  static let reducer9 = Reduce<MarkedFeature9, Feature9Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer10 }

  static let reducer8 = Reduce<MarkedFeature8, Feature8Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer9 }

  static let reducer7 = Reduce<MarkedFeature7, Feature7Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer8 }

  static let reducer6 = Reduce<MarkedFeature6, Feature6Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer7 }

  static let reducer5 = Reduce<MarkedFeature5, Feature5Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer6 }

  static let reducer4 = Reduce<MarkedFeature4, Feature4Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer5 }

  static let reducer3 = Reduce<MarkedFeature3, Feature3Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer4 }

  static let reducer2 = Reduce<MarkedFeature2, Feature2Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer3 }

  static let reducer1 = Reduce<MarkedFeature1, Feature1Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer2 }

  static let reducer0 = Reduce<MarkedFeature0, Feature0Action> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { reducer1 }

  /// ``NestedFeatures/make(everyLevelObserved:)`` over the marked features.
  public static func make(
    everyLevelObserved: Bool
  ) -> (
    root: Store<MarkedFeature0, Feature0Action, Void>,
    level1: ScopedStore<MarkedFeature1, Feature1Action>,
    level10: ScopedStore<MarkedFeature10, Feature10Action>
  ) {
    let root = Store(
      initialState: MarkedFeature0(
        child: MarkedFeature1(
          child: MarkedFeature2(
            child: MarkedFeature3(
              child: MarkedFeature4(
                child: MarkedFeature5(
                  child: MarkedFeature6(
                    child: MarkedFeature7(child: MarkedFeature8(child: MarkedFeature9(child: MarkedFeature10())))))))))),
      reducer: reducer0)
    let s0 = root.scope(state: { $0 }, action: { $0 })
    let s1 = s0.scope(state: { $0.child ?? MarkedFeature1() }, action: Feature0Action.child)
    let s2 = s1.scope(state: { $0.child ?? MarkedFeature2() }, action: Feature1Action.child)
    let s3 = s2.scope(state: { $0.child ?? MarkedFeature3() }, action: Feature2Action.child)
    let s4 = s3.scope(state: { $0.child ?? MarkedFeature4() }, action: Feature3Action.child)
    let s5 = s4.scope(state: { $0.child ?? MarkedFeature5() }, action: Feature4Action.child)
    let s6 = s5.scope(state: { $0.child ?? MarkedFeature6() }, action: Feature5Action.child)
    let s7 = s6.scope(state: { $0.child ?? MarkedFeature7() }, action: Feature6Action.child)
    let s8 = s7.scope(state: { $0.child ?? MarkedFeature8() }, action: Feature7Action.child)
    let s9 = s8.scope(state: { $0.child ?? MarkedFeature9() }, action: Feature8Action.child)
    let s10 = s9.scope(state: { $0.child ?? MarkedFeature10() }, action: Feature9Action.child)
    _ = (s1.state.value, s10.state.value)
    if everyLevelObserved {
      _ = (s0.state.value, s2.state.value, s3.state.value, s4.state.value, s5.state.value)
      _ = (s6.state.value, s7.state.value, s8.state.value, s9.state.value)
    }
    return (root, s1, s10)
  }
}

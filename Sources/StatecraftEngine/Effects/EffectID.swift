public import ConcurrencyExtras

/// The id of a cancellable effect: any `Hashable & Sendable` value, compared by value and type.
///
/// Ids are scoped to the store or machine that started the effect. Two stores never cancel each
/// other's effects, even when their ids are equal.
public typealias EffectID = AnyHashableSendable

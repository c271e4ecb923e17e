extension AsyncStream {
  /// The stream's next element, or `nil` once it has ended: what its iterator's `next()` returns.
  ///
  /// It lets a stream that ``AsyncBroadcast/observe()`` returned be read as async-state's README
  /// reads it, without making an iterator first:
  ///
  /// ```swift
  /// let contactIDs = StateBroadcast<[String]>([])
  /// var stateIterator = contactIDs.observe()
  /// while let newState = await stateIterator.next() {
  ///   print("contacts:", newState)
  /// }
  /// ```
  ///
  /// As with the iterator, only one task may wait for the next element of a stream at a time.
  public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element? {
    var iterator = makeAsyncIterator()
    return await iterator.next(isolation: actor)
  }
}

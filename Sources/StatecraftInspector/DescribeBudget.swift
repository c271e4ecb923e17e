#if LiveInspector
  /// How many records the server may still describe: a token bucket that refills at `perSecond`
  /// and holds at most a second's worth, so that a burst after a quiet time is shown whole and a
  /// sustained flood costs the server a bounded share of the CPU.
  struct DescribeBudget {
    let perSecond: Int
    private var tokens: Double
    private var last: ContinuousClock.Instant

    init(perSecond: Int, now: ContinuousClock.Instant = .now) {
      self.perSecond = max(1, perSecond)
      self.tokens = Double(self.perSecond)
      self.last = now
    }

    /// Takes as many tokens as there are for `count` records, up to `count`.
    mutating func take(upTo count: Int, now: ContinuousClock.Instant = .now) -> Int {
      refill(now: now)
      let taken = min(count, Int(tokens))
      tokens -= Double(taken)
      return taken
    }

    /// How many records could be described now.
    mutating func available(now: ContinuousClock.Instant = .now) -> Int {
      refill(now: now)
      return Int(tokens)
    }

    /// How many records could be described `pause` from now, if none are described meanwhile.
    func available(after pause: Duration, now: ContinuousClock.Instant = .now) -> Int {
      var later = self
      return later.available(now: now + pause)
    }

    private mutating func refill(now: ContinuousClock.Instant) {
      let elapsed = last.duration(to: now)
      last = now
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      tokens = min(Double(perSecond), tokens + seconds * Double(perSecond))
    }
  }
#endif

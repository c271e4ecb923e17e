#if Services
  public import StatecraftEngine

  extension Diagnostic.Kind {
    /// A round of a durable service's work threw, as when the database cannot be reached. The
    /// service goes on: the work stays in the database, and its next round, after its pause, tries
    /// again. Reported at the line that made the service.
    public static let durableServiceRoundFailed = Diagnostic.Kind("durableServiceRoundFailed")
  }
#endif

import Testing

@testable import StatecraftStore

/// The promise behind a scoped store's unretained reference to its source, checked in debug
/// builds: there the reference is `unowned`, so reading a source that is gone stops the process
/// rather than reading freed memory.
@Suite("Store contracts, checked in debug builds")
struct StoreContractTests {
  #if DEBUG
    @Test func aSourceReadAfterItWentAwayStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var source: Source? = Source()
        let reference = SourceReference(source!)
        source = nil
        _ = reference.object.value
      }
      #expect(stopMessage(result).contains("Attempted to read an unowned reference"))
    }

    @Test func aSourceReadWhileItLivesPasses() {
      let source = Source()
      let reference = SourceReference(source)
      #expect(reference.object.value == 1)
    }
  #endif
}

private final class Source {
  let value = 1
}

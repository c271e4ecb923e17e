import Statecraft

#if LiveInspector
  import StatecraftInspector
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `statecraft-demo <demo> --inspect`: the demo with the live inspector attached to every store,
/// machine and chart it makes. It prints the page's address, runs the demo, and serves the page
/// until interrupted.
enum InspectedDemo {
  @MainActor
  static func run(_ demo: Demo) async {
    #if LiveInspector
      await runInspected(demo)
    #else
      print(
        """
        The live inspector is the LiveInspector package trait, off by default so that a first build \
        compiles no web server. Run the demo with it:

          \(Demo.command("LiveInspector", demo.name, "--inspect"))
        """)
      exit(1)
    #endif
  }

  #if LiveInspector
    @MainActor
    private static func runInspected(_ demo: Demo) async {
      let server: InspectorServer
      do {
        server = try await InspectorServer.start()
      } catch {
        print("The inspector did not start: \(error)")
        exit(1)
      }
      print("Inspector: \(server.url)\n")
      fflush(nil)  // so that a pipe reading the output sees the address now
      await withInspector(server.inspector) {
        await demo.run()
      }
      await server.settle()
      print("\nDone; the page keeps every step. Inspector: \(server.url)")
      print("Press Ctrl-C to stop.")
      fflush(nil)  // so that a pipe reading the output sees the address now
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(3_600))
      }
    }
  #endif
}

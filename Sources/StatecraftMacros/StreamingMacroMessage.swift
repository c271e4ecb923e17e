import SwiftDiagnostics

/// The errors the streaming macros report for misuse.
enum StreamingMacroMessage: DiagnosticMessage {
  case needsReferenceType(macro: String)
  case needsClass
  case needsTypeArgument(macro: String, label: String)

  var message: String {
    switch self {
    case .needsReferenceType(let macro):
      "@\(macro) applies to classes and actors: a broadcast is shared by reference"
    case .needsClass:
      "@Modeled applies to classes: a renderer is an object that its view model's stream updates"
    case .needsTypeArgument(let macro, let label):
      "@\(macro) expects a type for its \(label) argument, written like `AddressBookState.self`"
    }
  }

  var diagnosticID: MessageID {
    switch self {
    case .needsReferenceType: MessageID(domain: "StatecraftMacros", id: "needsReferenceType")
    case .needsClass: MessageID(domain: "StatecraftMacros", id: "needsClass")
    case .needsTypeArgument: MessageID(domain: "StatecraftMacros", id: "needsTypeArgument")
    }
  }

  var severity: DiagnosticSeverity { .error }
}

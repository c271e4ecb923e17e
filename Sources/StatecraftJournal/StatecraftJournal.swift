// StatecraftJournal: snapshots that carry a schema version and migrate, journals of what an owner
// received, replay, time travel, and tests made from journals. Its own module, so that an app that
// does not persist or journal never links Foundation's JSON coders for it.

@_exported public import Statecraft

#if canImport(FoundationEssentials)
  @_exported public import FoundationEssentials
#else
  @_exported public import Foundation
#endif

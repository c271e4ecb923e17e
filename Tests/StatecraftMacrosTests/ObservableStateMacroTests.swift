import MacroTesting
import StatecraftMacros
import Testing

@Suite(
  .macros(
    [
      "ObservableState": ObservableStateMacro.self, "_ObservedField": ObservedFieldMacro.self,
      "ObservationStateIgnored": ObservationStateIgnoredMacro.self,
    ],
    record: .missing))
struct ObservableStateMacroTests {
  /// Each stored `var` gets accessors over private storage, numbered in order; `let`s, ignored,
  /// computed and static properties stay as they are; `Codable` keeps the fields' names as keys, and
  /// the mirror shows the fields.
  @Test func eachStoredVarBecomesAnObservedField() {
    assertMacro {
      """
      @ObservableState
      public struct Profile: Equatable, Codable {
        let id: Int
        public var name = ""
        var visits: Int
        @ObservationStateIgnored var scratch = 0
        var isEmpty: Bool { name.isEmpty }
        static var shared = 0
      }
      """
    } expansion: {
      """
      public struct Profile: Equatable, Codable {
        let id: Int
        public var name {
          @storageRestrictions(initializes: _name)
          init(initialValue) {
            _name = initialValue
          }
          get {
            _$fields.access(0, _name)
            return _name
          }
          set {
            _$fields.set(0, &_name, newValue)
          }
          _modify {
            let before = _$fields.willModify(0, _name)
            yield &_name
            _$fields.didModify(0, _name, before)
          }
        }

        private var _name = ""
        var visits: Int {
          @storageRestrictions(initializes: _visits)
          init(initialValue) {
            _visits = initialValue
          }
          get {
            _$fields.access(1, _visits)
            return _visits
          }
          set {
            _$fields.set(1, &_visits, newValue)
          }
          _modify {
            let before = _$fields.willModify(1, _visits)
            yield &_visits
            _$fields.didModify(1, _visits, before)
          }
        }

        private var _visits: Int
        var scratch = 0
        var isEmpty: Bool { name.isEmpty }
        static var shared = 0

        public let _$fields = Statecraft.FieldRegistrar()

        enum CodingKeys: String, CodingKey {
          case id
          case _name = "name"
          case _visits = "visits"
          case scratch
        }

        public static func _$storage(of field: AnyKeyPath) -> (storage: AnyKeyPath, index: Int)? {
          if field == \\Self.name {
            return (\\Self._name, 0)
          }
          if field == \\Self.visits {
            return (\\Self._visits, 1)
          }
          return nil
        }

        public static func _$identity(of field: Int, at value: UnsafeRawPointer) -> Statecraft.FieldIdentity {
          switch field {
          case 0:
            Statecraft.FieldIdentity.of(value.assumingMemoryBound(to: Self.self).pointee._name)
          case 1:
            Statecraft.FieldIdentity.of(value.assumingMemoryBound(to: Self.self).pointee._visits)
          default:
            .unobserved
          }
        }

        public static func _$fields(at value: UnsafeRawPointer) -> Statecraft.FieldRegistrar {
          value.assumingMemoryBound(to: Self.self).pointee._$fields
        }

        public static var _$fieldNames: [String] {
          ["name", "visits"]
        }

        public var customMirror: Mirror {
          Mirror(self, children: ["id": self.id as Any, "name": self.name as Any, "visits": self.visits as Any, "scratch": self.scratch as Any], displayStyle: .struct)
        }
      }
      """
    }
  }

  /// What the struct declares itself (its coding keys, its mirror) is left alone; a generic struct
  /// and a `lazy` or wrapped property are handled.
  @Test func declaredCodingKeysAndMirrorAreKept() {
    assertMacro {
      """
      @ObservableState
      struct Box<Value: Codable>: Codable {
        var value: Value
        lazy var cache = 0
        @Wrapped var wrapped = 1
        enum CodingKeys: String, CodingKey {
          case _value = "v"
        }
        var customMirror: Mirror { Mirror(self, children: [:]) }
      }
      """
    } expansion: {
      """
      struct Box<Value: Codable>: Codable {
        var value: Value {
          @storageRestrictions(initializes: _value)
          init(initialValue) {
            _value = initialValue
          }
          get {
            _$fields.access(0, _value)
            return _value
          }
          set {
            _$fields.set(0, &_value, newValue)
          }
          _modify {
            let before = _$fields.willModify(0, _value)
            yield &_value
            _$fields.didModify(0, _value, before)
          }
        }

        private var _value: Value
        lazy var cache = 0
        @Wrapped var wrapped = 1
        enum CodingKeys: String, CodingKey {
          case _value = "v"
        }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        let _$fields = Statecraft.FieldRegistrar()

        static func _$storage(of field: AnyKeyPath) -> (storage: AnyKeyPath, index: Int)? {
          if field == \\Self.value {
            return (\\Self._value, 0)
          }
          return nil
        }

        static func _$identity(of field: Int, at value: UnsafeRawPointer) -> Statecraft.FieldIdentity {
          switch field {
          case 0:
            Statecraft.FieldIdentity.of(value.assumingMemoryBound(to: Self.self).pointee._value)
          default:
            .unobserved
          }
        }

        static func _$fields(at value: UnsafeRawPointer) -> Statecraft.FieldRegistrar {
          value.assumingMemoryBound(to: Self.self).pointee._$fields
        }

        static var _$fieldNames: [String] {
          ["value"]
        }
      }
      """
    }
  }

  /// A declared coding key that names a field rather than its storage is an error, which says what
  /// to write instead.
  @Test func aCodingKeyNamingAFieldIsAnError() {
    assertMacro {
      """
      @ObservableState
      struct Box<Value: Codable>: Codable {
        var value: Value
        var count = 0
        lazy var cache = 0
        @Wrapped var wrapped = 1
        enum CodingKeys: String, CodingKey {
          case _value = "v"
          case count
        }
        var customMirror: Mirror { Mirror(self, children: [:]) }
      }
      """
    } diagnostics: {
      """
      @ObservableState
      struct Box<Value: Codable>: Codable {
        var value: Value
        var count = 0
        lazy var cache = 0
        @Wrapped var wrapped = 1
        enum CodingKeys: String, CodingKey {
          case _value = "v"
          case count
               ┬────
               ╰─ 🛑 'count' is stored as '_count' under @ObservableState, and Codable encodes the storage: write 'case _count = "count"'
        }
        var customMirror: Mirror { Mirror(self, children: [:]) }
      }
      """
    }
  }

  /// A case with one value has the value's observation and its own number, which overloads pick
  /// where the value's type is known; a case without a value shares one observation; a case with
  /// several values is not compared.
  @Test func anEnumIsObservedByCaseAndPayload() {
    assertMacro {
      """
      @ObservableState
      public enum Destination: Equatable {
        case idle
        case edit(Editor)
        case pair(Int, Int)
      }
      """
    } expansion: {
      """
      public enum Destination: Equatable {
        case idle
        case edit(Editor)
        case pair(Int, Int)

        public var _$fields: Statecraft.FieldRegistrar {
          switch self {
          case .idle:
            Statecraft.FieldRegistrar.withoutFields
          case .edit(let value):
            Statecraft.FieldRegistrar.of(value)
          case .pair:
            Statecraft.FieldRegistrar.withoutFields
          }
        }

        public var _$case: Int {
          switch self {
          case .idle:
            0
          case .edit(let value):
            Statecraft.FieldIdentity.case(1, of: value)
          case .pair:
            -1
          }
        }

        public static func _$fields(at value: UnsafeRawPointer) -> Statecraft.FieldRegistrar {
          value.assumingMemoryBound(to: Self.self).pointee._$fields
        }

        public static func _$case(at value: UnsafeRawPointer) -> Int {
          value.assumingMemoryBound(to: Self.self).pointee._$case
        }
      }
      """
    }
  }

  @Test func aClassIsRejected() {
    assertMacro {
      """
      @ObservableState
      final class Model {
        var count = 0
      }
      """
    } diagnostics: {
      """
      @ObservableState
      ┬───────────────
      ╰─ 🛑 @ObservableState applies to structs and enums: a class is observed as a whole, as a field of the struct that holds it
      final class Model {
        var count = 0
      }
      """
    }
  }
}

import Statecraft

/// What the Settings feature shows.
struct SettingsState: ObjectState {
  var title = "Settings"
  var message = ""
  var isLoading = false
}

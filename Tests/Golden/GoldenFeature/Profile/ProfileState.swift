import Statecraft

/// What the Profile feature shows.
struct ProfileState: ObjectState {
  var title = "Profile"
  var message = ""
  var isLoading = false
}

import AuthEngine

/// The app's words for the apps' grants: an app named that holds none (`auth/unknown-app`).
extension ErrorWording {
  static func appsBody(_ error: AuthError, for surface: Surface) -> String {
    guard case .appSelection(let problem) = error.payload else { return tr("No app by that name has access.") }
    let hint = surface == .commandLine ? tr("Name an app as auth-desktop apps lists it.") : nil
    guard !problem.apps.isEmpty else {
      return sentences(tr("No app named “{name}” has access, and no app has any.", ["name": problem.name]))
    }
    return sentences(
      tr(
        "No app named “{name}” has access there. Apps with access: {apps}.",
        ["name": problem.name, "apps": problem.apps.joined(separator: "; ")]), hint)
  }
}

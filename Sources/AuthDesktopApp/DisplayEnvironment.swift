/// Whether the process can show a window: an X11 or Wayland display in its environment.
public enum DisplayEnvironment {
  public static func hasDisplay(_ environment: [String: String]) -> Bool {
    !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
  }
}

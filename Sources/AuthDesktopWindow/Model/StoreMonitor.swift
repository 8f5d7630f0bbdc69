import AuthDesktopKit
import AuthEngine
import CGtk
import Foundation

/// Follows the accounts' store while the window runs: a `GFileMonitor` (inotify) on the store's folder
/// reports every write to `auth.sqlite` or its WAL — another process's `sign-out` or `sign-in` — and
/// `onChange` runs for each. Reads write nothing (`AuthDatabase`), so following the store does not
/// wake it again.
@GLibMainActor
final class StoreMonitor {
  nonisolated(unsafe) private let monitor: UnsafeMutablePointer<GFileMonitor>

  init?(directory: URL, onChange: @escaping @GLibMainActor () -> Void) {
    let folder = g_file_new_for_path(directory.path)
    defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
    guard let monitor = g_file_monitor_directory(folder, G_FILE_MONITOR_NONE, nil, nil) else { return nil }
    self.monitor = monitor
    let names: Set = [AuthDatabase.fileName, AuthDatabase.fileName + "-wal"]
    GtkSignal.connectFileChanged(UnsafeMutableRawPointer(monitor)) { name in
      if names.contains(name) { onChange() }
    }
  }

  deinit {
    g_file_monitor_cancel(monitor)
    g_object_unref(UnsafeMutableRawPointer(monitor))
  }
}

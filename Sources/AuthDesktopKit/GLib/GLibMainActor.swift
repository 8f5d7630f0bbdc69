import CSoup

/// The global actor of every GTK call: its jobs run on the thread that owns GLib's default main
/// context (the one `g_application_run` iterates), in the order they were enqueued.
///
/// Why not `@MainActor` (docs/glib-and-swift.md, "Swift concurrency under the GLib main loop"): on
/// Linux the main actor's jobs go to libdispatch's main queue, which the GLib loop never drains, so
/// `Task {}` and `await MainActor.run` would silently never run under `g_application_run`. This actor
/// posts each job to the default main context instead (public GLib API only).
///
/// - Jobs only run while some thread iterates the default main context: `await`ing this actor before
///   `WindowApplication.run` starts the loop waits until it does.
/// - GTK signal handlers are not jobs: they run from the loop on the owning thread, and enter the actor
///   with `GLibMainActor.assumeIsolated` (which checks ownership of the context for real).
@globalActor
public actor GLibMainActor {
  public static let shared = GLibMainActor()
  static let executor = GLibDefaultContextExecutor()

  public nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }

  /// Runs `operation` as GTK-isolated code from a synchronous context that is known to be on the GTK
  /// thread (a signal or source callback). Traps when the calling thread does not own the default
  /// main context, exactly as `MainActor.assumeIsolated` traps off the main thread.
  public static func assumeIsolated<T: Sendable>(
    _ operation: @GLibMainActor () throws -> T, file: StaticString = #fileID, line: UInt = #line
  ) rethrows -> T {
    precondition(GLibDefaultContextExecutor.ownsContext, "GTK code called off the GTK thread", file: file, line: line)
    typealias Isolated = @GLibMainActor () throws -> T
    typealias Plain = () throws -> T
    return try withoutActuallyEscaping(operation) { (operation: @escaping Isolated) throws -> T in
      try unsafeBitCast(operation, to: Plain.self)()
    }
  }
}

/// The executor of `GLibMainActor`: each job goes into a retained box handed to `g_idle_add_full` on the
/// default main context, released by the source's destroy-notify (`glibReleaseBox`). An idle source
/// (not `g_main_context_invoke_full`) so that a job enqueued from the GTK thread never runs nested
/// inside the job or signal handler that enqueued it.
final class GLibDefaultContextExecutor: SerialExecutor {
  /// Whether the calling thread owns (has acquired) the default main context.
  static var ownsContext: Bool { g_main_context_is_owner(g_main_context_default()) != 0 }

  func enqueue(_ job: consuming ExecutorJob) {
    // G_PRIORITY_DEFAULT: ahead of GTK's layout and redraw (G_PRIORITY_HIGH_IDLE + 10/+20).
    g_idle_add_full(G_PRIORITY_DEFAULT, runJob, GLibBox.retained(UnownedJob(job)), glibReleaseBox)
  }

  func checkIsolated() {
    precondition(Self.ownsContext, "not on the thread that owns GLib's default main context")
  }
}

/// `GSourceFunc` of an enqueued job: runs it once (`G_SOURCE_REMOVE`).
private let runJob: GSourceFunc = { userData in
  guard let userData else { return 0 }
  GLibBox<UnownedJob>.value(at: userData).runSynchronously(on: GLibMainActor.executor.asUnownedSerialExecutor())
  return 0
}

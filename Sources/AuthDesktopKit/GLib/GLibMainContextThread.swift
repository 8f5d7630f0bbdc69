import CSoup
import Foundation

/// A private `GMainContext` iterated by a dedicated thread, for GLib objects that need a running main
/// context (a `SoupServer`) in a process that has no GLib main loop of its own (the CLI), or whose main
/// loop must not be blocked.
///
/// `@unchecked Sendable`, and the one place the loopback listener holds GLib pointers: `context` and
/// `loop` are used from other threads only through GLib's thread-safe calls (`g_source_attach`,
/// `g_main_loop_quit` from a source on the thread itself); everything `start`'s `setUp` creates is
/// created, used and freed on the thread, with the context pushed as its thread-default, so those
/// objects attach their sources here.
public final class GLibMainContextThread: @unchecked Sendable {
  private let context: OpaquePointer
  private let loop: OpaquePointer
  private let lock = NSLock()
  private var finished = false
  private var finishWaiters: [CheckedContinuation<Void, Never>] = []

  private init() {
    context = g_main_context_new()
    loop = g_main_loop_new(context, 0)
  }

  deinit {
    g_main_loop_unref(loop)
    g_main_context_unref(context)
  }

  /// Starts the thread and runs `setUp` on it. `setUp` returns a value for the caller and a tear-down
  /// that runs on the thread after `stop()`; when it throws, the thread ends and the error is rethrown.
  /// Returns once the loop is iterating.
  public static func start<Value: Sendable>(
    name: String, setUp: @escaping @Sendable () throws -> (Value, tearDown: () -> Void)
  ) async throws -> (GLibMainContextThread, Value) {
    try await start(name: name) { (_: GLibMainContextThread) in try setUp() }
  }

  /// `start(name:setUp:)` whose `setUp` gets the thread, to `perform` work on it later (answers of
  /// requests that are handled asynchronously).
  public static func start<Value: Sendable>(
    name: String, setUp: @escaping @Sendable (GLibMainContextThread) throws -> (Value, tearDown: () -> Void)
  ) async throws -> (GLibMainContextThread, Value) {
    let thread = GLibMainContextThread()
    let value = try await withCheckedThrowingContinuation { (started: CheckedContinuation<Value, Error>) in
      let worker = Thread { thread.main(setUp: { try setUp(thread) }, started: started) }
      worker.name = name
      worker.start()
    }
    return (thread, value)
  }

  private func main<Value: Sendable>(
    setUp: () throws -> (Value, tearDown: () -> Void), started: CheckedContinuation<Value, Error>
  ) {
    g_main_context_push_thread_default(context)
    defer {
      g_main_context_pop_thread_default(context)
      markFinished()
    }
    let tearDown: () -> Void
    do {
      let (value, end) = try setUp()
      tearDown = end
      // Resumed from inside the loop, so a `stop()` right after `start` cannot quit it before it runs.
      perform { started.resume(returning: value) }
    } catch {
      started.resume(throwing: error)
      return
    }
    g_main_loop_run(loop)
    tearDown()
    // Let sources scheduled by the tear-down (closing connections) run before the context goes away.
    var rounds = 0
    while g_main_context_iteration(context, 0) != 0 && rounds < 100 { rounds += 1 }
  }

  /// Runs `body` on the thread, from the loop (an idle source holding a retained box).
  public func perform(_ body: @escaping @Sendable () -> Void) {
    let source = g_idle_source_new()
    g_source_set_callback(source, idleThunk, GLibBox<@Sendable () -> Void>.retained(body), glibReleaseBox)
    g_source_attach(source, context)
    g_source_unref(source)
  }

  /// Asks the loop to stop (the tear-down then runs on the thread) without waiting for it.
  public func requestStop() {
    perform { [self] in g_main_loop_quit(loop) }
  }

  /// Stops the loop, runs the tear-down and waits for the thread to end. Safe to call more than once.
  public func stop() async {
    requestStop()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let alreadyFinished = lock.withLock {
        if !finished { finishWaiters.append(done) }
        return finished
      }
      if alreadyFinished { done.resume() }
    }
  }

  private func markFinished() {
    let waiters = lock.withLock {
      finished = true
      defer { finishWaiters = [] }
      return finishWaiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// `GSourceFunc` for `perform`: runs the boxed closure once (`G_SOURCE_REMOVE`).
private let idleThunk: GSourceFunc = { userData in
  guard let userData else { return 0 }
  GLibBox<@Sendable () -> Void>.value(at: userData)()
  return 0
}

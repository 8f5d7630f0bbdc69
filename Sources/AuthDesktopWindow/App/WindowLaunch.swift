import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// The window's model for this launch: the real one on the configured `Auth` (in emulator mode with
/// the provider emulator answering, see `EmulatorMode`), or — when it cannot start (a broken
/// configuration, the emulator's port taken) — a `StartupErrorModel` that shows why, with no sign-in.
enum WindowLaunch {
  /// What the model needs that takes time and touches nothing outside this process: the configuration,
  /// the store (opened, migrated, its interrupted operations recovered), who is signed in, and which
  /// program opens the app's URL scheme.
  struct Prepared: Sendable {
    let launch: EmulatorMode.Launch
    let auth: Auth
    /// The window's first page: the signed-in user's, or the sign-in page for nil.
    let currentUser: User?
    let registration: SchemeRegistration
    var schemeWarning: String? { registration.warning(for: launch.configuration) }
  }

  /// Starts `Prepared` on a thread of its own. `WindowApplication` calls it before GTK initialises, so
  /// the two overlap instead of the window's first frame waiting for both (docs/benchmarks.md).
  static func prepare(paths: ConfigurationPaths, emulator: Bool) -> Task<Prepared, Error> {
    Task.detached {
      let (launch, auth) = try await AppLaunch.makeAuth(paths, emulator: emulator)
      let registration = SchemeRegistration.lookUp(for: launch.configuration)
      _ = try? await auth.recoverInterruptedOperations()
      let currentUser = try? await auth.currentUser()
      return Prepared(launch: launch, auth: auth, currentUser: currentUser, registration: registration)
    }
  }

  /// For the application's `startup` (primary instance only): blocks the GTK thread until the model is
  /// ready — the `prepared` work, and in emulator mode finding or starting the emulator (milliseconds,
  /// on threads of their own; nothing here waits for the GTK thread).
  static func model(paths: ConfigurationPaths, emulator: Bool, prepared: Task<Prepared, Error>? = nil)
    -> any WindowModel
  {
    let made = OnceValue<any WindowModel>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      made.set(await makeModel(paths: paths, emulator: emulator, prepared: prepared))
      done.signal()
    }
    done.wait()
    return made.current!
  }

  /// The model (the menu's "Use Provider Emulator" calls it with `emulator: true`).
  static func makeModel(paths: ConfigurationPaths, emulator: Bool, prepared: Task<Prepared, Error>? = nil) async
    -> any WindowModel
  {
    do {
      let prepared = try await (prepared ?? prepare(paths: paths, emulator: emulator)).value
      let launch = prepared.launch
      try await EmulatorMode.ensureServing(launch, identitiesDirectory: paths.dataDirectory)
      let model = AuthWindowModel(
        auth: prepared.auth, configuration: launch.configuration, schemeWarning: prepared.schemeWarning,
        registration: prepared.registration,
        isEmulator: launch.emulator != nil, signInTimeout: signInTimeout(ProcessInfo.processInfo.environment),
        prepareSignIn: {
          // So that `auth-desktop URI`, started with no options, finds this window whatever its store.
          await RedirectRoutes.serve(prepared.auth, appID: AppIdentity.authDesktop.applicationID)
          try await EmulatorMode.ensureServing(launch, identitiesDirectory: paths.dataDirectory)
        })
      let store = DesktopAuth.storeDirectory(configuration: launch.configuration, dataDirectory: launch.dataDirectory)
      Task { @GLibMainActor in
        model.showFirstPage(for: prepared.currentUser)
        model.followStore(in: store)
      }
      return model
    } catch {
      // The start-up error page: what is wrong, where, what to do; Retry and Quit, no sign-in.
      DesktopAuth.logger().notice("the window starts on its error page: \(error)")
      return StartupErrorModel(WindowProblem(error), isEmulator: emulator)
    }
  }

  /// `AUTH_DESKTOP_SIGN_IN_TIMEOUT` (seconds, like the CLI's `--timeout`); otherwise the pending sign-in's
  /// lifetime (10 minutes).
  static let signInTimeoutVariable = "AUTH_DESKTOP_SIGN_IN_TIMEOUT"

  static func signInTimeout(_ environment: [String: String]) -> Duration {
    guard let value = environment[signInTimeoutVariable].flatMap(Int.init), value > 0 else { return .seconds(600) }
    return .seconds(value)
  }

}

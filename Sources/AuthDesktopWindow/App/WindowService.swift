import AuthDesktopApp
import AuthDesktopKit
import AuthDesktopService
import AuthEngine
import CGtk
import Foundation

/// The session-bus service (`AccountsService`) in the window's process: its questions are the window's
/// dialogs (`ConsentDialog`), over the window when it is open. Started on `startup` by every primary
/// instance, whether the user opened the window or the bus started the process for a call
/// (`--gapplication-service`, from the service file `install` writes); the process is held while a
/// session or request is open, and a service-only process ends ten minutes after the last call ended
/// (long enough that a script's next `token` finds it running).
@GLibMainActor
enum WindowService {
  static let inactivityMilliseconds: UInt32 = 600_000
  private static var running: AccountsService?

  /// The bus going away ends the process (the session ended): GDBus's own exit on a closed connection
  /// is a SIGTERM, which a process started with SIGTERM blocked (as under some session managers and
  /// tests) never gets. A name taken by another process (only when two instances run) ends nothing.
  private static func watch(_ service: AccountsService, application address: UInt) {
    Task { @GLibMainActor in
      for await _ in await service.nameLost {}
      guard await service.busClosed else { return }
      g_application_quit(UnsafeMutablePointer<GApplication>(bitPattern: address)!)
    }
  }

  /// What the service answers from: the window's accounts; the start-up error page's problem (at once:
  /// the page is where the window settled); nothing yet while the first model is being made.
  static func accounts(in model: (any WindowModel)?) -> AccountsSource {
    switch model {
    case let model as AuthWindowModel: return .open(model.auth)
    case let model as StartupErrorModel: return .unavailable(model.problem.code)
    default: return .opening
    }
  }

  static func start(
    application: UnsafeMutablePointer<GtkApplication>,
    accounts: @escaping @GLibMainActor @Sendable () -> AccountsSource
  ) {
    let address = UInt(bitPattern: application)
    let gApplication = glibCast(application, to: GApplication.self)
    g_application_set_inactivity_timeout(gApplication, inactivityMilliseconds)
    let consent = ConsentDialog {
      let app = UnsafeMutablePointer<GtkApplication>(bitPattern: address)!
      return gtk_application_get_active_window(app).map { glibCast($0, to: GtkWidget.self) }
    }
    var options = AccountsService.Options(
      consent: consent, browser: GioBrowserLauncher(), listener: SoupRedirectListener(pages: .translated))
    options.accounts = { await accounts() }
    options.activity = { busy in
      Task { @GLibMainActor in
        let app = UnsafeMutablePointer<GApplication>(bitPattern: address)!
        if busy { g_application_hold(app) } else { g_application_release(app) }
      }
    }
    // Each call of the own command line starts the inactivity time again.
    options.used = {
      Task { @GLibMainActor in
        let app = UnsafeMutablePointer<GApplication>(bitPattern: address)!
        g_application_hold(app)
        g_application_release(app)
      }
    }
    // Held until the service answers calls (or could not start), so that a process the bus started for a
    // call does not end before it took the name.
    g_application_hold(gApplication)
    Task { @GLibMainActor in
      defer { g_application_release(UnsafeMutablePointer<GApplication>(bitPattern: address)!) }
      let service: AccountsService
      do {
        service = try await AccountsService.start(options: options)
      } catch {
        return DesktopAuth.logger().warning("the session-bus service did not start: \(error)")
      }
      running = service
      watch(service, application: address)
    }
  }
}

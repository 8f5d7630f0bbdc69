import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import CAdwaita
import CGtk
import Foundation

/// The `AdwApplication` (`dev.authdesktop.AuthDesktop`, `G_APPLICATION_HANDLES_OPEN`). It only
/// handles `activate`, `open` and the app actions; the window does the rest. libadwaita's style
/// manager follows the system's light or dark preference (its default colour scheme).
///
/// A second process started with a URI (the browser's redirect to the custom scheme) finds the first
/// on the session bus, forwards the URI and exits; the first gets `open`. A cold start gets `startup`
/// then `open` and no `activate` (docs/glib-and-swift.md), so both build the window.
enum WindowApplication {
  /// A `WindowPage` name (`signed-out`, `waiting`, …, `unavailable`): show that page with fixed data
  /// (`PreviewWindowModel`) instead of `model`, as a non-unique instance (for screenshots). The
  /// preview exists only under this variable.
  static let previewPageVariable = "AUTH_DESKTOP_PREVIEW_PAGE"

  /// Runs the application until its last window closes (or `app.quit`, Ctrl+Q); returns the exit
  /// status. Blocks the calling thread, which becomes the GTK thread: call it from the main thread
  /// in synchronous code, not from an `async` function (that would hold a cooperative-pool thread,
  /// which the engine's actors need, for the application's whole life).
  ///
  /// `arguments` are GApplication's: the program name, then URIs to open (anything starting with
  /// `-` is taken as a GApplication option).
  /// `makeModel` runs in the primary instance only (on `startup`), so a second launch that forwards
  /// its URI over D-Bus opens no database and starts no emulator. `emulatorModel` makes the model of
  /// the menu's "Use Provider Emulator" (the item is disabled without). `retryModel` makes a new
  /// launch for the start-up error page's Retry (`app.retry`), in emulator mode or not. `whenPrimary`
  /// runs once this process turns out to be the primary instance, before `startup` initialises GTK.
  /// `hostsService`: the primary instance also runs the session-bus service (`WindowService`; not for a
  /// preview).
  static func run(
    arguments: [String], makeModel: @escaping @GLibMainActor () -> any WindowModel,
    emulatorModel: (@GLibMainActor @Sendable () async -> any WindowModel)? = nil,
    retryModel: (@GLibMainActor @Sendable (_ emulator: Bool) async -> any WindowModel)? = nil,
    whenPrimary: (@GLibMainActor () -> Void)? = nil, hostsService: Bool = false
  ) -> Int32 {
    var makeModel = makeModel
    var retryModel = retryModel
    var flags = G_APPLICATION_HANDLES_OPEN.rawValue
    if let page = ProcessInfo.processInfo.environment[previewPageVariable] {
      guard let preview = PreviewWindowModel(page: page) else {
        let pages = WindowPage.allCases.map(\.rawValue).joined(separator: ", ")
        printError("\(previewPageVariable)=\(page) is not a page (\(pages))")
        return 2
      }
      makeModel = { preview }
      // Retry on the start-up error preview shows the same page again.
      retryModel = retryModel ?? { _ in PreviewWindowModel(page: page)! }
      flags |= G_APPLICATION_NON_UNIQUE.rawValue
    }
    let context = g_main_context_default()
    guard g_main_context_acquire(context) != 0 else {
      printError("another thread already runs GLib's default main context")
      return 1
    }
    defer { g_main_context_release(context) }
    return GLibMainActor.assumeIsolated { [makeModel, retryModel] in
      runApplication(
        arguments: arguments, makeModel: makeModel, emulatorModel: emulatorModel, retryModel: retryModel,
        whenPrimary: whenPrimary, hostsService: hostsService && flags & G_APPLICATION_NON_UNIQUE.rawValue == 0,
        flags: GApplicationFlags(rawValue: flags))
    }
  }

  /// `run` with a model made beforehand (tests).
  static func run(arguments: [String], model: any WindowModel) -> Int32 {
    run(arguments: arguments, makeModel: { model })
  }

  @GLibMainActor private static func runApplication(
    arguments: [String], makeModel: @escaping @GLibMainActor () -> any WindowModel,
    emulatorModel: (@GLibMainActor @Sendable () async -> any WindowModel)?,
    retryModel: (@GLibMainActor @Sendable (Bool) async -> any WindowModel)?,
    whenPrimary: (@GLibMainActor () -> Void)?, hostsService: Bool, flags: GApplicationFlags
  ) -> Int32 {
    let application = glibCast(
      adw_application_new(AppIdentity.authDesktop.applicationID, flags)!, to: GtkApplication.self)
    defer { g_object_unref(application) }
    // The app has no GResource bundle (no icons, menus or shortcuts under its ID's path), so
    // GtkApplication has nothing to load on `startup`. With the default base path it still made the
    // display's icon theme, whose first load starts on a worker thread, before libadwaita's init added
    // its icons' path; that call could then wait for the load and discard it (docs/benchmarks.md,
    // "Decisions"). Now libadwaita makes the theme and adds its path at once.
    g_application_set_resource_base_path(glibCast(application, to: GApplication.self), nil)
    defer { ThemeStart.disarm(initializeGtk: false) }  // Registration failed: no `startup` either.
    let presenter = WindowPresenter(application: application, makeModel: makeModel)
    // Emitted by the registration before `startup`: a primary instance prepares its model and GTK's
    // settings (`ThemeStart`); a second one, which only forwards its URIs, does neither.
    var registered = false
    GtkSignal.connectNotify(application, "is-registered") {
      guard !registered else { return }
      registered = true
      let primary = g_application_get_is_remote(glibCast(application, to: GApplication.self)) == 0
      ThemeStart.disarm(initializeGtk: primary)
      if primary { whenPrimary?() }
    }
    GtkSignal.connect(application, "startup") {
      presenter.prepare()
      // The service shares the window's accounts: the model's `Auth`, or the start-up error page's problem.
      if hostsService {
        WindowService.start(application: application) { WindowService.accounts(in: presenter.current) }
      }
    }
    GtkSignal.connect(application, "activate") { presenter.present() }
    GtkSignal.connectOpen(application) { uris in
      // Presented during the emission: GtkApplication has just read the activation token of this `open`
      // (platform data `activation-token` / `desktop-startup-id`, which `auth-desktop URI` forwards) and
      // gtk_window_present uses it. Checked under a window manager by WindowRaiseTests.
      presenter.present()
      let model = presenter.model
      for uri in uris {
        guard let url = URL(string: uri) else { continue }
        Task { await model.deliver(url) }
      }
    }
    addAction("quit", to: application) { g_application_quit(glibCast(application, to: GApplication.self)) }
    if let emulatorModel {
      addAction("emulator", to: application) {
        Task { @GLibMainActor in presenter.replace(with: await emulatorModel()) }
      }
    }
    if let retryModel {
      addAction("retry", to: application) {
        let emulator = presenter.model.isEmulator
        Task { @GLibMainActor in presenter.replace(with: await retryModel(emulator)) }
      }
    }
    "<Control>q".withCString { gtk_application_set_accels_for_action(application, "app.quit", [$0, nil]) }

    var argv = arguments.map { strdup($0) }
    defer { argv.forEach { free($0) } }
    argv.append(nil)
    return argv.withUnsafeMutableBufferPointer {
      g_application_run(glibCast(application, to: GApplication.self), Int32(arguments.count), $0.baseAddress)
    }
  }

  @GLibMainActor private static func addAction(
    _ name: String, to application: UnsafeMutablePointer<GtkApplication>, _ handler: @escaping GtkSignal.Handler
  ) {
    let action = g_simple_action_new(name, nil)!
    GtkSignal.connectAction(UnsafeMutableRawPointer(action), handler)
    g_action_map_add_action(OpaquePointer(application), action)
    g_object_unref(UnsafeMutableRawPointer(action))
  }

  /// The window for a launch with `paths`: the model of `WindowLaunch`, and the emulator one for the menu.
  static func run(arguments: [String], launch paths: ConfigurationPaths, emulator: Bool) -> Int32 {
    // Configuration, store and scheme lookup overlap GTK's start-up, in the primary instance only (not
    // for a preview: no store).
    let previewing = ProcessInfo.processInfo.environment[previewPageVariable] != nil
    let prepared = PreparedLaunch()
    return run(
      arguments: arguments,
      makeModel: { WindowLaunch.model(paths: paths, emulator: emulator, prepared: prepared.task) },
      emulatorModel: { await WindowLaunch.makeModel(paths: paths, emulator: true) },
      retryModel: { await WindowLaunch.makeModel(paths: paths, emulator: $0) },
      whenPrimary: { if !previewing { prepared.task = WindowLaunch.prepare(paths: paths, emulator: emulator) } },
      hostsService: true)
  }

  private static func printError(_ message: String) {
    FileHandle.standardError.write(Data("auth-desktop: \(message)\n".utf8))
  }
}

/// The launch's `WindowLaunch.prepare`, started once the process knows it is the primary instance.
@GLibMainActor
private final class PreparedLaunch: Sendable {
  var task: Task<WindowLaunch.Prepared, Error>?
}

/// Builds the window on first use and presents it; forgets it when GTK destroys it (closed).
@GLibMainActor
private final class WindowPresenter {
  private let application: UnsafeMutablePointer<GtkApplication>
  private let makeModel: @GLibMainActor () -> any WindowModel
  private var made: (any WindowModel)?
  private var window: MainWindow?

  init(application: UnsafeMutablePointer<GtkApplication>, makeModel: @escaping @GLibMainActor () -> any WindowModel) {
    self.application = application
    self.makeModel = makeModel
  }

  /// The model, made on first use (`startup`, in the primary instance).
  var model: any WindowModel {
    if let made { return made }
    let model = makeModel()
    made = model
    return model
  }

  func prepare() { _ = model }

  /// The model, once made (nil before: not made here).
  var current: (any WindowModel)? { made }

  func present() {
    if let window {
      window.present()
      return
    }
    let window = MainWindow(application: application, model: model)
    self.window = window
    GtkSignal.connect(window.window, "destroy") { [weak self] in self?.window = nil }
    let gtkWindow = glibCast(window.window, to: GtkWindow.self)
    // Another process may have signed in or out while the window was in the background.
    GtkSignal.connectNotify(window.window, "is-active") { [weak self] in
      if gtk_window_is_active(gtkWindow) != 0 { self?.model.storeMayHaveChanged() }
    }
    model.onPresentRequest = { [weak self] in self?.present() }
    window.present()
  }

  /// Shows `model` in a new window in place of the current one (the application is held meanwhile,
  /// so closing its only window does not end it).
  func replace(with model: any WindowModel) {
    self.model.cancelSignIn()
    made = model
    guard let old = window else { return present() }
    g_application_hold(glibCast(application, to: GApplication.self))
    defer { g_application_release(glibCast(application, to: GApplication.self)) }
    window = nil
    gtk_window_destroy(glibCast(old.window, to: GtkWindow.self))
    present()
  }
}

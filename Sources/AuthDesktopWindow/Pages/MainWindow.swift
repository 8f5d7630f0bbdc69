import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// The application window (`AdwApplicationWindow`): the header bar, the scheme warning, and over a
/// `GtkStack` with one page per state of the model (each made when first shown; none while the model
/// loads), an `AdwToastOverlay` for what just happened ("Signed out", "Account deleted", "Link
/// copied"). It follows `model.state` and turns clicks into calls on the model; Escape cancels a
/// waiting sign-in (`win.cancel-sign-in`).
@GLibMainActor
final class MainWindow {
  /// A change the user asked for whose outcome gets a toast once the model reports it.
  enum Expectation {
    case signedOut, deleted, created
  }

  /// The widget name of the pages' stack (libadwaita's widgets hold stacks of their own).
  static let stackName = "pages"

  let window: Widget
  let model: any WindowModel
  private let stack: Widget
  private let toasts: Toasts
  private let headerAccount = HeaderAccount()
  // The pages, each made and added to the stack the first time the window shows it (`ensure`): a
  // start shows one page, and GTK styles, measures and exposes to assistive technologies only the
  // pages the stack holds.
  private var signedOut: SignedOutPage?
  private var signUp: SignUpPage?
  private var waiting: WaitingPage?
  private var device: DevicePage?
  private var signedIn: SignedInPage?
  private var conflict: ConflictPage?
  private var secondFactor: SecondFactorPage?
  private var enrollment: EnrollmentPage?
  private var failure: ProblemPage?
  private var unavailable: ProblemPage?
  private var connectedApps: ConnectedAppsPage?
  /// The stack's pages by name (those made so far), to hide the background ones from assistive
  /// technologies.
  private var pages: [(WindowPage, Widget)] = []
  private(set) var shownPage: WindowPage?
  var expected: Expectation?
  var cancelAction: OpaquePointer?
  var deviceAction: OpaquePointer?
  var connectedAppsAction: OpaquePointer?

  init(application: UnsafeMutablePointer<GtkApplication>, model: any WindowModel) {
    self.model = model
    let stack = gtk_stack_new()!
    self.stack = stack
    toasts = Toasts(over: stack)
    window = adw_application_window_new(application)
    let gtkWindow = glibCast(window, to: GtkWindow.self)
    gtk_window_set_title(gtkWindow, WindowText.windowTitle)
    gtk_window_set_default_size(gtkWindow, 480, 720)
    let gtkStack = OpaquePointer(stack)
    gtk_widget_set_name(stack, Self.stackName)
    gtk_stack_set_transition_type(gtkStack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    gtk_widget_set_vexpand(stack, 1)
    let warning = WarningBanner(model.schemeWarning)
    let content = Gtk.box(
      spacing: 0,
      [
        HeaderBar.make(
          isEmulator: model.isEmulator, deviceProviders: model.deviceProviders(), account: headerAccount.root),
        warning.root,
        toasts.overlay,
      ])
    adw_application_window_set_content(glibCast(window, to: AdwApplicationWindow.self), content)
    addActions()

    show(model.state, animated: false)
    model.onStateChange = { [weak self] state in self?.show(state, animated: true) }
  }

  /// Makes `page` and adds it to the stack, unless it is there already.
  private func ensure(_ page: WindowPage) {
    guard !pages.contains(where: { $0.0 == page }) else { return }
    let root: Widget
    switch page {
    case .signedOut:
      let made = SignedOutPage(
        providers: model.providers(),
        actions: .init(
          provider: { [model] in model.signIn(providerID: $0) },
          signIn: { [model] in model.signIn(email: $0, password: $1) },
          createAccount: { [model] in model.showSignUp() },
          anonymous: { [model] in model.signInAnonymously() }, back: { [model] in model.cancelSignIn() }))
      (signedOut, root) = (made, made.root)
    case .signUp:
      let made = SignUpPage(
        onCreate: { [weak self, model] in
          self?.expected = .created
          model.signUp(email: $0, password: $1)
        }, onBack: { [model] in model.cancelSignIn() })
      (signUp, root) = (made, made.root)
    case .waiting:
      let made = WaitingPage(
        onCancel: { [model] in model.cancelSignIn() }, onCopied: { [weak self] in self?.toast(WindowText.linkCopied) })
      (waiting, root) = (made, made.root)
    case .device:
      let made = DevicePage(
        onCancel: { [model] in model.cancelSignIn() }, onCopied: { [weak self] in self?.toast(WindowText.codeCopied) })
      (device, root) = (made, made.root)
    case .signedIn:
      let made = SignedInPage(
        actions: .init(
          link: { [model] in model.link(providerID: $0) }, unlink: { [model] in model.unlink(providerID: $0) },
          reauthenticate: { [model] in model.reauthenticate() },
          addSecondFactor: { [model] in model.startSecondFactorEnrollment() },
          signOut: { [weak self, model] in
            self?.expected = .signedOut
            model.signOut()
          },
          deleteAccount: { [weak self] account in self?.confirmDeletion(of: account) },
          connectedApps: { [model] in model.showConnectedApps() },
          accounts: .init(
            add: { [model] in model.addAccount() }, switchTo: { [model] in model.switchAccount(uid: $0) },
            signOut: { [weak self, model] in
              self?.expected = .signedOut
              model.signOut(uid: $0)
            })))
      (signedIn, root) = (made, made.root)
    case .conflict:
      let made = ConflictPage(
        actions: .init(
          signInAndLink: { [model] in model.signInAndLink(method: $0) },
          // Without linking: the password's form is the sign-in page.
          signIn: { [model] in $0 == "password" ? model.cancelSignIn() : model.signIn(providerID: $0) },
          cancel: { [model] in model.cancelSignIn() }))
      (conflict, root) = (made, made.root)
    case .secondFactor:
      let made = SecondFactorPage(
        onVerify: { [model] in model.submitSecondFactor(code: $0) }, onCancel: { [model] in model.cancelSignIn() })
      (secondFactor, root) = (made, made.root)
    case .enrollSecondFactor:
      let made = EnrollmentPage(
        onAdd: { [model] in model.finishSecondFactorEnrollment(code: $0) },
        onCancel: { [model] in model.cancelSignIn() })
      (enrollment, root) = (made, made.root)
    case .error:
      let made = ProblemPage(
        accessible: WindowText.errorPage,
        buttons: [.init(label: WindowText.back, accessible: WindowText.back, actionName: "win.dismiss-error")])
      (failure, root) = (made, made.root)
    case .unavailable:
      let made = ProblemPage(
        accessible: WindowText.unavailablePage,
        buttons: [
          .init(
            label: WindowText.retry, accessible: WindowText.retryAccessible, actionName: "app.retry", suggested: true),
          .init(label: WindowText.quit, accessible: WindowText.quitAccessible, actionName: "app.quit"),
        ])
      (unavailable, root) = (made, made.root)
    case .connectedApps:
      let made = ConnectedAppsPage(
        onRemove: { [model] in model.removeConnectedApp($0) }, onBack: { [model] in model.cancelSignIn() })
      (connectedApps, root) = (made, made.root)
    }
    // The title names the stack page for assistive technologies.
    gtk_stack_add_titled(OpaquePointer(stack), root, page.rawValue, Self.title(of: page))
    pages.append((page, root))
  }

  private static func title(of page: WindowPage) -> String {
    switch page {
    case .signedOut: WindowText.signedOutPage
    case .signUp: WindowText.signUpPage
    case .waiting: WindowText.waitingPage
    case .device: WindowText.devicePage
    case .signedIn: WindowText.signedInPage
    case .conflict: WindowText.conflictPage
    case .secondFactor: WindowText.secondFactorPage
    case .enrollSecondFactor: WindowText.enrollPage
    case .error: WindowText.errorPage
    case .unavailable: WindowText.unavailablePage
    case .connectedApps: WindowText.connectedApps
    }
  }

  func present() {
    gtk_window_present(glibCast(window, to: GtkWindow.self))
  }

  func toast(_ text: String) { toasts.show(text) }

  /// Asks before deleting (`DeleteConfirmation`); only "Delete" reaches the model.
  private func confirmDeletion(of account: AccountSummary) {
    DeleteConfirmation.present(over: window, account: account) { [weak self] in
      guard let self else { return }
      self.expected = .deleted
      self.model.deleteAccount()
    }
  }

  private func show(_ state: WindowState, animated: Bool) {
    guard var page = state.page else {  // `.loading`: no page yet, nothing to cancel or start.
      if let cancelAction { g_simple_action_set_enabled(cancelAction, 0) }
      if let deviceAction { g_simple_action_set_enabled(deviceAction, 0) }
      return
    }
    signedOut?.showProblem(nil)
    signUp?.showProblem(nil)
    // A problem with what was typed stays on the form it came from.
    if case .error(let problem) = state, problem.isFormError, let form = shownPage,
      form == .signedOut || form == .signUp
    {
      page = form
    }
    ensure(page)
    switch state {
    case .loading, .signUp: break
    case .signedOut, .addAccount: signedOut?.setAddingAccount(state == .addAccount)
    case .waiting(let providerTitle, let url): waiting?.update(providerTitle: providerTitle, authorizationURL: url)
    case .device(let prompt): device?.update(prompt)
    case .signedIn(let account): signedIn?.update(account)
    case .conflict(let email, let methods, let providerID):
      conflict?.update(email: email, methods: methods, providerID: providerID)
    case .secondFactor(let prompt): secondFactor?.update(prompt)
    case .enrollSecondFactor(let prompt): enrollment?.update(prompt)
    case .error(let problem):
      switch page {
      case .signUp: signUp?.showProblem(problem)
      case .signedOut: signedOut?.showProblem(problem)
      default: failure?.update(problem)
      }
    case .unavailable(let problem): unavailable?.update(problem)
    case .connectedApps(let apps): connectedApps?.update(apps)
    }
    announce(state)
    if case .signedIn(let account) = state { headerAccount.update(account) }
    if state == .signedOut { headerAccount.update(nil) }
    if page != .signedOut { signedOut?.clearPassword() }
    if page != .signUp { signUp?.clearPassword() }
    if page != .secondFactor { secondFactor?.clearCode() }
    waiting?.setShown(page == .waiting)
    device?.setShown(page == .device)
    let cancels = page == .waiting || page == .device || page == .connectedApps || state == .addAccount
    if let cancelAction { g_simple_action_set_enabled(cancelAction, cancels ? 1 : 0) }
    if let deviceAction { g_simple_action_set_enabled(deviceAction, page == .signedOut ? 1 : 0) }
    if let connectedAppsAction { g_simple_action_set_enabled(connectedAppsAction, page == .signedIn ? 1 : 0) }
    // The first page after `.loading` appears at once, not faded in.
    let transition =
      animated && shownPage != nil ? GTK_STACK_TRANSITION_TYPE_CROSSFADE : GTK_STACK_TRANSITION_TYPE_NONE
    gtk_stack_set_visible_child_full(OpaquePointer(stack), page.rawValue, transition)
    // The stack hands the keyboard focus to the new page's first control, which on the signed-in page
    // is an account action ("Unlink", "Sign out"): a stray Enter after signing in would trigger it.
    if page == .signedIn && shownPage != .signedIn { gtk_window_set_focus(glibCast(window, to: GtkWindow.self), nil) }
    for (name, widget) in pages { authdesktop_accessible_set_hidden(widget, name == page ? 0 : 1) }
    shownPage = page
  }

  /// The toast for what the user asked for, once the model reports it happened; a failure drops it.
  private func announce(_ state: WindowState) {
    guard let expected else { return }
    switch (expected, state) {
    case (.deleted, .signedOut), (.deleted, .signedIn): toast(WindowText.accountDeleted)
    // Signing out one of several users leaves another signed in.
    case (.signedOut, .signedOut), (.signedOut, .signedIn): toast(WindowText.signedOutToast)
    case (.created, .signedIn): toast(WindowText.accountCreated)
    case (_, .error), (_, .unavailable): break
    default: return
    }
    self.expected = nil
  }
}

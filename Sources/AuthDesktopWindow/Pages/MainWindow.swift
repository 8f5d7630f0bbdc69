import AuthDesktopKit
import AuthDesktopShared
import CGtk

/// The application window: a header bar, the scheme warning, the error banner, and a `GtkStack` with
/// one page per state of the model. It follows `model.state` and turns clicks into calls on the model.
@GLibMainActor
final class MainWindow {
  let window: Widget
  private let model: any WindowModel
  private let stack = gtk_stack_new()!
  private let banner: ErrorBanner
  private let signedOut: SignedOutPage
  private let waiting: WaitingPage
  private let signedIn: SignedInPage
  private let conflict: ConflictPage
  /// The stack's pages by name (their scrollers), to hide the background ones from assistive tech.
  private var pages: [(WindowPage, Widget)] = []

  init(application: UnsafeMutablePointer<GtkApplication>, model: any WindowModel) {
    self.model = model
    window = gtk_application_window_new(application)
    let gtkWindow = glibCast(window, to: GtkWindow.self)
    gtk_window_set_title(gtkWindow, WindowText.windowTitle)
    gtk_window_set_default_size(gtkWindow, 480, 680)
    gtk_window_set_titlebar(gtkWindow, HeaderBar.make(isEmulator: model.isEmulator))

    banner = ErrorBanner { [model] in model.dismissError() }
    signedOut = SignedOutPage(
      providers: model.providers(), onProvider: { [model] in model.signIn(providerID: $0) },
      onEmailSignIn: { [model] in model.signIn(email: $0, password: $1) })
    waiting = WaitingPage { [model] in model.cancelSignIn() }
    signedIn = SignedInPage(
      actions: .init(
        link: { [model] in model.link(providerID: $0) }, unlink: { [model] in model.unlink(providerID: $0) },
        reauthenticate: { [model] in model.reauthenticate() },
        signOut: { [model] in model.signOut() }, deleteAccount: { [model] in model.deleteAccount() }))
    conflict = ConflictPage(
      onSignInAndLink: { [model] in model.signInAndLink(method: $0) }, onCancel: { [model] in model.cancelSignIn() })

    let gtkStack = OpaquePointer(stack)
    gtk_stack_set_transition_type(gtkStack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    let pages: [(Widget, WindowPage, String)] = [
      (signedOut.root, .signedOut, WindowText.signedOutPage), (waiting.root, .waiting, WindowText.waitingPage),
      (signedIn.root, .signedIn, WindowText.signedInPage), (conflict.root, .conflict, WindowText.conflictPage),
    ]
    for (page, name, title) in pages {
      let scroller = gtk_scrolled_window_new()!
      gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
      gtk_scrolled_window_set_child(OpaquePointer(scroller), page)
      // The title names the stack page for assistive technologies.
      gtk_stack_add_titled(gtkStack, scroller, name.rawValue, title)
      self.pages.append((name, scroller))
    }
    gtk_widget_set_vexpand(stack, 1)
    let warning = WarningBanner(model.schemeWarning)
    gtk_window_set_child(gtkWindow, Gtk.box(spacing: 0, [warning.root, banner.root, stack]))

    show(model.state, animated: false)
    model.onStateChange = { [weak self] state in self?.show(state, animated: true) }
  }

  func present() {
    gtk_window_present(glibCast(window, to: GtkWindow.self))
  }

  private func show(_ state: WindowState, animated: Bool) {
    banner.show(nil)
    switch state {
    case .signedOut: break
    case .waiting(let providerTitle, let url): waiting.update(providerTitle: providerTitle, authorizationURL: url)
    case .signedIn(let account): signedIn.update(account)
    case .conflict(let email, let methods, let providerID):
      conflict.update(email: email, methods: methods, providerID: providerID)
    case .error(let error): banner.show(error.body)
    }
    let page = state.page == .error ? WindowPage.signedOut : state.page
    if page != .signedOut { signedOut.clearPassword() }
    if page != .waiting { waiting.stop() }
    let transition = animated ? GTK_STACK_TRANSITION_TYPE_CROSSFADE : GTK_STACK_TRANSITION_TYPE_NONE
    gtk_stack_set_visible_child_full(OpaquePointer(stack), page.rawValue, transition)
    for (name, widget) in pages { authdesktop_accessible_set_hidden(widget, name == page ? 0 : 1) }
  }
}

import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// The signed-in user: avatar, name and email, the user id (and the Firebase project the account is
/// in, when it is kept in one), the configured providers as boxed-list
/// rows (`AdwActionRow` in an `AdwPreferencesGroup`: Unlink for the linked ones, Link for the others),
/// "Authenticator app … Add" for a Firebase project's account (a TOTP second factor, `EnrollmentPage`),
/// "Connected apps … Show" (`ConnectedAppsPage`),
/// then Reauthenticate and Sign out, the other signed-in users (`AccountList`) and Delete account (which asks first, see `DeleteConfirmation`).
@GLibMainActor
final class SignedInPage {
  struct Actions {
    var link: @GLibMainActor (_ providerID: String) -> Void
    var unlink: @GLibMainActor (_ providerID: String) -> Void
    var reauthenticate: @GLibMainActor () -> Void
    var addSecondFactor: @GLibMainActor () -> Void
    var signOut: @GLibMainActor () -> Void
    var deleteAccount: @GLibMainActor (AccountSummary) -> Void
    /// "Connected apps … Show": the apps allowed to use an account (`ConnectedAppsPage`).
    var connectedApps: @GLibMainActor () -> Void
    /// "Other accounts": Add account, Switch, Sign out (`AccountList`).
    var accounts: AccountList.Actions
  }

  let root: Widget
  private let avatar = Adw.avatar(size: 80, text: "")
  private let name = Gtk.label("", classes: ["title-1"])
  private let email = Gtk.label("", classes: ["dim-label"])
  private let uidRow = Adw.actionRow(title: WindowText.userIDTitle)
  private let projectRow = Adw.actionRow(title: WindowText.firebaseProjectTitle)
  private let secondFactorRow: Widget
  private let linked = Adw.group(title: WindowText.linkedAccounts)
  private var rows: [Widget] = []
  private let accounts: AccountList
  private var account: AccountSummary?
  private let actions: Actions

  init(actions: Actions) {
    self.actions = actions
    accounts = AccountList(actions: actions.accounts)
    secondFactorRow = Adw.actionRow(
      title: WindowText.secondFactorRow, subtitle: WindowText.secondFactorRowHint,
      suffix: Gtk.button(
        WindowText.addSecondFactor, accessible: WindowText.addSecondFactorAccessible, action: actions.addSecondFactor))
    let session = Gtk.box(
      vertical: false, spacing: 12,
      [
        Gtk.button(WindowText.reauthenticate, classes: ["pill"], action: actions.reauthenticate),
        Gtk.button(WindowText.signOut, classes: ["pill"], action: actions.signOut),
      ])
    gtk_box_set_homogeneous(glibCast(session, to: GtkBox.self), 1)
    let delete = Gtk.button(WindowText.deleteAccount, classes: ["destructive-action", "pill"])
    let header = Gtk.box(
      spacing: 6, [avatar, Gtk.label(WindowText.signedInTitle, classes: ["dim-label"]), name, email])
    let column = Gtk.box(
      spacing: 24, margin: 24,
      [
        header,
        Adw.group(
          title: WindowText.accountGroup,
          [uidRow, projectRow, secondFactorRow, Self.connectedAppsRow(actions.connectedApps)]),
        linked, session,
        accounts.root, delete,
      ])
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scroller), Adw.clamp(column))
    root = scroller
    authdesktop_accessible_set_label(root, WindowText.signedInPage)
    GtkSignal.connect(delete, "clicked") { [weak self] in
      guard let account = self?.account else { return }
      actions.deleteAccount(account)
    }
  }

  func update(_ account: AccountSummary) {
    self.account = account
    // Without a name, the email address is the title (shown once).
    Adw.setAvatarText(avatar, account.displayName ?? account.email ?? "")
    // An anonymous user is a guest until an account is linked below.
    let guest = account.isAnonymous
    Gtk.setText(name, guest ? WindowText.anonymousUser : account.displayName ?? account.email ?? WindowText.unnamedUser)
    Gtk.setText(email, guest ? WindowText.anonymousHint : account.email ?? WindowText.noEmail)
    // A long email is shortened in its middle rather than wrapped mid-word (the tooltip has all of it);
    // a guest's hint is a sentence, which wraps.
    gtk_label_set_wrap(OpaquePointer(email), guest ? 1 : 0)
    gtk_label_set_ellipsize(OpaquePointer(email), guest ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_MIDDLE)
    gtk_widget_set_tooltip_text(email, guest ? nil : account.email)
    Gtk.setVisible(email, guest || account.displayName != nil)
    adw_action_row_set_subtitle(glibCast(uidRow, to: AdwActionRow.self), account.uid)
    adw_action_row_set_subtitle(glibCast(projectRow, to: AdwActionRow.self), account.firebaseProject ?? "")
    Gtk.setVisible(projectRow, account.firebaseProject != nil)
    // A second factor is a Firebase project's (Identity Platform), and a guest has none.
    Gtk.setVisible(secondFactorRow, account.firebaseProject != nil && !guest)
    for row in rows { adw_preferences_group_remove(glibCast(linked, to: AdwPreferencesGroup.self), row) }
    rows = []
    if account.providers.isEmpty && account.linkable.isEmpty {
      rows.append(Adw.actionRow(title: WindowText.noLinkedAccounts))
    }
    for provider in account.providers {
      rows.append(row(provider.providerID, detail: provider.detail ?? WindowText.linked, linked: true))
    }
    for providerID in account.linkable {
      rows.append(row(providerID, detail: WindowText.notLinked, linked: false))
    }
    for row in rows { adw_preferences_group_add(glibCast(linked, to: AdwPreferencesGroup.self), row) }
    accounts.update(account.others)
  }

  /// `Connected apps / Apps you allowed … ……… [Show]`.
  private static func connectedAppsRow(_ show: @escaping @GLibMainActor () -> Void) -> Widget {
    Adw.actionRow(
      title: WindowText.connectedApps, subtitle: WindowText.connectedAppsHint,
      suffix: Gtk.button(WindowText.showConnectedApps, accessible: WindowText.showConnectedAppsAccessible, action: show)
    )
  }

  /// `GitHub / ada@example.com ……… [Unlink]`, or `GitLab / Not linked ……… [Link]`.
  private func row(_ providerID: String, detail: String, linked: Bool) -> Widget {
    let title = WindowText.providerTitle(providerID)
    let action = linked ? actions.unlink : actions.link
    let button = Gtk.button(
      linked ? WindowText.unlink : WindowText.link,
      accessible: linked ? WindowText.unlinkAccessible(title) : WindowText.linkAccessible(title),
      classes: linked ? [] : ["suggested-action"]
    ) { action(providerID) }
    let row = Adw.actionRow(title: title, subtitle: detail, suffix: button)
    Adw.keepOnOneLine(row, fullText: "\(title)\n\(detail)")
    return row
  }
}

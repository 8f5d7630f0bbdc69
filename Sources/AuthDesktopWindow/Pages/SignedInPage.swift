import AuthDesktopKit
import AuthDesktopShared
import CGtk

/// The signed-in user: name, email and uid, the configured providers (Unlink for the linked ones,
/// Link for the others), then Reauthenticate, Sign out and Delete account.
@GLibMainActor
final class SignedInPage {
  struct Actions {
    var link: @GLibMainActor (_ providerID: String) -> Void
    var unlink: @GLibMainActor (_ providerID: String) -> Void
    var reauthenticate: @GLibMainActor () -> Void
    var signOut: @GLibMainActor () -> Void
    var deleteAccount: @GLibMainActor () -> Void
  }

  let root: Widget
  private let name = Gtk.label("", classes: ["title-1"])
  private let email = Gtk.label("", classes: ["dim-label"])
  private let uid = Gtk.label("", classes: ["caption", "monospace", "dim-label"])
  private let project = Gtk.label("", classes: ["caption", "dim-label"])
  private let list = gtk_list_box_new()!
  private let actions: Actions

  init(actions: Actions) {
    self.actions = actions
    gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
    gtk_widget_add_css_class(list, "rich-list")
    authdesktop_accessible_set_label(list, WindowText.linkedAccounts)
    let frame = gtk_frame_new(nil)!
    gtk_frame_set_child(glibCast(frame, to: GtkFrame.self), list)
    let heading = Gtk.label(WindowText.linkedAccounts, classes: ["heading"])
    gtk_widget_set_halign(heading, GTK_ALIGN_START)
    gtk_widget_set_margin_top(heading, 18)
    let session = Gtk.box(
      vertical: false, spacing: 12,
      [
        Gtk.button(WindowText.reauthenticate, action: actions.reauthenticate),
        Gtk.button(WindowText.signOut, action: actions.signOut),
      ])
    gtk_box_set_homogeneous(glibCast(session, to: GtkBox.self), 1)
    gtk_widget_set_margin_top(session, 18)
    let delete = Gtk.button(
      WindowText.deleteAccount, classes: ["destructive-action"], action: actions.deleteAccount)
    root = Gtk.page(
      accessible: WindowText.signedInPage,
      [
        Gtk.label(WindowText.signedInTitle, classes: ["dim-label"]), name, email, uid, project, heading, frame, session,
        delete,
      ])
  }

  func update(_ account: AccountSummary) {
    Gtk.setText(name, account.displayName ?? WindowText.unnamedUser)
    Gtk.setText(email, account.email ?? WindowText.noEmail)
    Gtk.setText(uid, WindowText.userID(account.uid))
    Gtk.setText(project, account.firebaseProject.map(WindowText.firebaseProject) ?? "")
    gtk_widget_set_visible(project, account.firebaseProject == nil ? 0 : 1)
    Gtk.removeAllRows(from: list)
    if account.providers.isEmpty && account.linkable.isEmpty {
      let empty = Gtk.label(WindowText.noLinkedAccounts, classes: ["dim-label"])
      gtk_list_box_append(OpaquePointer(list), empty)
    }
    for provider in account.providers {
      gtk_list_box_append(OpaquePointer(list), row(provider.providerID, detail: provider.detail, linked: true))
    }
    for providerID in account.linkable {
      gtk_list_box_append(OpaquePointer(list), row(providerID, detail: WindowText.notLinked, linked: false))
    }
  }

  /// `GitHub / ada@example.com ……… [Unlink]`, or `GitLab / Not linked ……… [Link]`.
  private func row(_ providerID: String, detail: String?, linked: Bool) -> Widget {
    let title = WindowText.providerTitle(providerID)
    let text = Gtk.box(spacing: 2, [Gtk.label(title)])
    if let detail { Gtk.append(Gtk.label(detail, classes: ["caption", "dim-label"]), to: text) }
    for child in sequence(first: gtk_widget_get_first_child(text)!, next: gtk_widget_get_next_sibling) {
      gtk_widget_set_halign(child, GTK_ALIGN_START)
    }
    gtk_widget_set_hexpand(text, 1)
    gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
    let action = linked ? actions.unlink : actions.link
    let button = Gtk.button(
      linked ? WindowText.unlink : WindowText.link,
      accessible: linked ? WindowText.unlinkAccessible(title) : WindowText.linkAccessible(title)
    ) { action(providerID) }
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    return Gtk.box(vertical: false, spacing: 12, [text, button])
  }
}

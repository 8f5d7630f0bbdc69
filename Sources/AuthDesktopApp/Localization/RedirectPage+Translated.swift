import AuthDesktopKit

extension RedirectPage {
  /// The loopback landing pages (RFC 8252 §7.3) in the language of this process (`tr`): the browser
  /// shows them when the sign-in ends.
  public static var translated: RedirectPage {
    RedirectPage(
      texts: Texts(
        signedIn: tr("Signed in. You can close this tab and return to the app."),
        declined: tr("Sign-in declined. You can close this tab."),
        failed: tr("The sign-in did not complete; the app says why. You can close this tab."),
        ended: tr("This sign-in is no longer waiting. You can close this tab."),
        // TRANSLATORS: the language code of this translation (BCP 47, e.g. "pt-BR"), the page's lang.
        language: tr("en")))
  }
}

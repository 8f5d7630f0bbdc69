import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// A signed-in account as the consent shows it: its name, and its email or login beneath.
public struct ConsentAccount: Sendable, Equatable {
  public let uid: String
  public let email: String?
  public let displayName: String?
  /// The provider's login (GitHub's login, X's handle), when it gives one.
  public let login: String?

  public init(uid: String, email: String?, displayName: String?, login: String?) {
    (self.uid, self.email, self.displayName, self.login) = (uid, email, displayName, login)
  }

  /// `user`'s name, email and login at `providerID`.
  init(_ user: User, providerID: String) {
    let info = user.providerData.first { $0.providerID == providerID }
    self.init(
      uid: user.uid, email: user.email ?? info?.email, displayName: user.displayName ?? info?.displayName,
      login: info?.screenName)
  }

  /// The row's title: the name, else the login, else the email, else the uid.
  public var title: String { displayName ?? login ?? email ?? uid }

  /// The row's subtitle: what the title does not show already.
  public var subtitle: String? { [email, login].compactMap { $0 }.first { $0 != title } }
}

/// The part of a consent question that is about an account (`RequestAccount`): the provider, the
/// scopes in the app's request, and the signed-in accounts that have that provider, the one to
/// preselect first.
public struct AccountQuestion: Sendable, Equatable {
  public let providerID: String
  /// The provider's name ("GitHub").
  public let providerName: String
  public let scopes: [String]
  public let candidates: [ConsentAccount]
}

extension ConsentQuestion {
  /// "Notes wants to use your GitHub account": the scopes, the accounts to choose from, and for an
  /// unsandboxed program that this is the user's choice, not a wall.
  static func account(
    caller: CallerIdentity, question: AccountQuestion, parentWindow: ParentWindow, activationToken: String?
  ) -> ConsentQuestion {
    let app = caller.displayName
    let provider = question.providerName
    var paragraphs: [String] = []
    if question.candidates.isEmpty {
      paragraphs.append(tr("No {provider} account is signed in. Add one to continue.", ["provider": provider]))
    } else {
      paragraphs.append(
        tr(
          "Choose the account {app} may use. It gets that account's {provider} token until you remove it in Connected apps.",
          ["app": app, "provider": provider]))
    }
    if !question.scopes.isEmpty {
      let lines = ScopeWords.lines(question.scopes, providerID: question.providerID).map { "• " + $0 }
      paragraphs.append(([tr("{app} asks to:", ["app": app])] + lines).joined(separator: "\n"))
    }
    if !caller.isSandboxed {
      paragraphs.append(tr("{app} is not sandboxed: it could reach your accounts without asking.", ["app": app]))
    }
    return ConsentQuestion(
      caller: caller, title: tr("{app} wants to use your {provider} account", ["app": app, "provider": provider]),
      body: paragraphs.joined(separator: "\n\n"), parentWindow: parentWindow, activationToken: activationToken,
      account: question)
  }
}

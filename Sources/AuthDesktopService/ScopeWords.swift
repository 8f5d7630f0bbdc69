import AuthDesktopApp

/// What a scope lets an app do, in the app's words, for the consent question and Connected apps:
/// GitHub's OAuth app scopes, OpenID Connect's standard ones (OpenID Connect Core §5.4, §11) and X's
/// OAuth 2.0 ones. A scope without words here is shown as itself, said to be one AuthDesktop cannot
/// describe: the provider's own name is the most honest thing to show.
public enum ScopeWords {
  /// One line per scope, in the request's order.
  public static func lines(_ scopes: [String], providerID: String) -> [String] {
    scopes.map {
      words(for: $0, providerID: providerID) ?? tr("“{scope}” (AuthDesktop cannot describe it)", ["scope": $0])
    }
  }

  /// The words for `scope` at `providerID`, when AuthDesktop knows them.
  public static func words(for scope: String, providerID: String) -> String? {
    switch providerID {
    case "github.com": return github(scope)
    case "twitter.com": return x(scope)
    default: return providerID.hasPrefix("oidc.") ? openID(scope) : nil
    }
  }

  private static func github(_ scope: String) -> String? {
    switch scope {
    case "read:user": return tr("Read your profile")
    case "user": return tr("Read and change your profile")
    case "user:email": return tr("Read your email addresses")
    case "user:follow": return tr("Follow and unfollow people for you")
    case "repo": return tr("Read and change all your repositories, private ones too")
    case "public_repo": return tr("Read and change your public repositories")
    case "repo:status": return tr("Read and set the status of your commits")
    case "read:org": return tr("Read your organizations and teams")
    case "gist": return tr("Create and change your gists")
    case "notifications": return tr("Read your notifications")
    case "workflow": return tr("Change your GitHub Actions workflows")
    case "delete_repo": return tr("Delete your repositories")
    default: return nil
    }
  }

  private static func openID(_ scope: String) -> String? {
    switch scope {
    case "openid": return tr("Know who you are")
    case "profile": return tr("Read your name and profile")
    case "email": return tr("Read your email address")
    case "address": return tr("Read your postal address")
    case "phone": return tr("Read your phone number")
    case "offline_access": return tr("Keep access while you are away")
    default: return nil
    }
  }

  private static func x(_ scope: String) -> String? {
    switch scope {
    case "users.read": return tr("Read your profile")
    case "tweet.read": return tr("Read posts you can see")
    case "tweet.write": return tr("Post for you")
    case "follows.read": return tr("Read who you follow")
    case "offline.access": return tr("Keep access while you are away")
    default: return nil
    }
  }
}

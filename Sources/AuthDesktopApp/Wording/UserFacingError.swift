import AuthEmulator
import AuthEngine
import Foundation

/// What people read about an error, as Fractal's `user_facing_error.rs` does it: the app words what
/// the engine typed. A short `title` says what happened ("Sign-in cancelled", "Configuration
/// problem", "Couldn't reach GitHub"); the `body` says what happened in full, where (the file and key,
/// the port) and what to do.
///
/// Every sentence is in `ErrorWording` (titles and bodies by code) and `ErrorWording+Causes` (the
/// payloads' sentences): whole sentences with named placeholders (`{email}`), never joined from
/// fragments, so that marking them for gettext is a mechanical step.
public struct UserFacingError: Sendable, Equatable {
  /// Where the text is shown. The command line can name its options (`--port`, `--verbose`) and
  /// commands; the window cannot, and names its buttons instead.
  public enum Surface: Sendable, CaseIterable {
    case commandLine
    case window
  }

  public let title: String
  public let body: String

  public init(title: String, body: String) {
    self.title = title
    self.body = body
  }

  /// The wording of `error` for `surface`, from its code and payload (never from `detail`).
  public init(_ error: AuthError, for surface: Surface) {
    self.init(title: ErrorWording.title(error), body: ErrorWording.body(error, for: surface))
  }

  /// The wording of any error: an `AuthError`'s own, otherwise that of `auth/internal-error`.
  public init(_ error: any Error, for surface: Surface) {
    self.init(error as? AuthError ?? AuthError(.internalError, origin: .request, detail: "\(error)"), for: surface)
  }

  /// What people call a provider id, in the errors and the window alike ("GitHub", "OpenID Connect",
  /// "email and password").
  public static func providerName(_ providerID: String) -> String { ErrorWording.providerName(providerID) }
}

extension ErrorWording {
  /// `template` with its `{name}` placeholders filled (`L10n.fill`).
  static func fill(_ template: String, _ values: [String: String]) -> String { L10n.fill(template, values) }

  /// Whole sentences, one after the other.
  static func sentences(_ parts: String?...) -> String { parts.compactMap { $0 }.joined(separator: " ") }

  /// What people call a provider id (`ProviderDescriptor.displayName`; the built-in emulator's OpenID
  /// provider by the name its consent page shows), or `password`'s method. The window's name too.
  static func providerName(_ providerID: String) -> String {
    switch providerID {
    case "password": passwordMethod
    case EmulatorSetup.oidcProviderID: EmulatorIdentity.Provider.oidc.displayName
    default: ProviderTable.builtIn.displayName(for: providerID) ?? providerID
    }
  }

  /// Sign-in methods as a list of names.
  static func methodList(_ methods: [String]) -> String { methods.map(providerName).joined(separator: ", ") }

  /// Whole seconds of `duration`.
  static func seconds(_ duration: Duration) -> Int { Int(duration.components.seconds) }
}

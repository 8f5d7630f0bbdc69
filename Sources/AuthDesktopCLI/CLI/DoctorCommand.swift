import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// `doctor`: is the configuration valid, does the URL scheme open this app, does the secret store answer.
/// Prints what is wrong and the command that fixes it; exits 1 when something is.
struct DoctorCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "doctor", abstract: tr("Check the setup."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  struct Check {
    var name: String
    var ok: Bool
    var detail: String
    var fix: String?
  }

  func execute() async throws {
    try await Output.run(output) { try await check() }
  }

  private func check() async throws {
    var checks: [Check] = []
    var configuration: AuthConfiguration?
    do {
      configuration = try ConfigurationLoader.load(globals.paths, identity: .authDesktop)
      let mode =
        configuration == nil || globals.emulator
        ? tr(" (emulator mode: providers served by the built-in emulator)") : ""
      checks.append(
        Check(
          name: "config", ok: true, detail: (configuration == nil ? tr("no configuration file") : tr("parses")) + mode))
    } catch let error as AuthError {
      checks.append(
        Check(
          name: "config", ok: false, detail: UserFacingError(error, for: .commandLine).body,
          fix: tr("edit {file}", ["file": globals.paths.configFile.path])))
    }
    let scheme = configuration?.app.redirectScheme ?? AppIdentity.authDesktop.redirectScheme
    // The lookup `gio mime x-scheme-handler/SCHEME` does, and the window's warning uses.
    let registration = SchemeRegistration.lookUp(
      scheme: scheme, identity: .authDesktop, executable: SchemeRegistration.thisBuildExecutable)
    let detail =
      switch registration {
      case .thisApp: tr("{scheme}: opens this AuthDesktop", ["scheme": scheme])
      case .anotherCopy(let path):
        tr("{scheme}: opens another copy of AuthDesktop ({path})", ["scheme": scheme, "path": path])
      case .otherApplication(let name):
        tr("{scheme}: opens “{application}”, not AuthDesktop", ["scheme": scheme, "application": name])
      case .none: tr("{scheme}: not handled by AuthDesktop", ["scheme": scheme])
      }
    let registered = registration == .thisApp
    checks.append(
      Check(name: "scheme", ok: registered, detail: detail, fix: registered ? nil : "auth-desktop install"))
    if let configuration { checks += Self.redirectChecks(configuration, registration: registration) }
    if let firebase = configuration?.firebase {
      checks.append(Self.firebaseCheck(firebase, emulator: globals.emulator))
    }
    let choice = configuration?.app.secretStore ?? .secretService
    do {
      _ = try await choice.makeStore(dataDirectory: globals.paths.dataDirectory, identity: .authDesktop).ids(
        in: "doctor")
      checks.append(Check(name: "secrets", ok: true, detail: choice.warning ?? tr("the Secret Service answers")))
    } catch let error as AuthError {
      checks.append(
        Check(
          name: "secrets", ok: false, detail: UserFacingError(error, for: .commandLine).body,
          fix: tr("start and unlock a keyring (gnome-keyring), or set secret_store = \"file\" in [app]")))
    }
    report(checks)
    if checks.contains(where: { !$0.ok }) { throw ExitCode(1) }
  }

  /// Which redirect a sign-in with each provider would use here, and why (informational).
  static func redirectChecks(_ configuration: AuthConfiguration, registration: SchemeRegistration) -> [Check] {
    configuration.providerIDs.map { id in
      let situation = RedirectChoice.situation(
        providerID: id, configuration: configuration, environment: ProcessInfo.processInfo.environment,
        registration: registration)
      let choice = RedirectChoice.choose(situation)
      let because = choice.explanation(
        scheme: configuration.app.redirectScheme, registration: registration, situation: situation)
      return Check(name: "redirect", ok: true, detail: "\(id) → \(because)")
    }
  }

  /// Where `[firebase]` keeps the accounts: the project (and tenant), and the Identity Toolkit that
  /// serves it; with `--emulator`, the provider emulator's Identity Toolkit, which keeps that project's
  /// accounts apart from the real ones (informational).
  static func firebaseCheck(_ firebase: FirebaseSettings, emulator: Bool) -> Check {
    if emulator {
      return Check(
        name: "firebase", ok: true,
        detail: tr(
          "with --emulator, the accounts are kept by the provider emulator's Identity Toolkit (project {project})",
          ["project": firebase.projectID]))
    }
    let values = [
      "project": firebase.projectID, "tenant": firebase.tenantID ?? "",
      "host": firebase.emulatorHost ?? "identitytoolkit.googleapis.com",
    ]
    let detail =
      firebase.tenantID == nil
      ? tr("the accounts are kept in the Firebase project {project}, through Identity Toolkit at {host}", values)
      : tr(
        "the accounts are kept in the tenant {tenant} of the Firebase project {project}, through Identity Toolkit at {host}",
        values)
    return Check(name: "firebase", ok: true, detail: detail)
  }

  func report(_ checks: [Check]) {
    if output.json {
      Output.json([
        "ok": !checks.contains { !$0.ok },
        "checks": checks.map { ["name": $0.name, "ok": $0.ok, "detail": $0.detail, "fix": $0.fix] as [String: Any?] },
      ])
      return
    }
    for check in checks {
      Output.line("\(check.ok ? "ok  " : "FAIL") \(check.name): \(check.detail)")
      if let fix = check.fix { Output.line("     " + tr("fix: {fix}", ["fix": fix])) }
    }
  }
}

import AuthDesktopApp
import AuthEngine
import Foundation

/// The code of a second factor (TOTP), as the user types it: one line on stdin with `--totp-code-stdin`
/// (a script's, after the password line when there is one), otherwise asked for on the terminal
/// (`/dev/tty`, so stdout stays for `--json`). Without either, `failing` is the error.
enum SecondFactorInput {
  static func code(fromStdin: Bool, failing error: AuthError) throws -> String {
    if fromStdin {
      guard let line = Swift.readLine(strippingNewline: true), !line.isEmpty else {
        throw AuthError(.invalidVerificationCode, origin: .request, detail: "no code on stdin")
      }
      return line
    }
    guard let tty = FileHandle(forUpdatingAtPath: "/dev/tty") else { throw error }
    defer { try? tty.close() }
    try? tty.write(contentsOf: Data((tr("Code from your authenticator app:") + " ").utf8))
    var line = Data()
    while let byte = try tty.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
      line.append(first)
    }
    let code = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !code.isEmpty else { throw error }
    return code
  }

  /// Runs a sign-in; when it answers `auth/multi-factor-auth-required`, finishes it with the code.
  static func signIn(
    _ auth: Auth, codeFromStdin: Bool, _ firstFactor: () async throws -> AuthDataResult?
  ) async throws -> AuthDataResult? {
    do {
      return try await firstFactor()
    } catch let error as AuthError where error.code == .multiFactorAuthRequired {
      guard let resolver = error.multiFactorResolver, resolver.totpFactor != nil else { throw error }
      return try await auth.resolveSignIn(resolver, totpCode: try code(fromStdin: codeFromStdin, failing: error))
    }
  }
}

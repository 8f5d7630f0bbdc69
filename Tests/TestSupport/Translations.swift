import Foundation

/// The app's translations as the tests see them: the languages of `po/LINGUAS`, a few of their
/// sentences, and their catalogs compiled the way `scripts/test` and `install` do
/// (`scripts/lib/translations.sh`, msgfmt).
public enum Translations {
  public static let po = TestServers.repositoryRoot.appendingPathComponent("po")

  /// `po/LINGUAS`, one language a line.
  public static var languages: [String] {
    let list = (try? String(contentsOf: po.appendingPathComponent("LINGUAS"), encoding: .utf8)) ?? ""
    return list.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  /// What a person reads in each language, written out here (not read from the catalogs), so that a
  /// lost or unused catalog fails the tests.
  public struct Sentences: Sendable, Codable {
    public var signedOut: String
    public var signInTitle: String
    /// The signed-out page's title (`WindowText.signedOutPage`).
    public var signInPage: String
    public var continueWithGitHub: String
    public var nobodySignedIn: String
    public var loopbackSignedIn: String
    public var pageLanguage: String
    public var desktopComment: String
    /// GTK's "Close" (the title bar's button), from GTK's `gtk40` catalog.
    public var gtkClose: String
    /// Why an SSH session's sign-in uses the device grant (`doctor`, `sign-in --verbose`); the
    /// redirect's name before it stays English.
    public var deviceOverSSH: String
  }

  public static let sentences: [String: Sentences] = [
    "pt_BR": Sentences(
      signedOut: "Sessão encerrada.", signInTitle: "Entrar no AuthDesktop", signInPage: "Entrar",
      continueWithGitHub: "Continuar com GitHub",
      nobodySignedIn: "Ninguém está conectado.",
      loopbackSignedIn: "Login concluído. Você pode fechar esta aba e voltar ao aplicativo.", pageLanguage: "pt-BR",
      desktopComment: "Entre com GitHub, X e OpenID Connect no seu navegador", gtkClose: "Fechar",
      deviceOverSSH: "esta é uma sessão SSH, e o provedor oferece a concessão de dispositivo"),
    "vi": Sentences(
      signedOut: "Đã đăng xuất.", signInTitle: "Đăng nhập vào AuthDesktop", signInPage: "Đăng nhập",
      continueWithGitHub: "Tiếp tục với GitHub",
      nobodySignedIn: "Chưa có ai đăng nhập.",
      loopbackSignedIn: "Đã đăng nhập. Bạn có thể đóng thẻ này và quay lại ứng dụng.", pageLanguage: "vi",
      desktopComment: "Đăng nhập bằng GitHub, X và OpenID Connect trong trình duyệt của bạn", gtkClose: "Đóng",
      deviceOverSSH: "đây là phiên SSH, và nhà cung cấp hỗ trợ cấp quyền qua thiết bị"),
    "id": Sentences(
      signedOut: "Sudah keluar.", signInTitle: "Masuk ke AuthDesktop", signInPage: "Masuk",
      continueWithGitHub: "Lanjutkan dengan GitHub",
      nobodySignedIn: "Tidak ada yang sedang masuk.",
      loopbackSignedIn: "Berhasil masuk. Anda dapat menutup tab ini dan kembali ke aplikasi.", pageLanguage: "id",
      desktopComment: "Masuk dengan GitHub, X, dan OpenID Connect di peramban Anda", gtkClose: "Tutup",
      deviceOverSSH: "ini adalah sesi SSH, dan penyedia mendukung otorisasi perangkat"),
    "tr": Sentences(
      signedOut: "Oturum kapatıldı.", signInTitle: "AuthDesktop'ta Oturum Açın", signInPage: "Oturum Aç",
      continueWithGitHub: "GitHub ile devam et",
      nobodySignedIn: "Kimse oturum açmamış.",
      loopbackSignedIn: "Oturum açıldı. Bu sekmeyi kapatıp uygulamaya dönebilirsiniz.", pageLanguage: "tr",
      desktopComment: "Tarayıcınızda GitHub, X ve OpenID Connect ile oturum açın", gtkClose: "Kapat",
      deviceOverSSH: "bu bir SSH oturumu ve sağlayıcı aygıt yetkilendirmesini destekliyor"),
  ]

  /// The environment that picks `language` with no locale generated: glibc honours `LANGUAGE` under
  /// any locale but exactly C or POSIX.
  public static func environment(_ language: String) -> [String: String] {
    ["LANGUAGE": language, "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]
  }

  /// Runs a function of `scripts/lib/translations.sh` in the repository's root.
  public static func script(_ function: String, _ arguments: [String] = []) async throws -> (
    status: Int32, output: String
  ) {
    try await Tool.run(
      "bash",
      ["-c", #"cd "$0" && . scripts/lib/translations.sh && "$@""#, TestServers.repositoryRoot.path, function]
        + arguments)
  }

  /// Compiles every language into `directory/LANG/LC_MESSAGES/`.
  public static func compile(into directory: URL) async throws {
    let result = try await script("compile_catalogs", [directory.path])
    guard result.status == 0 else { throw CompileFailure(output: result.output) }
  }

  public struct CompileFailure: Error, CustomStringConvertible {
    public var output: String
    public var description: String { "compile_catalogs failed: \(output)" }
  }
}

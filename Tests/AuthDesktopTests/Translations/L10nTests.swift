import AuthDesktopApp
import Foundation
import Testing

/// `L10n` without a language (this process never calls `setUp`): where catalogs are looked for, and
/// how placeholders and plural forms come out in English.
@Suite struct L10nTests {
  @Test func catalogsAreLookedForInThePrefixTheUsersDataAndTheBuild() {
    let directories = L10n.catalogDirectories(
      executable: URL(fileURLWithPath: "/opt/authdesktop/bin/auth-desktop"),
      environment: ["XDG_DATA_HOME": "/home/ada/.data", "HOME": "/home/ada"])
    #expect(directories == ["/opt/authdesktop/share/locale", "/home/ada/.data/locale", "/opt/authdesktop/bin/locale"])
    let noDataHome = L10n.catalogDirectories(
      executable: URL(fileURLWithPath: "/usr/bin/auth-desktop"), environment: ["HOME": "/home/ada"])
    #expect(noDataHome == ["/usr/share/locale", "/home/ada/.local/share/locale", "/usr/bin/locale"])
  }

  @Test func placeholdersAreFilledOnceAndUnknownOnesStay() {
    #expect(tr("Continue with {provider}", ["provider": "GitHub"]) == "Continue with GitHub")
    #expect(L10n.fill("{a} and {b}", ["a": "{b}", "b": "B"]) == "{b} and B")
    #expect(L10n.fill("{unknown}", [:]) == "{unknown}")
  }

  @Test func pluralsFollowTheCount() {
    #expect(ntr("At least {count} character", "At least {count} characters", 1) == "At least 1 character")
    #expect(ntr("At least {count} character", "At least {count} characters", 8) == "At least 8 characters")
  }
}

import AuthDesktopApp
import AuthEngine
import TestSupport
import Testing

/// The engine has no identity of its own; AuthDesktop's is in the app, and the tests use the same.
@Suite struct AppIdentityTests {
  @Test func theTestsUseTheAppsIdentity() {
    #expect(AppIdentity.tests == .authDesktop)
  }

  @Test func everythingNamedAfterTheAppComesFromItsIdentity() {
    let identity = AppIdentity(applicationID: "org.example.Notes", name: "notes", version: "3.1")
    #expect(identity.redirectScheme == "org.example.notes")
    #expect(identity.userAgent == "notes/3.1 (+org.example.Notes)")
    #expect(identity.idTokenIssuer == "https://org.example.Notes")
    #expect(identity.idTokenAudience == "org.example.Notes")
    #expect(identity.desktopID == "org.example.Notes.desktop")
  }
}

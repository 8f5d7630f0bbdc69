import AuthDesktopKit
import Foundation
import FuzzHarnesses
import Testing

/// The parsers of what a caller controls: `/.flatpak-info`, AppArmor labels, `parent_window`; and the
/// `caller` fuzz target's seeds and crash inputs (Tests/Fuzzing/Corpus/caller).
@Suite struct CallerParsingTests {
  @Test func theFlatpakInfoNamesTheApp() {
    let info = "[Application]\nname=org.example.Notes\n\n[Instance]\ninstance-id=1\n"
    #expect(FlatpakInfo.appID(in: Data(info.utf8)) == "org.example.Notes")
    #expect(FlatpakInfo.appID(in: Data("[Instance]\nname=org.example.Notes\n".utf8)) == nil)
    #expect(FlatpakInfo.appID(in: Data("[Application]\nname=org.example\n".utf8)) == nil)
    #expect(FlatpakInfo.appID(in: Data("[Application]\nname=org.example.No-tes\n".utf8)) == nil)
    #expect(FlatpakInfo.appID(in: Data("[Application]\nname=org.exa-mple.Notes\n".utf8)) == "org.exa-mple.Notes")
    #expect(FlatpakInfo.appID(in: Data("[Application]\nname=org.example.1Notes\n".utf8)) == nil)
    #expect(FlatpakInfo.appID(in: Data("[Application\nname=org.example.Notes\n".utf8)) == nil)
    #expect(FlatpakInfo.appID(in: Data("[Application]\nname=org.example.Notes\0\n".utf8)) == nil)
  }

  @Test(
    arguments: [
      ("snap.notes.notes (enforce)\n", "notes"), ("snap.notes_dev.hook.configure (complain)", "notes_dev"),
      ("snap.firefox.firefox", "firefox"), ("unconfined", nil), ("/usr/bin/man (enforce)", nil),
      ("snap.Notes.notes (enforce)", nil), ("snap.notes (enforce)", nil), ("snap.notes.notes enforce", nil),
      ("snap.-notes.notes (enforce)", nil), ("snap.notes..x (enforce)", nil),
    ] as [(String, String?)])
  func aSnapIsNamedByItsLabel(label: String, snap: String?) {
    #expect(AppArmorLabel.snapName(label) == snap)
  }

  @Test(
    arguments: [
      ("", ParentWindow.unset), ("x11:3a00007", .x11(0x3a0_0007)), ("x11:0x3a00007", .x11(0x3a0_0007)),
      ("wayland:d3b07384-d113", .wayland("d3b07384-d113")), ("x11:zz", nil), ("x11:", nil), ("x11:0", nil),
      ("mir:1", nil), ("wayland:", nil), ("wayland:a b", .wayland("a b")),
      ("wayland:P9c+r Y\"e}~'", .wayland("P9c+r Y\"e}~'")), ("wayland:a\nb", nil), ("wayland:a\u{7F}", nil),
      ("x11:11223344556677889", nil),
    ] as [(String, ParentWindow?)])
  func parentWindowsAreReadAsThePortalWritesThem(text: String, window: ParentWindow?) {
    #expect(ParentWindow(text) == window)
  }

  @Test func theCallerSeedCorpusAndCrashInputsRun() async {
    let seeds = FuzzReplay.inputs(.caller, in: "Corpus")
    #expect(!seeds.isEmpty)
    for (_, data) in seeds + FuzzReplay.inputs(.caller, in: "Regressions") { await FuzzTarget.caller.run(data) }
  }
}

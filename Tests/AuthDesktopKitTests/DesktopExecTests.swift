import AuthDesktopKit
import Foundation
import TestSupport
import Testing

/// `DesktopExec` against the Desktop Entry Specification's "The Exec key" rules, then the same lines
/// read back by the two real readers: `desktop-file-validate` and GIO launching the entry.
@Suite struct DesktopExecTests {
  @Test(arguments: [
    // Nothing reserved: as is.
    ("/usr/bin/auth-desktop", "/usr/bin/auth-desktop"),
    ("--flag=value,1", "--flag=value,1"),
    // A reserved character: quoted.
    ("/home/ada/My Apps/auth-desktop", "\"/home/ada/My Apps/auth-desktop\""),
    ("tab\there", "\"tab\there\""),
    ("it's", "\"it's\""),
    ("~/bin", "\"~/bin\""),
    ("a|b&c;d", "\"a|b&c;d\""),
    ("<in>out", "\"<in>out\""),
    ("*.txt?", "\"*.txt?\""),
    ("#hash(x)", "\"#hash(x)\""),
    // Inside quotes ", `, $ and \ take a backslash.
    ("say \"hi\"", "\"say \\\"hi\\\"\""),
    ("$HOME", "\"\\$HOME\""),
    ("`id`", "\"\\`id\\`\""),
    ("back\\slash", "\"back\\\\slash\""),
    // A literal percent sign is %%, quoted or not.
    ("100%", "100%%"),
    ("50% off", "\"50%% off\""),
    ("", "\"\""),
  ])
  func quotesAnArgumentOnlyWhenItHasAReservedCharacter(argument: String, quoted: String) {
    #expect(DesktopExec.quote(argument) == quoted)
  }

  @Test func theValueGetsTheStringEscapesAfterTheQuoting() {
    // The spec: a literal backslash in a quoted argument is written as four backslashes in the file.
    #expect(DesktopExec.value(["/opt/a\\b c/app"], fieldCode: "%u") == "\"/opt/a\\\\\\\\b c/app\" %u")
    #expect(DesktopExec.value(["/usr/bin/app"], fieldCode: "%u") == "/usr/bin/app %u")
    #expect(DesktopExec.value(["/usr/bin/app", "two words"]) == "/usr/bin/app \"two words\"")
    #expect(DesktopExec.value(["line\nbreak"]) == "\"line\\nbreak\"")
  }

  /// GIO reads the line back into the same arguments, and desktop-file-validate accepts the entry.
  @Test func gioRunsTheArgumentsItWasGiven() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("desktop exec \(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("arguments")
    let arguments = [
      "a b", "$HOME", "back\\slash", "100%", "q\"uote", "`tick`", "it's", "~", "tab\tbed", "semi;colon", "plain",
    ]
    let script = "printf '%s\\n' \"$@\" > \"$0.tmp\" && mv \"$0.tmp\" \"$0\""
    let entry = folder.appendingPathComponent("exec-test.desktop")
    try """
    [Desktop Entry]
    Type=Application
    Name=Exec test
    Exec=\(DesktopExec.value(["/bin/sh", "-c", script, output.path] + arguments))
    NoDisplay=true

    """.write(to: entry, atomically: true, encoding: .utf8)
    let validation = try await Tool.run("desktop-file-validate", [entry.path])
    #expect(validation.status == 0, "\(validation.output)")
    let launched = try await Tool.run("gio", ["launch", entry.path])
    #expect(launched.status == 0, "\(launched.output)")
    let written = try await Poll.value("the launched entry to write its arguments") {
      try? String(contentsOf: output, encoding: .utf8)
    }
    #expect(written == arguments.map { $0 + "\n" }.joined())
  }
}

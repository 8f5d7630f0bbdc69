import Foundation
import TestSupport
import Testing

@testable import AuthEngine

/// The TOML shapes that reach toml++'s assertions (`TOMLPreflight`) are `auth/invalid-configuration`
/// with the file and line, in every build; valid TOML that only looks like them still loads. The first
/// two came from fuzzing (Tests/Fuzzing/Regressions/config replays every such input).
@Suite struct TOMLPreflightTests {
  static func issue(_ text: String) -> ConfigurationIssue? {
    do {
      _ = try ConfigurationLoader.parse(text, source: "/home/u/config.toml")
    } catch let error as AuthError {
      if error.code == .invalidConfiguration, case .configuration(let issue) = error.payload { return issue }
    } catch {}
    return nil
  }

  @Test(
    arguments: [
      ("[=]", 1, 2), ("a=[}", 1, 4), ("[[.a]]", 1, 3), ("[ #]", 1, 3), ("[[ [a]]]", 1, 4), ("a = [1, }", 1, 9),
      ("a = [\n  # note\n}", 3, 1), ("a = [\u{2028}]", 1, 6), ("[x]\nb = { c = [[ }] }\n", 2, 14),
      ("s = \"\"\"\n[ok]\n\"\"\"\n[=]", 4, 2), ("a = 1979-05-27T:00", 1, 16), ("a = [1979-05-27tnan32:00Z]", 1, 17),
      ("a=1979-05-27 1,", 1, 15), ("a=[1979-05-2[ 0, 1]", 1, 16), ("a = [1979-05-2- 1 ]", 1, 18),
    ] as [(String, Int, Int)])
  func aShapeTheParserAssertsOnIsASyntaxErrorWithItsLine(text: String, line: Int, column: Int) throws {
    let issue = try #require(Self.issue(text))
    #expect(issue.file == "/home/u/config.toml")
    #expect(issue.problem == .syntaxError(line: line, column: column))
    #expect(TOMLPreflight.firstAssertingShape(in: text) == .init(line: line, column: column))
  }

  @Test(
    arguments: [
      "a = [ [1, 2], { x = 1 }, [], [[]] ]\n", "s = \"[=] a=[}\"\n# [=] a=[}\n", "m = '''\n[=]\n}'''\n",
      "[[a]]\nb = 1\n[[a]]\nb = 2\n", "[ \"quoted\" . b ]\n", "a = [\n  1, # c\n  2,\n]\n",
      "t = { a = [ 1 ], b = \"}\" }\n", "d = 1979-05-27T07:32:00Z\nl = 1979-05-27 07:32:00\n2024-01-01Tx = 1\n",
      "e = \"\\\"[=]\"\n", "\u{FEFF}[x]\ny = 1\n",
    ])
  func validTOMLThatLooksLikeItIsNotRefused(text: String) {
    #expect(TOMLPreflight.firstAssertingShape(in: text) == nil)
  }

  @Test func everyConfigurationThatEverAbortedIsRefusedCleanly() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzzing/Regressions/config")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.count >= 2)
    for name in names {
      let data = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path))
      // The first byte picks the harness's variant (`FuzzInput`); the rest is the text.
      let text = String(decoding: data.dropFirst(), as: UTF8.self)
      #expect(Self.issue(text) != nil, "\(name) is refused as invalid configuration")
    }
  }
}

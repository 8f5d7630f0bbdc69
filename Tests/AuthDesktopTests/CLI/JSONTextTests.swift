import AuthEngine
import Foundation
import Testing

@testable import AuthDesktopCLI

/// `--json`'s writer (`JSONText`) prints the text Foundation's `JSONEncoder` printed before it
/// (`.sortedKeys`, `.withoutEscapingSlashes`): its output, read back and encoded again by `JSONEncoder`,
/// is the same bytes, for a user written field by field (`Output.write`) as for a command's dictionary.
@Suite struct JSONTextTests {
  static func foundation(_ bytes: [UInt8]) throws -> String {
    let value = try #require(JSONValue.parse(Data(bytes)), "not JSON: \(String(decoding: bytes, as: UTF8.self))")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static let odd = "Ada \"Q\" \\ / é 😀 \u{1}\u{1F}\u{8}\u{C}\n\r\t </script>"

  static func account(_ name: String?, anonymous: Bool = false) -> Account {
    Account(
      uid: "uid/1", email: anonymous ? nil : "ada@example.com", emailVerified: true, displayName: name,
      photoURL: name == nil ? nil : "https://example.com/a.png",
      providerData: anonymous
        ? []
        : [
          UserInfo(
            providerID: "github.com", uid: "1", email: "ada@example.com", displayName: name, photoURL: nil,
            screenName: name),
          UserInfo(providerID: "oidc.work", uid: "sub", email: nil, displayName: nil, photoURL: nil),
        ],
      metadata: UserMetadata(
        creationDate: Date(timeIntervalSince1970: 1_795_837_000.999), lastSignInDate: Date(timeIntervalSince1970: 0)))
  }

  @Test func aUserIsWrittenAsJSONEncoderWroteIt() throws {
    for (account, current, chosen) in [
      (Self.account(Self.odd), true, false), (Self.account(nil), false, true),
      (Self.account(nil, anonymous: true), nil, nil),
    ] as [(Account, Bool?, Bool?)] {
      var text = JSONText()
      Output.write(account, current: current, chosen: chosen, to: &text)
      #expect(String(decoding: text.bytes, as: UTF8.self) == (try Self.foundation(text.bytes)))
      let fields = try #require(JSONValue.parse(Data(text.bytes))?.object)
      #expect(fields["displayName"] == (account.displayName.map(JSONValue.string) ?? .null))
      #expect(fields["current"]?.bool == current && fields["chosen"]?.bool == chosen)
      #expect(fields["metadata"]?["creationTime"]?.string == "2026-11-28T03:36:40Z")
      #expect(fields["metadata"]?["lastSignInTime"]?.string == "1970-01-01T00:00:00Z")
      #expect(fields["providerData"]?.array?.last.map { $0.object?.keys.contains("screenName") == false } ?? true)
    }
  }

  @Test func aCommandsFieldsAreWrittenAsJSONEncoderWroteThem() throws {
    var user = JSONText()
    Output.write(Self.account(Self.odd), current: nil, chosen: nil, to: &user)
    let fields: [String: Any?] = [
      "b": 1, "a": [1.5, 1e21, 0.1, -3, true, "x/y"] as [Any], "nothing": nil, "null": NSNull(),
      "nested": ["Z": "z", "a": Self.odd, "é": [:] as [String: Any?], "ab": [] as [Any]] as [String: Any?],
      "json": JSONValue.object(["y": .number(2), "x": .array([.null, .bool(false)])]),
      "user": JSONFragment(bytes: user.bytes), "none": JSONFragment.null,
    ]
    var text = JSONText()
    text.write(fields)
    let written = String(decoding: text.bytes, as: UTF8.self)
    #expect(written == (try Self.foundation(text.bytes)))
    #expect(!written.contains("nothing") && written.contains(#""null":null"#))
  }

  /// A long output, as `accounts --json` writes it: its memory grows as it fills, or is handed out
  /// along the way (`drain`, `Output.flush`), and the bytes are the same.
  @Test func aLongListingIsWrittenAsJSONEncoderWroteIt() throws {
    for drainEvery in [nil, 1000] as [Int?] {
      var handedOut: [UInt8] = []
      var text = JSONText()
      text.beginObject()
      text.key("accounts")
      text.beginArray()
      for index in 0..<300 {
        Output.write(
          Self.account(index % 3 == 0 ? Self.odd : "User \(index)", anonymous: index % 7 == 0), current: index == 5,
          chosen: index % 2 == 0 ? nil : false, to: &text)
        if let drainEvery, text.count > drainEvery { text.drain { handedOut += $0 } }
      }
      text.endArray()
      text.endObject()
      text.finish { handedOut += $0 }
      #expect(handedOut.count > 100_000 && handedOut.last == UInt8(ascii: "\n"))
      let written = Array(handedOut.dropLast())
      #expect(
        String(decoding: written, as: UTF8.self) == (try Self.foundation(written)),
        "drain: \(String(describing: drainEvery))")
    }
  }

  /// `JSONText.time` prints what `Date.ISO8601FormatStyle` prints: whole seconds, rounded down.
  @Test func aDateIsWrittenAsTheISO8601FormatStyleWritesIt() throws {
    let style = Date.ISO8601FormatStyle()
    for seconds: TimeInterval in [
      0, 0.999, 59.5, 951_782_400, 1_795_837_000.999, 4_102_444_800, 253_402_300_799.9, -0.5, -34_560_000,
      253_402_300_800,
    ] {
      let date = Date(timeIntervalSince1970: seconds)
      var text = JSONText()
      text.time(date)
      #expect(String(decoding: text.bytes, as: UTF8.self) == "\"\(style.format(date))\"", "\(seconds)")
    }
  }
}

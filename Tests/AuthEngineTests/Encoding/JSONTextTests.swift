import Foundation
import Testing

@testable import AuthEngine

/// `--json`'s writer (`JSONText`) prints the text Foundation's `JSONEncoder` printed before it
/// (`.sortedKeys`, `.withoutEscapingSlashes`): its output, read back and encoded again by `JSONEncoder`,
/// is the same bytes, for a user written field by field (`write(_:current:chosen:)`) as for a command's
/// dictionary.
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
      text.write(account, current: current, chosen: chosen)
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
    user.write(Self.account(Self.odd), current: nil, chosen: nil)
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

  /// A long output, as `accounts --json` writes it: its memory grows as it fills, and the bytes are
  /// the same.
  @Test func aLongListingIsWrittenAsJSONEncoderWroteIt() throws {
    var text = JSONText()
    text.beginObject()
    text.key("accounts")
    text.beginArray()
    for index in 0..<300 {
      text.write(
        Self.account(index % 3 == 0 ? Self.odd : "User \(index)", anonymous: index % 7 == 0), current: index == 5,
        chosen: index % 2 == 0 ? nil : false)
    }
    text.endArray()
    text.endObject()
    var written: [UInt8] = []
    text.finish { written += $0 }
    #expect(written.count > 100_000 && written.last == UInt8(ascii: "\n"))
    written.removeLast()
    #expect(String(decoding: written, as: UTF8.self) == (try Self.foundation(written)))
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

  /// A stored date is written with the digits `time(_:)` writes for the `Date` `StoredDate` reads from
  /// it, from 1970 on; before, or in any other shape, `time(stored:)` writes nothing and says so.
  @Test func aStoredDateIsWrittenAsItsDateIs() throws {
    var random = SystemRandomNumberGenerator()
    var texts = [
      "1970-01-01 00:00:00.000", "1969-12-31 23:59:59.999", "9999-12-31 23:59:59.999", "2024-02-29 12:00:00.500",
      "2026-11-28 09:45:54", "2026-13-01 00:00:00.000", "1600-01-01 00:00:00.000",
    ]
    for _ in 0..<5_000 {
      let (year, month) = (Int.random(in: 1900...9999, using: &random), Int.random(in: 1...12, using: &random))
      texts.append(
        String(
          format: "%04d-%02d-%02d %02d:%02d:%02d.%03d", year, month, Int.random(in: 1...28, using: &random),
          Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random),
          Int.random(in: 0...59, using: &random), Int.random(in: 0...999, using: &random)))
    }
    var written = 0
    for var text in texts {
      var fromText = JSONText()
      let wrote = text.withUTF8 { fromText.time(stored: $0) }
      let date = text.withUTF8 { StoredDate.parse($0) }
      guard wrote else {
        #expect(fromText.count == 0, "\(text)")
        #expect(date.map { $0 < Date(timeIntervalSince1970: 0) } ?? true, "\(text) was not written")
        continue
      }
      var fromDate = JSONText()
      fromDate.time(try #require(date))
      #expect(fromText.bytes == fromDate.bytes, "\(text)")
      written += 1
    }
    #expect(written > 4_000)
  }
}

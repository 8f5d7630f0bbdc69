import Foundation
import Testing

@testable import AuthEngine

/// `JSONValue` reads every kind of JSON value as that kind (a provider's profile, a token response).
@Suite struct JSONValueTests {
  @Test func eachKindIsReadAsItself() throws {
    let text = #"{"s":"x","t":true,"f":false,"n":42,"d":1.5,"z":null,"a":[1,"2",[false]],"o":{"k":"v"},"e":"","q":"1"}"#
    let value = try #require(JSONValue.parse(Data(text.utf8)))
    #expect(value["s"] == .string("x"))
    #expect(value["t"] == .bool(true))
    #expect(value["f"] == .bool(false))
    #expect(value["n"] == .number(42))
    #expect(value["d"] == .number(1.5))
    #expect(value["z"] == .null)
    #expect(value["a"] == .array([.number(1), .string("2"), .array([.bool(false)])]))
    #expect(value["o"] == .object(["k": .string("v")]))
    #expect(value["e"] == .string(""))
    #expect(value["q"] == .string("1"))
  }

  @Test func aTopLevelArrayAndInvalidJSON() {
    #expect(JSONValue.parse(Data("[0,{}]".utf8)) == .array([.number(0), .object([:])]))
    #expect(JSONValue.parse(Data("{".utf8)) == nil)
  }
}

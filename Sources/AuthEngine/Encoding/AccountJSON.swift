import Foundation

extension JSONText {
  /// Firebase's `User` as `status --json` prints it; `accounts --json` adds `current` and `chosen`
  /// (nil leaves them out). The fields in the order `JSONText` sorts keys (their UTF-8 bytes), written
  /// as they are read: made as a dictionary of values first, a user cost more than the 1,000th part of
  /// listing 1,000 (docs/benchmarks.md). nil is `null`, except `screenName`, which is left out.
  /// `LocalAccounts.signedInJSON` writes the same fields from the store's rows.
  public mutating func write(_ user: Account, current: Bool?, chosen: Bool?) {
    beginObject()
    if let chosen { field("chosen", chosen) }
    if let current { field("current", current) }
    field("displayName", user.displayName)
    field("email", user.email)
    field("emailVerified", user.emailVerified)
    field("isAnonymous", user.isAnonymous)
    key("metadata")
    beginObject()
    field("creationTime", time: user.metadata.creationDate)
    field("lastSignInTime", time: user.metadata.lastSignInDate)
    endObject()
    field("photoURL", user.photoURL)
    key("providerData")
    beginArray()
    for info in user.providerData {
      beginObject()
      field("displayName", info.displayName)
      field("email", info.email)
      field("providerId", info.providerID)
      if let screenName = info.screenName { field("screenName", screenName) }
      field("uid", info.uid)
      endObject()
    }
    endArray()
    field("uid", user.uid)
    endObject()
  }
}

/// The signed-in users as `accounts --json` lists them: a JSON array of Firebase `User`s in the order
/// they signed in, each with `current` and `chosen` (`Auth.signedInUsersJSON(chosenUID:)`).
public struct SignedInJSON: Sendable {
  /// The array in pieces of about 64 KiB, which follow each other in it (`JSONText.drain(_:then:)`).
  public let users: [JSONFragment]
  /// How many users it lists.
  public let count: Int
  /// The current user's uid; nil when nobody is signed in.
  public let currentUID: String?

  /// The listing whose array is `pieces` followed by what `text` still holds.
  init(count: Int, currentUID: String?, text: consuming JSONText, pieces: [JSONFragment]) {
    var pieces = pieces
    text.drain { pieces.append(JSONFragment(bytes: Array($0))) }
    (users, self.count, self.currentUID) = (pieces, count, currentUID)
  }

  /// A piece once `text` holds 64 KiB: what a listing holds in memory is its output, in pieces the
  /// size of a pipe's buffer, without the copies of one array doubling as it grows.
  static func cut(_ text: inout JSONText, into pieces: inout [JSONFragment]) {
    guard text.count > 65_536 else { return }
    text.drain { pieces.append(JSONFragment(bytes: Array($0))) }
  }

  /// The array written from the accounts (`JSONText.write(_:current:chosen:)`), as any backend lists
  /// them.
  static func writing(_ signedIn: SignedInAccounts, chosenUID: String?) -> SignedInJSON {
    var text = JSONText()
    var pieces: [JSONFragment] = []
    text.beginArray()
    for account in signedIn.accounts {
      text.write(account, current: account.uid == signedIn.currentUID, chosen: account.uid == chosenUID)
      cut(&text, into: &pieces)
    }
    text.endArray()
    return SignedInJSON(count: signedIn.accounts.count, currentUID: signedIn.currentUID, text: text, pieces: pieces)
  }
}

import Foundation
import GRDB

/// `accounts --json` from the store's rows: each signed-in user is written as `JSONText.write(_:current:
/// chosen:)` writes its `Account`, column by column as the row is read, without an `Account` or a
/// `User` of each user (docs/benchmarks.md, "Listing 1,000 signed-in users"). `SignedInJSONTests`
/// compares the two texts.
extension LocalAccounts {
  /// The listing's rows (`signedInRows`), and the current user's uid as `Accounts.currentSession`
  /// finds it, computed once.
  static let signedInJSONSQL = """
    SELECT user.uid, user.email, user.emailVerified, user.displayName, user.photoURL, user.hasPassword,
      user.creationDate, user.lastSignInDate, (SELECT uid \(Accounts.currentSessionRow)),
      identity.providerID, identity.federatedID, identity.email, identity.displayName, identity.screenName
    \(signedInRows)
    """

  func signedInJSON(chosenUID: String?) async throws -> SignedInJSON {
    try await storage.read { db in
      let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.signedInJSONSQL))
      var text = JSONText()
      var pieces: [JSONFragment] = []
      text.beginArray()
      var count = 0
      var currentUID: String?
      // The user whose rows are being read: its uid and, with a password, what its `password` entry says.
      var uid = ""
      var password: (email: String, displayName: String?)?
      while let row = try rows.next() {
        let columns = StoredColumns(row: row)
        let rowUID: String = row[0]
        if count == 0 || uid != rowUID {
          if count > 0 {
            Self.endUser(uid, password: password, into: &text)
            SignedInJSON.cut(&text, into: &pieces)
          }
          if count == 0 { currentUID = row[8] }
          count += 1
          uid = rowUID
          password = Self.beginUser(columns, uid: uid, current: currentUID, chosen: chosenUID, into: &text)
        }
        if !columns.isNull(9) {
          text.beginObject()
          text.raw("\"displayName\":")
          columns.write(12, into: &text)
          text.raw(",\"email\":")
          columns.write(11, into: &text)
          text.raw(",\"providerId\":")
          columns.write(9, into: &text)
          if !columns.isNull(13) {
            text.raw(",\"screenName\":")
            columns.write(13, into: &text)
          }
          text.raw(",\"uid\":")
          columns.write(10, into: &text)
          text.endObject()
        }
      }
      if count > 0 { Self.endUser(uid, password: password, into: &text) }
      text.endArray()
      return SignedInJSON(count: count, currentUID: currentUID, text: text, pieces: pieces)
    }
  }

  /// A user's fields up to its identities (`snapshot`'s `Account`: `isAnonymous` is no identity and
  /// no email); returns what its `password` entry says when it has one.
  private static func beginUser(
    _ columns: StoredColumns, uid: String, current: String?, chosen: String?, into text: inout JSONText
  ) -> (email: String, displayName: String?)? {
    // The keys in sorted order, as `JSONText.write(_:current:chosen:)` writes them.
    text.beginObject()
    text.raw("\"chosen\":")
    text.bool(uid == chosen)
    text.raw(",\"current\":")
    text.bool(uid == current)
    text.raw(",\"displayName\":")
    columns.write(3, into: &text)
    text.raw(",\"email\":")
    columns.write(1, into: &text)
    text.raw(",\"emailVerified\":")
    text.bool(columns.row[2])
    text.raw(",\"isAnonymous\":")
    text.bool(columns.isNull(9) && columns.isNull(1))
    text.raw(",\"metadata\":{\"creationTime\":")
    columns.writeDate(6, into: &text)
    text.raw(",\"lastSignInTime\":")
    columns.writeDate(7, into: &text)
    text.raw("},\"photoURL\":")
    columns.write(4, into: &text)
    text.raw(",\"providerData\":[")
    guard columns.row[5], let email: String = columns.row[1] else { return nil }
    return (email, columns.row[3])
  }

  /// The `password` entry after the identities, as `snapshot` adds it, then the uid.
  private static func endUser(
    _ uid: String, password: (email: String, displayName: String?)?, into text: inout JSONText
  ) {
    if let password {
      text.beginObject()
      text.field("displayName", password.displayName)
      text.field("email", password.email)
      text.field("providerId", Accounts.password)
      text.field("uid", password.email)
      text.endObject()
    }
    text.raw("],\"uid\":")
    text.string(uid)
    text.endObject()
  }
}

/// The row's columns by position, as the listing writes them.
private struct StoredColumns {
  let row: Row

  func isNull(_ index: Int) -> Bool { row.hasNull(atIndex: index) }

  /// A string, or `null` for NULL.
  func write(_ index: Int, into text: inout JSONText) { text.string(row[index] as String?) }

  /// A stored date as `JSONText.time(_:)` writes the `Date` `StoredDate` reads (any other text, as
  /// GRDB reads it).
  func writeDate(_ index: Int, into text: inout JSONText) {
    var stored: String = row[index]
    guard !stored.withUTF8({ text.time(stored: $0) }) else { return }
    text.time(stored.withUTF8 { StoredDate.parse($0) } ?? row[index])
  }
}

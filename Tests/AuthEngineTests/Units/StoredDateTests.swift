import Foundation
import GRDB
import Testing

@testable import AuthEngine

/// `StoredDate` reads a date column as GRDB reads it, bit for bit, without GRDB's calendar: the same
/// `Date` whether the signed-in users are listed (`StoredDate`) or a user is read (`UserRecord`).
@Suite struct StoredDateTests {
  /// Dates around the reference date (2001-01-01) and the epoch, whose seconds and fraction a single
  /// addition rounds differently from the calendar's two, then pseudo-random ones, to the millisecond.
  static var dates: [Date] {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    let random = (0..<20_000).map { _ -> Date in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let milliseconds = Int64(state >> 24) % 8_000_000_000_000 - 3_000_000_000_000  // 1874 to 2223
      return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
    let fixed = [
      "2000-12-22 17:37:04.391", "2001-01-06 18:20:49.612", "2000-12-13 22:48:03.728", "1970-01-01 00:00:00.000",
      "1969-12-31 23:59:59.999", "2000-02-29 12:00:00.001", "9999-12-31 23:59:59.999", "1600-03-01 00:00:00.500",
    ].map { Date.fromDatabaseValue($0.databaseValue)! }
    return fixed + random
  }

  @Test func aStoredDateReadsAsGRDBReadsIt() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE t (d DATETIME NOT NULL)")
      for date in Self.dates { try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [date]) }
    }
    let mismatches = try queue.read { db in
      var mismatches: [String] = []
      let rows = try Row.fetchCursor(db, sql: "SELECT d, d FROM t")
      while let row = try rows.next() {
        let grdb: Date = row[0]
        let ours = StoredDate.read(row, 1)
        if ours.timeIntervalSinceReferenceDate.bitPattern != grdb.timeIntervalSinceReferenceDate.bitPattern {
          mismatches.append(
            "\(row[0] as String): \(ours.timeIntervalSinceReferenceDate) \(grdb.timeIntervalSinceReferenceDate)")
        }
      }
      return mismatches
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Any other text, or a date that is not one, is GRDB's to read (or refuse).
  @Test func otherTextIsLeftToGRDB() {
    for text in [
      "2026-11-28", "2026-11-28 03:36", "2026-11-28 03:36:35", "2026-11-28T03:36:35.376", "2026-02-30 00:00:00.000",
      "2026-13-01 00:00:00.000", "2026-11-28 24:00:00.000", "1582-10-04 00:00:00.000", "2026-11-28 03:36:35.37x",
      "２026-11-28 03:36:35.376",
    ] {
      var copy = text
      #expect(copy.withUTF8 { StoredDate.parse($0) } == nil, "\(text)")
    }
  }
}

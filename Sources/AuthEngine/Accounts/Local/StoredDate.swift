import Foundation
import GRDB

/// A date column as GRDB stores a `Date`, "yyyy-MM-dd HH:mm:ss.SSS" in UTC, read without a calendar.
/// GRDB reads it through `DateComponents` and a `Calendar`, which was close to half of listing the
/// signed-in users (docs/benchmarks.md); this reads the same digits and does the calendar's arithmetic
/// in the same order (a day's start, then the seconds in the day with the fraction added last), so
/// the `Date` is the one GRDB makes, bit for bit (`StoredDateTests`). Any other text goes to GRDB.
enum StoredDate {
  static func read(_ row: Row, _ index: Int) -> Date {
    let text: String = row[index]
    var copy = text
    return copy.withUTF8 { parse($0) } ?? row[index]
  }

  /// nil unless `text` is exactly "yyyy-MM-dd HH:mm:ss.SSS", from 1600 on (earlier, the calendar is Julian).
  static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
    guard text.count == 23, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
      text[10] == UInt8(ascii: " "), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
      text[19] == UInt8(ascii: ".")
    else { return nil }
    func number(_ start: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in text[start..<start + count] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
      let minute = number(14, 2), let second = number(17, 2), let millisecond = number(20, 3),
      year >= 1600, (1...12).contains(month), (1...daysIn(month, of: year)).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
    let dayStart = Double((daysSinceEpoch(year, month, day) - daysFrom1970To2001) * 86_400)
    let secondsInDay =
      Double(hour) * 3600 + Double(minute) * 60 + Double(second) + Double(millisecond * 1_000_000) / 1_000_000_000
    return Date(timeIntervalSinceReferenceDate: dayStart + secondsInDay)
  }

  private static let daysFrom1970To2001 = 11_323

  /// Days from 1970-01-01 to a Gregorian date (Howard Hinnant's days_from_civil).
  private static func daysSinceEpoch(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = y / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
  }

  private static func daysIn(_ month: Int, of year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

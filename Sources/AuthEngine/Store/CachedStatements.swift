import GRDB

/// The statements of the hot paths (a sign-in, a redirect's claim) through the connection's statement
/// cache: prepared once per connection, where `execute(sql:)` and the query interface parse, authorize
/// and prepare the SQL at every call.
extension Database {
  func run(_ sql: String, _ arguments: StatementArguments = StatementArguments()) throws {
    try cachedStatement(sql: sql).execute(arguments: arguments)
  }

  func one<Record: FetchableRecord>(
    _ type: Record.Type, _ sql: String, _ arguments: StatementArguments = StatementArguments()
  ) throws -> Record? {
    try Record.fetchOne(try cachedStatement(sql: sql), arguments: arguments)
  }

  func all<Record: FetchableRecord>(
    _ type: Record.Type, _ sql: String, _ arguments: StatementArguments = StatementArguments()
  ) throws -> [Record] {
    try Record.fetchAll(try cachedStatement(sql: sql), arguments: arguments)
  }

  func strings(_ sql: String, _ arguments: StatementArguments = StatementArguments()) throws -> [String] {
    try String.fetchAll(try cachedStatement(sql: sql), arguments: arguments)
  }
}

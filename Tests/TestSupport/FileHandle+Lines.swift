import Foundation

extension FileHandle {
  /// Reads (blocking) after `start` until `done` holds for all that was read, or the writer closes the
  /// pipe; returns all that was read. For a child process's first lines: call it off the cooperative pool.
  public func read(until done: (Data) -> Bool, after start: Data = Data()) -> Data {
    var read = start
    while !done(read) {
      let chunk = availableData
      if chunk.isEmpty { break }
      read += chunk
    }
    return read
  }

  /// Reads until a whole first line has been read (or the pipe closes): all that was read.
  public func readFirstLine() -> Data { read(until: { $0.contains(UInt8(ascii: "\n")) }) }
}

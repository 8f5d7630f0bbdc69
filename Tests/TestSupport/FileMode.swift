import Foundation
import Testing

/// The permission bits of the file or folder at `path` (a symbolic link's own, not its target's): what
/// the tests of private data (folders 0700, files 0600) compare. Records an issue and throws when
/// there is nothing at `path`.
public func fileMode(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
  try #require(
    FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, sourceLocation: sourceLocation)
}

import Foundation

/// The inputs the test suite replays for a target: its seed corpus (`Tests/Fuzzing/Corpus/TARGET`) and
/// every input that ever crashed it (`Tests/Fuzzing/Regressions/TARGET`), read from the source tree.
public enum FuzzReplay {
  /// `Tests/Fuzzing`, found from this file's place in the repository.
  public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

  /// The inputs of `target` in `kind` ("Corpus" or "Regressions"), by file name.
  public static func inputs(_ target: FuzzTarget, in kind: String) -> [(name: String, data: Data)] {
    let folder = directory.appendingPathComponent(kind).appendingPathComponent(target.rawValue)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().compactMap { name in
      FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { (name, $0) }
    }
  }
}

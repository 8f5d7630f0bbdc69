import Foundation
import FuzzHarnesses
import Testing

/// Every fuzz target's seed corpus and every input that ever crashed one (Tests/Fuzzing/Regressions),
/// through the same harness the fuzzers run: none may trap or abort. The emulator's inputs are
/// replayed in AuthEmulatorTests, the callers' in AuthDesktopServiceTests.
@Suite struct FuzzReplayTests {
  static let targets = FuzzTarget.allCases.filter { $0 != .emulator && $0 != .caller }

  @Test(arguments: targets) func theSeedCorpusRuns(_ target: FuzzTarget) async {
    let inputs = FuzzReplay.inputs(target, in: "Corpus")
    #expect(!inputs.isEmpty, "Tests/Fuzzing/Corpus/\(target.rawValue) has seeds")
    for input in inputs { await target.run(input.data) }
  }

  @Test(arguments: targets) func everyInputThatEverCrashedRuns(_ target: FuzzTarget) async {
    for input in FuzzReplay.inputs(target, in: "Regressions") { await target.run(input.data) }
  }
}

import Foundation
import FuzzHarnesses
import Testing

/// The emulator fuzz target's seed corpus and every request that ever crashed it
/// (Tests/Fuzzing/Regressions/emulator), through the harness the fuzzer runs: none may trap.
@Suite struct EmulatorFuzzReplayTests {
  @Test func theSeedCorpusAndEveryRequestThatEverCrashedRun() async {
    let inputs = FuzzReplay.inputs(.emulator, in: "Corpus") + FuzzReplay.inputs(.emulator, in: "Regressions")
    #expect(!inputs.isEmpty, "Tests/Fuzzing/Corpus/emulator has seeds")
    for input in inputs { await FuzzTarget.emulator.run(input.data) }
  }
}

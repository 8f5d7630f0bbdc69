import Foundation
import FuzzerDriver
import Harnesses

// libFuzzer's driver, started from this executable's `main` (SwiftPM gives every executable its
// own); `AUTH_DESKTOP_FUZZ_TARGET` names the target it runs (scripts/fuzz sets it).
let name = ProcessInfo.processInfo.environment["AUTH_DESKTOP_FUZZ_TARGET"] ?? ""
guard let chosen = FuzzTarget(rawValue: name) else {
  FileHandle.standardError.write(
    Data("AUTH_DESKTOP_FUZZ_TARGET must name one of: \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
  exit(2)
}
/// Read by the callback, which as a C function pointer captures nothing; set once, before the driver.
nonisolated(unsafe) var target = chosen

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
  LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
    target.runBlocking(Data(bytes: bytes!, count: count))
    return 0
  })

import Foundation

// auth-desktop-bench: the engine-level benchmarks that bench/run drives. Each command prints one JSON
// object with raw samples in milliseconds (warm-up samples are not included); bench/run computes the
// medians and ratios.
//
//   auth-desktop-bench redirect --github URL [--iterations N] [--warmup W]
//   auth-desktop-bench scale --directory DIR [--counts 1000,10000,100000] [--iterations N] [--warmup W]
//   auth-desktop-bench accounts --directory DIR [--counts 1,1000] [--iterations N] [--warmup W]
let options = Options(CommandLine.arguments.dropFirst())
do {
  let output: [String: Any]
  switch options.command {
  case "redirect":
    output = try await RedirectBenchmark(
      server: try options.url("github"), iterations: options.int("iterations", 20), warmup: options.int("warmup", 3)
    ).run()
  case "scale":
    output = try await ScaleBenchmark(
      directory: URL(fileURLWithPath: try options.string("directory")),
      counts: options.string("counts", default: "1000,10000,100000").split(separator: ",").compactMap { Int($0) },
      iterations: options.int("iterations", 20), warmup: options.int("warmup", 3)
    ).run()
  case "accounts":
    output = try await AccountsBenchmark(
      directory: URL(fileURLWithPath: try options.string("directory")),
      counts: options.string("counts", default: "1,1000").split(separator: ",").compactMap { Int($0) },
      iterations: options.int("iterations", 20), warmup: options.int("warmup", 3)
    ).run()
  default:
    throw BenchError("usage: auth-desktop-bench redirect|scale|accounts [options] (see bench/run)")
  }
  let data = try JSONSerialization.data(withJSONObject: output, options: [.sortedKeys])
  FileHandle.standardOutput.write(data + Data("\n".utf8))
} catch {
  FileHandle.standardError.write(Data("auth-desktop-bench: \(error)\n".utf8))
  exit(1)
}

// swift-tools-version:6.0
import PackageDescription

// AuthDesktop's benchmarks (bench/run builds and runs them; see docs/benchmarks.md). A package of its
// own, so the root package and its tests stay free of benchmark code and dependencies.
let package = Package(
  name: "AuthDesktopBench",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "AuthDesktop", path: ".."),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
  ],
  targets: [
    // Engine-level benchmarks (redirect → stored with the app's transport, the network floors, store
    // scale); prints JSON.
    .executableTarget(
      name: "auth-desktop-bench",
      dependencies: [
        .product(name: "AuthEngine", package: "AuthDesktop"),
        .product(name: "AuthDesktopKit", package: "AuthDesktop"),
        .product(name: "AuthURLSession", package: "AuthDesktop"),
        .product(name: "ScaleSeeding", package: "AuthDesktop"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Sources/AuthDesktopBench"
    ),
    // Per-operation micro benchmarks (OAuth 1.0a signing, PKCE) on google/swift-benchmark.
    .executableTarget(
      name: "auth-desktop-micro",
      dependencies: [
        .product(name: "AuthEngine", package: "AuthDesktop"), .product(name: "Benchmark", package: "swift-benchmark"),
      ],
      path: "Sources/AuthDesktopMicro"
    ),
  ],
  swiftLanguageModes: [.v6]
)

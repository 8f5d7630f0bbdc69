// swift-tools-version:6.0
import PackageDescription

// AuthDesktop's libFuzzer targets (scripts/fuzz builds and runs them; see docs/fuzzing.md). A package
// of its own, so that the root package's builds never see the sanitizer flags. The harnesses are the
// root package's `FuzzHarnesses` sources, compiled here again as `Harnesses`.
let package = Package(
  name: "AuthDesktopFuzz",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "AuthDesktop", path: "../.."),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
  ],
  targets: [
    .target(
      name: "Harnesses",
      dependencies: [
        .product(name: "AuthEngine", package: "AuthDesktop"), .product(name: "AuthEmulator", package: "AuthDesktop"),
        .product(name: "AuthDesktopKit", package: "AuthDesktop"), .product(name: "Crypto", package: "swift-crypto"),
      ],
      path: "Harnesses"
    ),
    // The declaration of libFuzzer's driver, which `-sanitize=fuzzer` links.
    .target(name: "FuzzerDriver", path: "Driver"),
    // libFuzzer's entry point; `AUTH_DESKTOP_FUZZ_TARGET` names the target it runs. Linked by lld (the
    // toolchain's): gold stops with an internal error on this sanitizer build.
    .executableTarget(
      name: "auth-desktop-fuzz", dependencies: ["Harnesses", "FuzzerDriver"], path: "Fuzzer",
      linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
  ],
  swiftLanguageModes: [.v6]
)

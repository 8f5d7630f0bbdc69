// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "AuthDesktop",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "AuthEngine", targets: ["AuthEngine"]),
    .executable(name: "auth-desktop", targets: ["AuthDesktop"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
  ],
  targets: [
    .systemLibrary(name: "CGtk", path: "Sources/CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    .systemLibrary(
      name: "CSoup", path: "Sources/CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
    .systemLibrary(
      name: "CSecret", path: "Sources/CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
    .target(
      name: "AuthEngine",
      dependencies: [
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]
    ),
    .executableTarget(
      name: "AuthDesktop",
      dependencies: [
        "AuthEngine", "CGtk", "CSoup", "CSecret",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "AuthEngineTests",
      dependencies: [
        "AuthEngine", "TestSupport", .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"), .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(name: "AuthDesktopTests", dependencies: ["AuthDesktop", "AuthEngine", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import PackageDescription

// The targets and what each may import: docs/architecture.md.

// The two Swift executables export no symbols. A `--static-swift-stdlib` link adds `-export-dynamic`,
// which put some 16,600 of the package's own symbols in each one's dynamic symbol table. No library
// looks them up, and every start paid for them (docs/benchmarks.md, "Decisions").
let exportsNothing: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]

let package = Package(
  name: "AuthDesktop",
  platforms: [.macOS(.v13)],
  products: [
    // The headless core: providers, the sign-in session, accounts. No C module, nothing OS-facing.
    .library(name: "AuthEngine", targets: ["AuthEngine"]),
    // The Linux parts a Swift GTK app links to sign people in: GLib, libsoup, libsecret, GIO.
    .library(name: "AuthDesktopKit", targets: ["AuthDesktopKit"]),
    // The engine's HTTPTransport on Foundation's URLSession, for apps outside GLib (the desktop app uses
    // libsoup's): apart, so that linking the engine does not link FoundationNetworking and libcurl.
    .library(name: "AuthURLSession", targets: ["AuthURLSession"]),
    // The provider emulator (a development server), for apps that want it in their own tests.
    .library(name: "AuthEmulator", targets: ["AuthEmulator"]),
    // What users and the desktop entry run: a launcher in C that becomes the window (no arguments and a
    // display) or the command line (everything else), both built beside it.
    .executable(name: "auth-desktop", targets: ["AuthDesktop"]),
    // The command line (no GTK) and the window (GTK), which the command line starts too.
    .executable(name: "auth-desktop-cli", targets: ["AuthDesktopCLI"]),
    .executable(name: "auth-desktop-window", targets: ["AuthDesktopWindow"]),
    // Not for apps: the store-scale seeding ScaleTests and bench/ share.
    .library(name: "ScaleSeeding", targets: ["ScaleSeeding"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    // Builds the API documentation (scripts/docs); no target links it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(name: "CGtk", path: "Sources/CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    // GDK's X11 and Wayland parts (gdk/x11/gdkx.h, gdk/wayland/gdkwayland.h) and Xlib, for the consent dialog's
    // parent window of another app; libgtk-4-dev depends on libx11-dev and libwayland-dev.
    .systemLibrary(
      name: "CGdkWindowing", path: "Sources/CGdkWindowing", pkgConfig: "gtk4-x11", providers: [.apt(["libgtk-4-dev"])]),
    .systemLibrary(
      name: "CAdwaita", path: "Sources/CAdwaita", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
    .systemLibrary(
      name: "CSoup", path: "Sources/CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
    // GIO's Unix parts (GDesktopAppInfo), for launching the browser with chosen descriptors.
    .systemLibrary(
      name: "CGio", path: "Sources/CGio", pkgConfig: "gio-unix-2.0", providers: [.apt(["libglib2.0-dev"])]),
    // gettext's libintl and malloc.h, part of glibc: no pkg-config package.
    .systemLibrary(name: "CIntl", path: "Sources/CIntl"),
    .systemLibrary(
      name: "CSecret", path: "Sources/CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
    // QR codes for the command line's device sign-in prompt; never linked by the engine.
    .systemLibrary(
      name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
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
    .target(name: "AuthURLSession", dependencies: ["AuthEngine"]),
    .target(
      name: "AuthEmulator",
      dependencies: [
        "AuthEngine", .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
      ]
    ),
    .target(
      name: "AuthDesktopKit",
      dependencies: ["AuthEngine", "CGio", "CSoup", "CSecret", .product(name: "Logging", package: "swift-log")]
    ),
    // The app layer the two Swift executables share: emulator mode, the global options, the app's wording, QR codes.
    .target(
      name: "AuthDesktopApp",
      dependencies: [
        "AuthEngine", "AuthEmulator", "AuthDesktopKit", "CQREncode", "CIntl",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The session-bus service other apps sign in through (docs/dbus-interface.md); the window hosts it.
    .target(
      name: "AuthDesktopService",
      dependencies: [
        "AuthEngine", "AuthDesktopKit", "AuthDesktopApp", "CGio", .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // C, and only the C library: see its main.c.
    .executableTarget(name: "AuthDesktop", linkerSettings: [.unsafeFlags(["-static-executable"])]),
    .executableTarget(
      name: "AuthDesktopCLI",
      dependencies: [
        "AuthEngine", "AuthEmulator", "AuthDesktopKit", "AuthDesktopApp", "AuthDesktopService",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      linkerSettings: exportsNothing
    ),
    .executableTarget(
      name: "AuthDesktopWindow",
      dependencies: [
        "AuthEngine", "AuthEmulator", "AuthDesktopKit", "AuthDesktopApp", "AuthDesktopService", "CGtk", "CAdwaita",
        "CGdkWindowing", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      linkerSettings: exportsNothing
    ),
    // Helpers every test target shares: the protocol servers, polling, playing the browser, the keyring.
    .target(
      name: "TestSupport",
      dependencies: ["AuthEngine", "AuthURLSession", "CSecret", .product(name: "Logging", package: "swift-log")],
      path: "Tests/TestSupport"),
    // One copy of each fuzz target's harness: the libFuzzer build (Tests/Fuzzing/Package.swift) and the
    // test suite's replay of the corpora and crash inputs both use it (docs/fuzzing.md).
    .target(
      name: "FuzzHarnesses",
      dependencies: [
        "AuthEngine", "AuthEmulator", "AuthDesktopKit", .product(name: "Crypto", package: "swift-crypto"),
      ],
      path: "Tests/Fuzzing/Harnesses"),
    // The accounts ScaleTests and bench/'s store-scale benchmark seed a store with.
    .target(
      name: "ScaleSeeding", dependencies: [.product(name: "GRDB", package: "GRDB.swift")], path: "Tests/ScaleSeeding"),
    .testTarget(
      name: "AuthEngineTests",
      dependencies: [
        "AuthEngine", "AuthURLSession", "TestSupport", "FuzzHarnesses", "ScaleSeeding",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"), .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "AuthEmulatorTests",
      dependencies: [
        "AuthEmulator", "AuthEngine", "TestSupport", "FuzzHarnesses", .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .testTarget(
      name: "AuthDesktopKitTests",
      dependencies: ["AuthDesktopKit", "AuthEngine", "AuthURLSession", "TestSupport", "CSecret"]),
    .testTarget(
      name: "AuthDesktopTests",
      dependencies: ["AuthDesktopCLI", "AuthDesktopApp", "AuthEmulator", "AuthEngine", "AuthURLSession", "TestSupport"]
    ),
    .testTarget(
      name: "AuthDesktopServiceTests",
      dependencies: [
        "AuthDesktopService", "AuthDesktopKit", "AuthEngine", "AuthURLSession", "TestSupport", "FuzzHarnesses",
      ]
    ),
    .testTarget(
      name: "AuthDesktopWindowTests",
      dependencies: [
        "AuthDesktopWindow", "AuthDesktopKit", "AuthDesktopApp", "AuthDesktopService", "AuthEngine", "TestSupport",
        "CGtk", "CAdwaita",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

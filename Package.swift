// swift-tools-version:6.0
import PackageDescription

// Layers, bottom to top (see docs/ARCHITECTURE.md). Arrows point one way:
// KernelInput knows nothing of views, TouchUI knows nothing of Linux,
// Graphics (cairo) knows nothing of touches,
// Bridge wires them and hosts apps, TouchBridge is the one library an app
// imports, and the touchbridge command (itself such an app) parses options.
let package = Package(
    name: "TouchBridge",
    products: [
        // What an app imports: the UI model, its entry point and its command line.
        .library(name: "TouchBridge", targets: ["TouchBridge"]),
        // What an app's tests import: its UI driven by gestures and recordings on a virtual clock.
        .library(name: "TouchBridgeTesting", targets: ["TouchBridgeTesting"]),
        .executable(name: "touchbridge", targets: ["TouchBridgeTool"]),
        .library(name: "KernelInput", targets: ["KernelInput"]),
        .library(name: "Graphics", targets: ["Graphics"]),
        .library(name: "Display", targets: ["Display"]),
        .library(name: "Desktop", targets: ["Desktop"]),
        .library(name: "TouchUI", targets: ["TouchUI"]),
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        .library(name: "Bridge", targets: ["Bridge"]),
        .library(name: "Scenes", targets: ["Scenes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(
            name: "CLibudev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        // libinput record's YAML, read by Debian's libyaml rather than a copy built in. Not named
        // CYaml: that is Yams' target, and target names must be unique in an app's package graph.
        .systemLibrary(name: "CLibyaml", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev", "libfontconfig-dev"])]),
        // Text for every script: shaping (HarfBuzz), bidi (FriBidi), line breaking and font fallback.
        // Pango and librsvg are declared by their shims, not found through pkg-config (the shims say why).
        .systemLibrary(name: "CPango"),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CRsvg"),
        .target(name: "CInputShim"),
        // libdispatch's hooks for a main-thread run loop (CFRunLoop's on Linux).
        .target(name: "CMainLoopShim"),
        .systemLibrary(name: "CLibdrm", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        // Keymaps: evdev key codes to characters, with XKB's layouts, dead keys and compose.
        .systemLibrary(name: "CXkbcommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev", "xkb-data"])]),
        // fbdev and console ioctls, and the console's signal-safe restore.
        .target(name: "CDisplayShim"),
        .target(
            name: "KernelInput",
            dependencies: [
                "CLibevdev", "CLibudev", "CInputShim", "CXkbcommon", "CLibyaml",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            // The built-in quirks, compiled in: an installed binary has no resource bundle to look for.
            resources: [.embedInCode("Quirks/touchbridge.quirks")]),
        // Linear constraints solved incrementally (Cassowary): what Auto Layout stands on. Nothing of views.
        .target(name: "ConstraintSolver"),
        // Drawing, pixel formats and geometry, as CoreGraphics: nothing of touches.
        .target(name: "Graphics", dependencies: ["CCairo", "CPango", "CTurboJPEG", "CRsvg"]),
        // Layers and their compositing, as QuartzCore is to UIKit: nothing of views or touches.
        .target(name: "Layers", dependencies: ["Graphics"]),
        // Where pictures are shown: fbdev, DRM/KMS, memory, PNG. Nothing of views or touches.
        .target(
            name: "Display",
            dependencies: ["Graphics", "CDisplayShim", "CLibdrm", .product(name: "SystemPackage", package: "swift-system")]),
        // A desktop window through SDL 2, loaded with dlopen when one is asked for: SDL's headers
        // at build time, and no SDL in an app's link, so a kiosk needs none of it.
        // Under a kiosk compositor (cage), a Wayland client of its own, linked: libwayland-client is 80 kB.
        .target(name: "CDesktopShim", linkerSettings: [.linkedLibrary("m"), .linkedLibrary("wayland-client")]),
        // The app on a desktop: a window that is a display, whose mouse, keys and touchscreen
        // come back as a virtual panel's evdev events. Nothing of views.
        .target(name: "Desktop", dependencies: ["CDesktopShim", "Display", "Graphics", "KernelInput"]),
        // A VNC server through libvncserver, loaded with dlopen when one is asked for: its
        // headers at build time, and no libvncserver in an app's link.
        .target(name: "CVNCShim"),
        // The screen served to a VNC viewer: pixels out, pointer and keys back. Nothing of touches.
        .target(name: "Remote", dependencies: ["CVNCShim", "Graphics"]),
        .target(
            name: "TouchUI",
            // Layers: what the compositor shows over a window's views (the finger markers).
            dependencies: ["Graphics", "Layers", "ConstraintSolver"]),
        .target(name: "Scenes", dependencies: ["TouchUI"]),
        .target(
            name: "Bridge",
            dependencies: [
                "KernelInput", "TouchUI", "Display", "Desktop", "Remote", "CInputShim", "CMainLoopShim",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]),
        .target(
            name: "TouchBridge",
            dependencies: [
                "TouchUI", "Bridge", "KernelInput", "Display",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // TouchUI and Graphics named beside TouchBridge, as for the demo below.
        .target(name: "TouchBridgeTesting", dependencies: ["TouchBridge", "TouchUI", "Graphics", "Bridge", "Display", "KernelInput"]),
        // The demo app; Examples/Demo builds the same sources as a package of its own.
        // TouchUI and Graphics reach the app through TouchBridge's re-export; they are named as
        // well because SwiftPM rebuilds a module only for its direct dependencies' changes, and
        // the demo's views subclass TouchUI's (a stale build of them had the window's old layout).
        .target(name: "TouchBridgeDemo", dependencies: ["TouchBridge", "TouchUI", "Graphics"], path: "Examples/Demo/Sources/DemoApp"),
        .executableTarget(
            name: "TouchBridgeTool",
            dependencies: [
                "TouchBridge", "Bridge", "KernelInput", "Scenes", "Display", "TouchBridgeDemo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // Here, not in a library: a module with resources gets SwiftPM's `Bundle.module`,
            // whose `import Foundation` would follow it into every app's binary (issue 26).
            resources: [.copy("BundledRecordings")]),
        .executableTarget(
            name: "touchbridge-benchmarks",
            dependencies: ["KernelInput", "TouchUI", "Bridge", "Display", "Scenes", "TouchBridgeDemo", "CCairo", "Layers", "Remote"],
            path: "Benchmarks/touchbridge-benchmarks"),
        // libFuzzer targets, one per parser (Fuzz/run builds them with -sanitize=fuzzer).
        .target(name: "FuzzCorpus", dependencies: ["KernelInput"], path: "Fuzz/FuzzCorpus"),
        .executableTarget(name: "fuzz-evemu", dependencies: ["KernelInput", "FuzzCorpus"], path: "Fuzz/FuzzEvemu"),
        .executableTarget(name: "fuzz-evtest", dependencies: ["KernelInput", "FuzzCorpus"], path: "Fuzz/FuzzEvtest"),
        .executableTarget(
            name: "fuzz-libinput-record", dependencies: ["KernelInput", "FuzzCorpus"], path: "Fuzz/FuzzLibinputRecord"),
        .testTarget(name: "KernelInputTests", dependencies: ["KernelInput", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver"]),
        .testTarget(name: "GraphicsTests", dependencies: ["Graphics"]),
        .testTarget(name: "LayersTests", dependencies: ["Layers"]),
        .testTarget(name: "DisplayTests", dependencies: ["Display", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "DesktopTests", dependencies: ["Desktop", "KernelInput"]),
        .testTarget(name: "RemoteTests", dependencies: ["Remote", "Graphics"]),
        .testTarget(name: "TouchUITests", dependencies: ["TouchUI"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Bridge", "KernelInput"], resources: []),
        .testTarget(
            name: "BridgeTests",
            dependencies: [
                "Bridge", "Desktop", "Layers", .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["TOMLExamples"]),
        .testTarget(
            name: "TouchBridgeTests",
            dependencies: ["TouchBridge", "TouchUI", "Graphics", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(
            name: "TouchBridgeTestingTests", dependencies: ["TouchBridgeTesting", "TouchBridgeDemo", "TouchUI", "Graphics"],
            exclude: ["AdaptiveScreens/Screens"]),
        .testTarget(name: "CommandTests", dependencies: ["TouchBridgeTool", "Graphics"]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import PackageDescription

// The touch-test demo, as an app built on TouchBridge's public API only.
// touchbridge's `run` and `demo` host these same sources (the root
// package builds Sources/DemoApp as its TouchBridgeDemo target).
let package = Package(
    name: "Demo",
    products: [.executable(name: "touchbridge-demo", targets: ["touchbridge-demo"])],
    dependencies: [.package(name: "TouchBridge", path: "../..")],
    targets: [
        .target(name: "DemoApp", dependencies: [.product(name: "TouchBridge", package: "TouchBridge")]),
        .executableTarget(name: "touchbridge-demo", dependencies: ["DemoApp", .product(name: "TouchBridge", package: "TouchBridge")]),
        .testTarget(
            name: "DemoAppTests",
            dependencies: ["DemoApp", .product(name: "TouchBridgeTesting", package: "TouchBridge")]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import PackageDescription

// A self-service café kiosk, as a customer would ship it: a menu, an item
// screen with a quantity stepper, an order, a confirmation, and a reset
// when the customer walks away. It uses TouchBridge's public API only.
let package = Package(
    name: "CafeKiosk",
    products: [.executable(name: "cafe-kiosk", targets: ["cafe-kiosk"])],
    dependencies: [.package(name: "TouchBridge", path: "../..")],
    targets: [
        .target(name: "CafeKiosk", dependencies: [.product(name: "TouchBridge", package: "TouchBridge")]),
        .executableTarget(name: "cafe-kiosk", dependencies: ["CafeKiosk"]),
        .testTarget(
            name: "CafeKioskTests",
            dependencies: ["CafeKiosk", .product(name: "TouchBridgeTesting", package: "TouchBridge")],
            exclude: ["Screens"]),
    ],
    swiftLanguageModes: [.v6]
)

/// The version of TouchBridge: the one place it is written. `--version`
/// prints it, and scripts/package-deb reads it from here.
public let touchBridgeVersion = "0.6.0"

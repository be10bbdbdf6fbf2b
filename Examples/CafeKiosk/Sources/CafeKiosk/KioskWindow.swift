import TouchBridge

/// The kiosk's window: it notes every touch event before delivering it, so
/// that the kiosk can tell when the customer has walked away.
public final class KioskWindow: Window {
    var onActivity: (() -> Void)?

    public override func sendEvent(_ event: Event) {
        onActivity?()
        super.sendEvent(event)
    }
}

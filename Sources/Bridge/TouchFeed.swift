import KernelInput
import TouchUI

/// The app's end of an InputHub: frames go through a TouchDispatcher
/// to the app's views (frames that piled up go together, as UIKit coalesces
/// them), keys through a PressDispatcher to the first responder, notes
/// about devices to `onNote`, all in the order they happened.
@MainActor
public final class TouchFeed {
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) public private(set) var hub: InputHub
    public let dispatcher: TouchDispatcher
    public let pressDispatcher: PressDispatcher
    /// Keys about to go to the app (any key counts as use of the kiosk).
    @exclusivity(unchecked) public var onKeys: (([KeyRecord]) -> Void)?
    /// A line from a barcode scanner, and the scanner's name.
    @exclusivity(unchecked) public var onScan: ((String, String) -> Void)?
    /// A device was opened, closed or refused; a warning.
    @exclusivity(unchecked) public var onNote: ((InputHubNote) -> Void)?
    /// Frames about to go to the application (Application.sendEvent), then after they reached the views.
    @exclusivity(unchecked) public var onWillDeliver: (([[TouchRecord]]) -> Void)?
    /// Decides which frames go on to the app (screen power swallows the touch that wakes it).
    @exclusivity(unchecked) public var admit: (([[TouchRecord]]) -> [[TouchRecord]])?
    @exclusivity(unchecked) public var onDelivered: (([[TouchRecord]]) -> Void)?
    @exclusivity(unchecked) public private(set) var framesDelivered = 0
    /// Everything one read of the hub's brought, before any of it is delivered
    /// (what metrics count: a frame the screen's power swallows was still sent).
    @exclusivity(unchecked) public var onRead: (([InputHubOutput]) -> Void)?
    /// The list of frames a read is gathered into, kept between reads (taken while in use).
    @exclusivity(unchecked) private var gathered: [[TouchRecord]] = []

    public init(hub: InputHub, application: Application, window: Window? = nil) {
        self.hub = hub
        dispatcher = TouchDispatcher(application: application, window: window)
        pressDispatcher = PressDispatcher(application: application)
    }

    /// Opens the devices there are, and follows hotplug from now on.
    public func start() throws {
        // Weak both: the hub keeps this closure, and a replaced hub must go.
        hub.onOutput = { [feed = WeakReference(self), hub = WeakReference(hub)] items in
            guard let self = feed.object, let hub = hub.object, self.hub === hub else { return }
            self.deliver(items)
        }
        try hub.start()
    }

    /// Lets the devices go (touches down are cancelled and delivered).
    public func stop() {
        hub.stop()
    }

    /// Swaps in a hub with new settings (a configuration reload): the old
    /// one's devices are let go first, so each device is open once.
    public func replaceHub(with newHub: InputHub) throws {
        stop()
        hub = newHub
        try start()
    }

    /// Delivers what one read of the hub's brought.
    private func deliver(_ items: [InputHubOutput]) {
        onRead?(items)
        var frames = gathered
        gathered = []
        defer {
            frames.removeAll(keepingCapacity: true)
            gathered = frames
        }
        for item in items {
            switch item {
            case .frame(let records): frames.append(records)
            case .scanned(let line, let scanner):
                flush(&frames)
                onScan?(line, scanner)
            case .keys(let records):
                flush(&frames)
                onKeys?(records)
                pressDispatcher.dispatch(records)
            case .note(let note):
                flush(&frames)
                onNote?(note)
            }
        }
        flush(&frames)
    }

    /// Sends the frames gathered so far, and empties the list. (Handed in, not
    /// captured: a local a nested function captures is boxed, and each use checked at run time.)
    private func flush(_ frames: inout [[TouchRecord]]) {
        if let admit, !frames.isEmpty { frames = admit(frames) }
        guard !frames.isEmpty else { return }
        onWillDeliver?(frames)
        dispatcher.deliver(pending: frames)
        framesDelivered += frames.count
        onDelivered?(frames)
        frames.removeAll(keepingCapacity: true)
    }
}

import TouchBridge

/// The demo's window: it sees every touch event before its views do, so it
/// keeps a marker under each finger and counts the event rate.
@MainActor
public final class DemoWindow: Window {
    public let markers: TouchMarkersView
    /// The window's size changed (a desktop window resized): lay the views out for it.
    var onSizeChanged: ((Size) -> Void)?
    private var laidOutFor: Size?
    /// Called after each event, and once the rate has fallen to zero.
    var onTouchesChanged: (() -> Void)?
    private var numbers: [ObjectIdentifier: Int] = [:]
    private var nextNumber = 0
    private var recentEvents: [Double] = []
    private var quietTimer: TimerID?
    public private(set) var fingersDown = 0
    /// Keys that reached the window with no first responder; true when taken.
    var onUnfocusedPresses: ((Set<Press>, Event?) -> Bool)?
    /// Keys cancelled (their keyboard went away), wherever they were going.
    var onPressesCancelled: ((Int) -> Void)?

    public override init(frame: Rect, application: Application = .shared) {
        markers = TouchMarkersView(frame: Rect(origin: .zero, size: frame.size))
        super.init(frame: frame, application: application)
        addSubview(markers)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        if let laidOutFor, laidOutFor != size { onSizeChanged?(size) }
        laidOutFor = size
    }

    public override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        if onUnfocusedPresses?(presses, event) == true { return }
        super.pressesBegan(presses, with: event)
    }

    public override func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        onPressesCancelled?(presses.count)
        super.pressesCancelled(presses, with: event)
    }

    /// Touch events in the second before the last one.
    public var eventsInLastSecond: Int { recentEvents.count }

    public override func sendEvent(_ event: Event) {
        super.sendEvent(event)
        guard event.type == .touches else { return }
        var shown: [TouchMarkersView.Marker] = []
        // Numbers go to touches in the order they began, as the daemon numbers them.
        for touch in event.orderedTouches {
            let id = number(of: touch)
            if touch.phase.isFinal {
                numbers[ObjectIdentifier(touch)] = nil
            } else {
                shown.append(.init(id: id, location: touch.location(in: nil), tapCount: touch.tapCount))
            }
        }
        fingersDown = shown.count
        markers.show(shown)
        recentEvents.append(event.timestamp)
        // The oldest are first: drop those over a second old. A loop, not removeAll(where:):
        // a main-actor closure handed to the standard library costs an executor check per element.
        var stale = 0
        while stale < recentEvents.count && recentEvents[stale] <= event.timestamp - 1 { stale += 1 }
        recentEvents.removeFirst(stale)
        onTouchesChanged?()
        lastEventTime = hostApplication.timeline.now
        // A wake-up a second after the last event brings the rate to zero; none while idle.
        // One timer at a time, not one per event: it looks again when it fires.
        if quietTimer == nil { scheduleQuietCheck(after: 1.01) }
    }

    private var lastEventTime = 0.0

    private func scheduleQuietCheck(after delay: Double) {
        quietTimer = hostApplication.timeline.schedule(after: delay) { [weak self] in
            guard let self else { return }
            let quietFor = self.hostApplication.timeline.now - self.lastEventTime
            if quietFor < 1 {
                self.scheduleQuietCheck(after: 1.01 - quietFor)
                return
            }
            self.quietTimer = nil
            self.recentEvents.removeAll()
            self.onTouchesChanged?()
        }
    }

    private func number(of touch: Touch) -> Int {
        if let known = numbers[ObjectIdentifier(touch)] { return known }
        let new = nextNumber
        nextNumber += 1
        numbers[ObjectIdentifier(touch)] = new
        return new
    }
}

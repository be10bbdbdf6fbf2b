import Display
import KernelInput
import Prometheus

/// The figures a fleet's Prometheus watches on each kiosk: what its input
/// devices sent, which are there, how late input reached the app, how the
/// screen keeps up, whether it is on and when it was last touched.
/// Named as Prometheus' conventions ask (`touchbridge_` and a unit, base
/// units, `_total` for counters), counted with swift-prometheus.
///
/// It counts what the feed reads (`count(_:from:)`) as it comes, and takes
/// the rest from the display (`sample(...)`) just before the text is
/// written. Used on the main actor, as the feed.
@MainActor
public final class HostMetrics {
    public let registry = PrometheusCollectorRegistry()
    /// Monotonic seconds, the clock input events are stamped with.
    private let now: () -> Double
    private let started: Double
    private var lastTouch: Double?
    /// Made-up devices whose touches are not the kiosk being used (a support
    /// desk's VNC viewer): counted, but the last touch's age is not reset by them.
    public var notUse: Set<String> = []
    private var notUseNames: Set<String> = []
    /// Devices open now, by node: their name and kind.
    private var present: [String: (name: String, kind: String)] = [:]
    private var presentsCounted = 0
    private var slowPresentsCounted = 0

    private let latency: DurationHistogram
    private let presents: Counter
    private let slowRepaints: Counter
    private let screenOn: Gauge
    private let sinceLastTouch: Gauge
    private var devicesByKind: [String: Gauge] = [:]

    /// "virtual": a device the host made up (a desktop window's, a VNC viewer's),
    /// so that "no touchscreen" still says the panel is gone.
    static let kinds = ["touchscreen", "keyboard", "scanner", "virtual"]
    /// From half a millisecond (a fast kernel-to-handler path) to a quarter of a second (a stall).
    static let latencyBuckets: [Duration] = [0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256].map {
        .nanoseconds(Int64($0 * 1e9))
    }

    public init(app: HostedApp, now: @escaping () -> Double = { EventTime.now().seconds }) {
        self.now = now
        started = now()
        registry.makeGauge(
            descriptor: Self.name("app", unit: "info", "The app this kiosk runs, and its version (always 1)."),
            labels: [("app", app.name), ("version", app.version)]
        ).set(to: 1.0)
        latency = registry.makeDurationHistogram(
            descriptor: Self.name("input_latency", unit: "seconds", "From the kernel's timestamp of a touch frame to the moment it is handed to the app."),
            labels: [], buckets: Self.latencyBuckets)
        presents = registry.makeCounter(descriptor: Self.name("presents", unit: "total", "Frames put on the screen."))
        slowRepaints = registry.makeCounter(
            descriptor: Self.name("slow_repaints", unit: "total", "Presents whose repaint took longer than a refresh of the panel."))
        screenOn = registry.makeGauge(descriptor: Self.name("screen_on", unit: "", "1 while the panel shows the picture, 0 while it is powered down."))
        sinceLastTouch = registry.makeGauge(
            descriptor: Self.name("last_touch_age", unit: "seconds", "Seconds since a finger last came down (since the start, before the first)."))
        for kind in Self.kinds {
            devicesByKind[kind] = registry.makeGauge(
                descriptor: Self.name("devices", unit: "", "Input devices open now, by kind."), labels: [("kind", kind)])
            devicesByKind[kind]!.set(to: 0.0)
        }
        screenOn.set(to: 1.0)
    }

    /// What one read of the hub's brought: frames and touches per device,
    /// keys pressed, devices come and gone, resyncs, how late each frame is.
    public func count(_ items: [InputHubOutput], from hub: InputHub) {
        let time = now()
        for item in items {
            switch item {
            case .frame(let records):
                guard let first = records.first else { continue }
                let device = name(of: first.device, hub: hub)
                counter(.frames, device: device).increment()
                let began = records.count { $0.phase == .began }
                if began > 0 {
                    counter(.touches, device: device).increment(by: Int64(began))
                    if !notUseNames.contains(device) { lastTouch = time }
                }
                let late = time - first.time.seconds
                if late >= 0, late < 3600 { latency.record(.nanoseconds(Int64(late * 1e9))) }
            case .keys(let records):
                guard let first = records.first else { continue }
                let pressed = records.count { $0.phase == .began }
                guard pressed > 0 else { continue }
                counter(.keyPresses, device: name(of: first.device, hub: hub))
                    .increment(by: Int64(pressed))
            case .scanned(_, let scanner):
                counter(.scans, device: scanner).increment()
            case .note(let note):
                noteChanged(note)
            }
        }
    }

    private func noteChanged(_ note: InputHubNote) {
        switch note {
        case .opened(let devnode, let name, _, _):
            present[devnode] = (name, Self.isNode(devnode) ? "touchscreen" : "virtual")
            if notUse.contains(devnode) { notUseNames.insert(name) }
            // At 0 from the start, so that "no touch since" has a series to look at.
            for figure in [Figure.frames, .touches, .resyncs] { _ = counter(figure, device: name) }
        case .openedKeyboard(let devnode, let name, _, let scanner):
            present[devnode] = (name, !Self.isNode(devnode) ? "virtual" : scanner ? "scanner" : "keyboard")
            _ = counter(scanner ? .scans : .keyPresses, device: name)
        case .closed(let devnode, _, _, _):
            present[devnode] = nil
        case .resynced(let devnode, let dropped):
            counter(.resyncs, device: present[devnode]?.name ?? devnode)
                .increment(by: Int64(dropped))
        case .failed, .warning, .debug:
            return
        }
        for kind in Self.kinds { devicesByKind[kind]!.set(to: Double(present.values.count { $0.kind == kind })) }
    }

    /// The display's figures as they are now: presents, slow repaints, power.
    public func sample(compositors: [Compositor], screenIsOn: Bool) {
        let presented = compositors.reduce(0) { $0 + $1.framesPresented }
        let slow = compositors.reduce(0) { $0 + $1.slowPresents }
        presents.increment(by: Int64(max(0, presented - presentsCounted)))
        slowRepaints.increment(by: Int64(max(0, slow - slowPresentsCounted)))
        (presentsCounted, slowPresentsCounted) = (presented, slow)
        screenOn.set(to: screenIsOn ? 1.0 : 0.0)
        sinceLastTouch.set(to: max(0, now() - (lastTouch ?? started)))
    }

    /// Prometheus' text format, as node_exporter's textfile collector reads it.
    public func text() -> [UInt8] { registry.emitToBuffer() }

    /// A device node, not a name the host gave a device it made up ("window", "vnc").
    private static func isNode(_ devnode: String) -> Bool { devnode.hasPrefix("/") }

    private func name(of index: Int, hub: InputHub) -> String { hub.deviceName(index) ?? "device \(index)" }

    /// The counters kept per device, labelled with its name.
    private enum Figure: String {
        case frames
        case touches
        case resyncs
        case keyPresses = "key_presses"
        case scans

        var help: String {
            switch self {
            case .frames: "Touch frames (SYN_REPORT) a touchscreen sent."
            case .touches: "Fingers that came down on a touchscreen."
            case .resyncs: "Kernel buffer overflows (SYN_DROPPED) on a touchscreen, resynchronized through libevdev."
            case .keyPresses: "Keys pressed on a keyboard or keypad."
            case .scans: "Lines a barcode scanner read."
            }
        }
    }

    /// The registry gives back the counter it made before for the same name and labels.
    private func counter(_ figure: Figure, device: String) -> Counter {
        registry.makeCounter(descriptor: Self.name(figure.rawValue, unit: "total", figure.help), labels: [("device", device)])
    }

    /// touchbridge_NAME_UNIT, as Prometheus names things (no unit: touchbridge_NAME).
    private static func name(_ name: String, unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "touchbridge", metricName: name, unitName: unit, helpText: help)
    }
}

import KernelInput

/// One touch that changed in one frame, in screen points: what `touchbridge
/// replay` prints, one per line.
public struct TouchRecord: Hashable, Sendable {
    public var time: EventTime
    /// Unique for the finger's whole life within the run, from 0.
    public var touch: Int
    public var phase: ContactPhase
    public var x: Double
    public var y: Double
    public var tapCount: Int
    /// Pressure as a fraction of the device's range, when it reports pressure.
    public var force: Double?
    /// Half the contact's major axis, in points, when the device reports it.
    public var majorRadius: Double?
    /// Index of the recording (device) in the run.
    public var device: Int
    /// Index of the frame within its device's stream.
    public var frame: Int
    /// Which of `Screen.screens` the touch is on (the device's output).
    public var screen: Int

    public init(
        time: EventTime, touch: Int, phase: ContactPhase, x: Double, y: Double, tapCount: Int, force: Double? = nil,
        majorRadius: Double? = nil, device: Int = 0, frame: Int = 0, screen: Int = 0
    ) {
        self.time = time
        self.touch = touch
        self.phase = phase
        self.x = x
        self.y = y
        self.tapCount = tapCount
        self.force = force
        self.majorRadius = majorRadius
        self.device = device
        self.frame = frame
        self.screen = screen
    }

    /// The JSON Lines contract: time, touch, phase, x, y, tapCount first, then extras.
    public var jsonLine: String { jsonLine(view: nil) }

    /// With a scene, the line also names the class of the touch's hit-test view (or null).
    public func jsonLine(view: String??) -> String {
        var line = "{\"time\": \(time), \"touch\": \(touch), \"phase\": \"\(phase)\", "
        line += "\"x\": \(Self.rounded(x)), \"y\": \(Self.rounded(y)), \"tapCount\": \(tapCount)"
        if let force { line += ", \"force\": \(Self.rounded(force, places: 3))" }
        if let majorRadius { line += ", \"majorRadius\": \(Self.rounded(majorRadius))" }
        if let view { line += ", \"view\": " + (view.map { "\"\($0)\"" } ?? "null") }
        line += ", \"device\": \(device), \"frame\": \(frame)}"
        return line
    }

    static func rounded(_ value: Double, places: Int = 2) -> String {
        let scale = places == 3 ? 1000.0 : 100.0
        let result = (value * scale).rounded() / scale
        return result == 0 ? "0.0" : "\(result)"
    }
}

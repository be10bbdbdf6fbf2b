/// CAMediaTimingFunction: how an animation's progress follows its time.
public struct MediaTimingFunction: Sendable {
    let curve: TimingCurve

    public init(name: MediaTimingFunctionName) {
        switch name {
        case .linear: curve = .linear
        case .easeIn: curve = .easeIn
        case .easeOut: curve = .easeOut
        case .easeInEaseOut: curve = .easeInOut
        // Core Animation's own default: a gentle start and a long ease out.
        case .default: curve = .cubic(0.25, 0.1, 0.25, 1)
        }
    }

    init(curve: TimingCurve) { self.curve = curve }

    /// A curve through two control points, each coordinate from 0 to 1 in x (time).
    public init(controlPoints x1: Float, _ y1: Float, _ x2: Float, _ y2: Float) {
        curve = .cubic(Double(min(1, max(0, x1))), Double(y1), Double(min(1, max(0, x2))), Double(y2))
    }
}

/// CAMediaTimingFunctionName.
public enum MediaTimingFunctionName: Sendable {
    case linear, easeIn, easeOut, easeInEaseOut, `default`
}

/// CAMediaTimingFillMode: what is drawn outside the animation's time.
public enum MediaTimingFillMode: Sendable {
    case removed, forwards, backwards, both
}

public typealias CAMediaTimingFunction = MediaTimingFunction
public typealias CAMediaTimingFunctionName = MediaTimingFunctionName
public typealias CAMediaTimingFillMode = MediaTimingFillMode

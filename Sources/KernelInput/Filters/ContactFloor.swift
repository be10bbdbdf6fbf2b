/// Which contacts are real fingers: a touch must press at least
/// `minimumPressure` and be at least `minimumTouchMajor` wide before it
/// begins (a ghost touch on a noisy panel does neither), and a contact
/// wider than `maximumTouchMajor` is a palm: it never begins, or is
/// cancelled if it already had. Values are in the device's units; a limit
/// on an axis the device does not report is not applied.
public struct ContactFloor: Equatable, Sendable, CustomStringConvertible {
    public var minimumPressure: Int32?
    public var minimumTouchMajor: Int32?
    public var maximumTouchMajor: Int32?

    public init(minimumPressure: Int32? = nil, minimumTouchMajor: Int32? = nil, maximumTouchMajor: Int32? = nil) {
        self.minimumPressure = minimumPressure
        self.minimumTouchMajor = minimumTouchMajor
        self.maximumTouchMajor = maximumTouchMajor
    }

    public var isEmpty: Bool { minimumPressure == nil && minimumTouchMajor == nil && maximumTouchMajor == nil }

    public var description: String {
        [
            minimumPressure.map { "min-pressure \($0)" }, minimumTouchMajor.map { "min-touch-major \($0)" },
            maximumTouchMajor.map { "max-touch-major \($0)" },
        ].compactMap { $0 }.joined(separator: ", ")
    }

    enum Verdict { case wait, accept, reject }

    /// What a contact not yet begun is, by this frame's values.
    func judge(pressure: Int32?, touchMajor: Int32?) -> Verdict {
        if let maximumTouchMajor, let touchMajor, touchMajor > maximumTouchMajor { return .reject }
        if let minimumPressure, let pressure, pressure < minimumPressure { return .wait }
        if let minimumTouchMajor, let touchMajor, touchMajor < minimumTouchMajor { return .wait }
        return .accept
    }

    /// True when a contact that has begun turns out to be a palm.
    func isPalm(touchMajor: Int32?) -> Bool {
        guard let maximumTouchMajor, let touchMajor else { return false }
        return touchMajor > maximumTouchMajor
    }
}

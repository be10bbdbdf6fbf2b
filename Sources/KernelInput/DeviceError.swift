/// A device that cannot be used as asked: a node that will not open, is not
/// evdev, or is grabbed by another program; uinput refusing a device; a
/// device (live, or as a recording describes it) that is not the kind it
/// was taken for. `device` is its node, or the recording that describes it.
public struct DeviceError: Error, Equatable, CustomStringConvertible, Sendable {
    public var device: String
    public var problem: String

    public init(_ device: String, _ problem: String) {
        self.device = device
        self.problem = problem
    }

    public var description: String { "\(device): \(problem)" }
}

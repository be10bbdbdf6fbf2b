import KernelInput

/// A display a touchscreen can be mapped to, as input sees it: its name,
/// its size in points (after rotation) and, when its EDID says, in millimetres.
public struct OutputTarget: Equatable, Sendable {
    /// The connector's name, "HDMI-A-1"; what `output =` takes.
    public var name: String
    public var width: Double
    public var height: Double
    /// 0 when the display does not say.
    public var widthMillimetres: Int
    public var heightMillimetres: Int

    public init(name: String, width: Double, height: Double, widthMillimetres: Int = 0, heightMillimetres: Int = 0) {
        self.name = name
        self.width = width
        self.height = height
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
    }

    /// The udev properties that name a touchscreen's output: ours, then the
    /// one Weston and libinput's documentation use for the same thing.
    public static let udevProperties = ["TOUCHBRIDGE_OUTPUT", "WL_OUTPUT"]

    /// How far apart two sizes may be, per side, to be called the same panel:
    /// EDIDs round to whole centimetres, and a touch sensor overhangs its glass a little.
    static let sizeTolerance = 0.12

    /// Which of `outputs` a touchscreen is on, and why, in order of trust:
    /// the configuration's `output` for it, its udev property, a panel whose
    /// physical size matches its own (either way round), else the first.
    /// `configured` and `property` naming no output are passed over with a
    /// reason (the configuration's names are checked at start).
    public static func choose(
        for device: DeviceDescription, configured: (section: String, output: String)?, properties: [String: String],
        among outputs: [OutputTarget]
    ) -> (index: Int, reason: String) {
        var passedOver: [String] = []
        let names = outputs.map(\.name).joined(separator: ", ")
        if let configured {
            if let index = outputs.firstIndex(where: { $0.name == configured.output }) {
                return (index, "as [input.device.\(configured.section)] says")
            }
            passedOver.append("[input.device.\(configured.section)] names \(configured.output), which is not one of \(names)")
        }
        for property in udevProperties {
            guard let wanted = properties[property], !wanted.isEmpty else { continue }
            if let index = outputs.firstIndex(where: { $0.name == wanted }) { return (index, "as its udev property \(property) says") }
            passedOver.append("its udev property \(property) names \(wanted), which is not one of \(names)")
        }
        if let size = device.sizeMillimetres, let match = matchingSize(size, among: outputs) {
            let output = outputs[match]
            let reason = "its \(Int(size.width.rounded()))x\(Int(size.height.rounded())) mm match the panel's "
                + "\(output.widthMillimetres)x\(output.heightMillimetres) mm"
            return (match, ([reason] + passedOver).joined(separator: "; "))
        }
        let why = device.sizeMillimetres == nil ? "it does not say its size" : "its size matches no single panel"
        return (0, (["the first output: no output is named for it and \(why)"] + passedOver).joined(separator: "; "))
    }

    /// The one output whose physical size is the device's, within the
    /// tolerance, upright or turned; nil when none is, or several are.
    static func matchingSize(_ size: (width: Double, height: Double), among outputs: [OutputTarget]) -> Int? {
        func close(_ a: Double, _ b: Int) -> Bool { b > 0 && abs(a - Double(b)) <= sizeTolerance * Double(b) }
        let matches = outputs.indices.filter { index in
            let output = outputs[index]
            return (close(size.width, output.widthMillimetres) && close(size.height, output.heightMillimetres))
                || (close(size.width, output.heightMillimetres) && close(size.height, output.widthMillimetres))
        }
        return matches.count == 1 ? matches[0] : nil
    }
}

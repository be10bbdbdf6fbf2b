import CLibdrm
import Glibc
import SystemPackage

/// Where a DRM surface shows its picture: a connected connector, its
/// mode, and a CRTC that one of its encoders can drive.
struct DRMOutput {
    var connectorID: UInt32
    /// As the kernel names it in sysfs: "HDMI-A-1", "Virtual-1".
    var connectorName: String
    var mode: drmModeModeInfo
    var crtcID: UInt32
    var widthMillimetres = 0
    var heightMillimetres = 0

    var width: Int { Int(mode.hdisplay) }
    var height: Int { Int(mode.vdisplay) }

    /// Frames per second: the mode's own figure, else from its clock (kHz) and totals.
    var refreshRate: Double {
        if mode.vrefresh > 0 { return Double(mode.vrefresh) }
        let pixels = Double(mode.htotal) * Double(mode.vtotal)
        return mode.clock > 0 && pixels > 0 ? Double(mode.clock) * 1000 / pixels : 60
    }

    /// The connector named `wanted` ("HDMI-A-1"), or the first connected one.
    static func choose(fd: Int32, device: String, wanted: String? = nil) throws -> DRMOutput {
        guard let resources = drmModeGetResources(fd) else {
            let code = errno
            switch code {
            case EOPNOTSUPP, EINVAL:
                throw DisplayError(device: device, problem: "a DRM device without modesetting (a render-only GPU?); use a card with a display")
            case EACCES, EPERM: throw DisplayError(device: device, problem: "not allowed to read its displays (a render node? use /dev/dri/cardN)")
            default: throw DisplayError(device: device, .failed("cannot read its displays", Errno(rawValue: code)))
            }
        }
        defer { drmModeFreeResources(resources) }
        let connectorIDs = UnsafeBufferPointer(start: resources.pointee.connectors, count: Int(resources.pointee.count_connectors))
        var seen: [String] = []
        for connectorID in connectorIDs {
            guard let connector = drmModeGetConnector(fd, connectorID) else { continue }
            defer { drmModeFreeConnector(connector) }
            let name = Self.name(of: connector.pointee)
            if let wanted, name != wanted {
                seen.append("\(name) \(connector.pointee.connection == DRM_MODE_CONNECTED ? "connected" : "disconnected")")
                continue
            }
            guard connector.pointee.connection == DRM_MODE_CONNECTED, connector.pointee.count_modes > 0 else {
                if let wanted {
                    throw DisplayError(device: device, problem: "the output \(wanted) is \(connector.pointee.connection == DRM_MODE_CONNECTED ? "connected but has no modes" : "disconnected")")
                }
                seen.append("\(name) \(connector.pointee.connection == DRM_MODE_CONNECTED ? "without modes" : "disconnected")")
                continue
            }
            guard let crtcID = Self.crtc(for: connector.pointee, resources: resources.pointee, fd: fd) else {
                throw DisplayError(device: device, problem: "no CRTC can drive \(name)")
            }
            return DRMOutput(connector: connector.pointee, name: name, crtcID: crtcID)
        }
        let listed = seen.isEmpty ? "it has no connectors" : "connectors: " + seen.joined(separator: ", ")
        if let wanted { throw DisplayError(device: device, problem: "no output named \(wanted) (\(listed))") }
        throw DisplayError(device: device, problem: "no connected display on \(device) (\(listed))")
    }

    /// Every connected connector with modes, each given a CRTC no other one
    /// has, in the card's order. A connector left without a CRTC (the card
    /// drives fewer displays than it has connected) is an error naming it.
    static func allConnected(fd: Int32, device: String) throws -> [DRMOutput] {
        guard let resources = drmModeGetResources(fd) else {
            throw DisplayError(device: device, .failed("cannot read its displays", Errno(rawValue: errno)))
        }
        defer { drmModeFreeResources(resources) }
        var connected: [(connector: UnsafeMutablePointer<drmModeConnector>, name: String)] = []
        defer { for entry in connected { drmModeFreeConnector(entry.connector) } }
        var seen: [String] = []
        for connectorID in UnsafeBufferPointer(start: resources.pointee.connectors, count: Int(resources.pointee.count_connectors)) {
            guard let connector = drmModeGetConnector(fd, connectorID) else { continue }
            let name = Self.name(of: connector.pointee)
            guard connector.pointee.connection == DRM_MODE_CONNECTED, connector.pointee.count_modes > 0 else {
                seen.append("\(name) \(connector.pointee.connection == DRM_MODE_CONNECTED ? "without modes" : "disconnected")")
                drmModeFreeConnector(connector)
                continue
            }
            connected.append((connector, name))
        }
        guard !connected.isEmpty else {
            let listed = seen.isEmpty ? "it has no connectors" : "connectors: " + seen.joined(separator: ", ")
            throw DisplayError(device: device, problem: "no connected display on \(device) (\(listed))")
        }
        // Each keeps the CRTC driving it now; the others take free ones, so none is moved to another's.
        var crtcs = connected.map { Self.currentCRTC(of: $0.connector.pointee, fd: fd) }
        for index in crtcs.indices where crtcs[index] != nil && crtcs[..<index].contains(crtcs[index]) { crtcs[index] = nil }
        for index in crtcs.indices where crtcs[index] == nil {
            crtcs[index] = Self.crtc(for: connected[index].connector.pointee, resources: resources.pointee, fd: fd, excluding: Set(crtcs.compactMap { $0 }))
            guard crtcs[index] != nil else {
                throw DisplayError(
                    device: device,
                    problem: "no CRTC is left to drive \(connected[index].name) beside the other outputs; name one with --output")
            }
        }
        return connected.indices.map { DRMOutput(connector: connected[$0].connector.pointee, name: connected[$0].name, crtcID: crtcs[$0]!) }
    }

    /// The CRTC driving the connector now, if any.
    private static func currentCRTC(of connector: drmModeConnector, fd: Int32) -> UInt32? {
        guard connector.encoder_id != 0, let encoder = drmModeGetEncoder(fd, connector.encoder_id) else { return nil }
        defer { drmModeFreeEncoder(encoder) }
        return encoder.pointee.crtc_id != 0 ? encoder.pointee.crtc_id : nil
    }

    /// The mode a `video=` kernel argument asked for (the way a Raspberry Pi
    /// kiosk sets its panel's mode), else the one the display prefers, else the first.
    static func bestMode(_ modes: UnsafeBufferPointer<drmModeModeInfo>) -> drmModeModeInfo? {
        modes.first { $0.type & UInt32(DRM_MODE_TYPE_USERDEF) != 0 }
            ?? modes.first { $0.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 } ?? modes.first
    }

    /// Every connector of the card, connected or not, for `touchbridge displays`.
    static func summaries(fd: Int32, device: String) throws -> [ConnectorSummary] {
        guard let resources = drmModeGetResources(fd) else {
            throw DisplayError(device: device, .failed("cannot read its displays", Errno(rawValue: errno)))
        }
        defer { drmModeFreeResources(resources) }
        var summaries: [ConnectorSummary] = []
        for connectorID in UnsafeBufferPointer(start: resources.pointee.connectors, count: Int(resources.pointee.count_connectors)) {
            guard let connector = drmModeGetConnector(fd, connectorID) else { continue }
            defer { drmModeFreeConnector(connector) }
            let modes = UnsafeBufferPointer(start: connector.pointee.modes, count: Int(connector.pointee.count_modes))
            let preferred = bestMode(modes)
            summaries.append(
                ConnectorSummary(
                    name: name(of: connector.pointee), connected: connector.pointee.connection == DRM_MODE_CONNECTED,
                    widthMillimetres: Int(connector.pointee.mmWidth), heightMillimetres: Int(connector.pointee.mmHeight),
                    preferredMode: preferred.map {
                        DRMOutput(connectorID: 0, connectorName: "", mode: $0, crtcID: 0)
                    }.map { ($0.width, $0.height, $0.refreshRate) },
                    modeCount: modes.count))
        }
        return summaries
    }

    /// The CRTC already driving the connector, else the first one an encoder
    /// of it can use; never one of `taken` (another output's).
    private static func crtc(for connector: drmModeConnector, resources: drmModeRes, fd: Int32, excluding taken: Set<UInt32> = []) -> UInt32? {
        if let current = currentCRTC(of: connector, fd: fd), !taken.contains(current) { return current }
        let crtcs = UnsafeBufferPointer(start: resources.crtcs, count: Int(resources.count_crtcs))
        for encoderID in UnsafeBufferPointer(start: connector.encoders, count: Int(connector.count_encoders)) {
            guard let encoder = drmModeGetEncoder(fd, encoderID) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            // possible_crtcs: bit i set when the i-th CRTC of the resources can take this encoder.
            if let index = crtcs.indices.first(where: { encoder.pointee.possible_crtcs & (1 << UInt32($0)) != 0 && !taken.contains(crtcs[$0]) }) {
                return crtcs[index]
            }
        }
        return nil
    }

    private static func name(of connector: drmModeConnector) -> String {
        let type = drmModeGetConnectorTypeName(connector.connector_type).map { String(cString: $0) } ?? "Unknown"
        return "\(type)-\(connector.connector_type_id)"
    }
}

extension DRMOutput {
    fileprivate init(connector: drmModeConnector, name: String, crtcID: UInt32) {
        let modes = UnsafeBufferPointer(start: connector.modes, count: Int(connector.count_modes))
        self.init(
            connectorID: connector.connector_id, connectorName: name, mode: Self.bestMode(modes)!, crtcID: crtcID,
            widthMillimetres: Int(connector.mmWidth), heightMillimetres: Int(connector.mmHeight))
    }
}

/// One connector of a DRM card, as `touchbridge displays` lists it.
public struct ConnectorSummary: Sendable {
    /// "HDMI-A-1", "Virtual-1": what `output =` takes.
    public var name: String
    public var connected: Bool
    /// The panel's size as its EDID says; 0 when it does not.
    public var widthMillimetres: Int
    public var heightMillimetres: Int
    public var preferredMode: (width: Int, height: Int, refreshRate: Double)?
    public var modeCount: Int

    /// Every connector of the DRM card at `path` (opened to read, not to draw).
    public static func list(card path: String) throws -> [ConnectorSummary] {
        let fd = try DeviceNode.open(path, kind: .drm)
        defer { try? fd.close() }
        return try DRMOutput.summaries(fd: fd.rawValue, device: path)
    }

    /// "Virtual-1  connected  1280x800 at 75 Hz (30 modes), 0x0 mm".
    public var line: String {
        var text = name + String(repeating: " ", count: max(12 - name.count, 2))
        text += connected ? "connected" : "disconnected"
        if let mode = preferredMode {
            text += "  \(mode.width)x\(mode.height) at \(Int(mode.refreshRate.rounded())) Hz (\(modeCount) mode\(modeCount == 1 ? "" : "s"))"
        }
        if widthMillimetres > 0 || heightMillimetres > 0 { text += ", \(widthMillimetres)x\(heightMillimetres) mm" }
        return text
    }
}

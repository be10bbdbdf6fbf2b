import Glibc

/// Reads any recording TouchBridge understands, telling the formats apart by
/// their content, and joins a description file with the events file that follows it.
public enum RecordingReader {
    /// The format of a file's content, judged from its first meaningful lines.
    public static func detectFormat(_ bytes: [UInt8]) -> RecordingFormat? {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        for rawLine in head.split(whereSeparator: \.isNewline).prefix(40) {
            let line = rawLine.trimmingSpaces()
            if line.isEmpty { continue }
            if line.hasPrefix("# EVEMU") { return .evemu }
            if line.hasPrefix("#") || line == "---" { continue }
            if line.hasPrefix("version:") || line.hasPrefix("ndevices:") || line.hasPrefix("libinput:")
                || line.hasPrefix("devices:")
            {
                return .libinputRecord
            }
            if line.hasPrefix("Input driver version") || line.hasPrefix("Input device ID:")
                || line.hasPrefix("Input device name:") || line.hasPrefix("Event: time")
            {
                return .evtest
            }
            if line.count >= 2, "NIPBASLE".contains(line.first!), line.dropFirst().first == ":" { return .evemu }
            if line.hasPrefix("No device specified") || line.hasPrefix("Available devices")
                || line.hasPrefix("/dev/input/") || line.hasPrefix("Select the device")
            {
                continue  // evtest's device list comes before its header
            }
            return nil
        }
        return nil
    }

    /// Reads one file; a file may hold several recordings (evtest sessions, libinput record devices).
    public static func read(file path: String) throws -> [Recording] {
        try read(try readBytes(path), file: path)
    }

    public static func read(_ bytes: [UInt8], file: String) throws -> [Recording] {
        try bytes.withUnsafeBufferPointer { try TextCheck.requireText($0, file: file) }
        switch detectFormat(bytes) {
        case .evemu: return [try EvemuReader.read(bytes, file: file)]
        case .evtest: return try EvtestReader.read(bytes, file: file)
        case .libinputRecord: return try LibinputRecordReader.read(String(decoding: bytes, as: UTF8.self), file: file)
        case nil:
            throw RecordingError(
                file: file, line: 1,
                "not a recording TouchBridge can read (expected evemu N:/E: lines, evtest text or libinput record YAML)")
        }
    }

    /// Reads several files as one run. A file with only a description joins
    /// the events-only file after it; every recording is then checked
    /// against its device: events of codes it does not declare are dropped,
    /// as libevdev drops them, with one warning per code; a slot index out
    /// of range is an error.
    public static func load(files: [String], warn: (String) -> Void = RecordingReader.warnOnStandardError) throws -> [Recording] {
        var result: [Recording] = []
        var pendingDescription: Recording?
        for path in files {
            for recording in try read(file: path) {
                if recording.device != nil && recording.events.isEmpty {
                    if let unused = pendingDescription { result.append(unused) }
                    pendingDescription = recording
                    continue
                }
                if recording.device == nil {
                    guard let description = pendingDescription else {
                        throw RecordingError(
                            recording.location(ofEvent: 0),
                            "E: line before any device description; give the device's description file first "
                                + "(touchbridge replay DEVICE.desc EVENTS.txt)")
                    }
                    var joined = recording
                    joined.device = description.device
                    joined.source = description.source
                    pendingDescription = nil
                    result.append(joined)
                    continue
                }
                if let unused = pendingDescription {
                    result.append(unused)
                    pendingDescription = nil
                }
                result.append(recording)
            }
        }
        if let unused = pendingDescription { result.append(unused) }
        for index in result.indices {
            for warning in result[index].dropUndeclaredCodes() { warn(warning.description) }
            try result[index].validate()
        }
        return result
    }

    /// Writes a warning on standard error, a line of its own.
    public static func warnOnStandardError(_ message: String) {
        writeAll("warning: \(message)\n", to: STDERR_FILENO)
    }

    /// A file's bytes, read to its end (a pipe's too).
    package static func readBytes(_ path: String) throws -> [UInt8] {
        guard let handle = fopen(path, "rb") else {
            throw RecordingError(file: path, "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count {
                if ferror(handle) != 0 {
                    throw RecordingError(file: path, "cannot read: \(String(cString: strerror(errno)))")
                }
                break
            }
        }
        return bytes
    }
}

extension Recording {
    /// Drops the events of codes the device does not declare, as libevdev
    /// does for a real device (the kernel can send them; nothing may rely on
    /// them). One warning per code, at its first event, with how many went.
    public mutating func dropUndeclaredCodes() -> [RecordingError] {
        guard let device else { return [] }
        let supported = SupportedCodes(device)
        var dropped: [(type: UInt16, code: UInt16, first: Int, count: Int)] = []
        var kept: [InputEvent] = []
        var keptLines: [Int32] = []
        kept.reserveCapacity(events.count)
        keptLines.reserveCapacity(eventLines.count)
        for (index, event) in events.enumerated() {
            if supported.contains(type: event.type, code: event.code) {
                kept.append(event)
                if index < eventLines.count { keptLines.append(eventLines[index]) }
            } else if let known = dropped.firstIndex(where: { $0.type == event.type && $0.code == event.code }) {
                dropped[known].count += 1
            } else {
                dropped.append((event.type, event.code, index, 1))
            }
        }
        guard !dropped.isEmpty else { return [] }
        let warnings = dropped.map { code in
            RecordingError(
                location(ofEvent: code.first),
                "\(EventNames.describe(type: code.type, code: code.code)) is not a code the device declares: "
                    + "its \(code.count) event\(code.count == 1 ? "" : "s") dropped, as libevdev drops them")
        }
        events = kept
        eventLines = keptLines
        return warnings
    }

    /// Checks every event against the device: codes it declares, slot indexes within its slots.
    /// `RecordingReader.load` drops undeclared codes first; a recording built by hand may call this alone.
    public func validate() throws {
        guard let device else {
            if events.isEmpty { return }
            throw RecordingError(location(ofEvent: 0), "events but no device description")
        }
        let supported = SupportedCodes(device)
        let slotRange = device.absInfo[AbsCode.mtSlot].map { $0.minimum...$0.maximum }
        for (index, event) in events.enumerated() {
            guard supported.contains(type: event.type, code: event.code) else {
                throw RecordingError(
                    location(ofEvent: index),
                    "\(EventNames.describe(type: event.type, code: event.code)) is not a code the device declares")
            }
            if event.type == EventType.abs, event.code == AbsCode.mtSlot, let slotRange,
                !slotRange.contains(event.value)
            {
                throw RecordingError(
                    location(ofEvent: index),
                    "slot index \(event.value) out of range (the device has slots \(slotRange.lowerBound)...\(slotRange.upperBound))"
                )
            }
        }
    }
}

/// A bitmap of the codes a device declares, for checking many events quickly.
struct SupportedCodes {
    private static let codesPerType = 0x300
    private var bits: [UInt64]

    init(_ device: DeviceDescription) {
        bits = Array(repeating: 0, count: (Int(EventType.max) + 1) * Self.codesPerType / 64)
        for code in 0...0x0f { insert(type: EventType.syn, code: UInt16(code)) }
        for (type, codes) in device.codes {
            for code in codes { insert(type: type, code: code) }
        }
    }

    private mutating func insert(type: UInt16, code: UInt16) {
        let bit = Int(type) * Self.codesPerType + Int(code)
        bits[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    func contains(type: UInt16, code: UInt16) -> Bool {
        guard type <= EventType.max, Int(code) < Self.codesPerType else { return false }
        let bit = Int(type) * Self.codesPerType + Int(code)
        return bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }
}

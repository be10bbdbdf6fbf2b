/// Reads evtest's text output: the header (device id, name, supported
/// events with absinfo, properties) and its event lines, including the
/// SYN_REPORT, SYN_MT_REPORT and SYN_DROPPED marker lines and the plain
/// `type 0 (EV_SYN)` lines of older evtest. A file holding several evtest
/// sessions one after another gives one recording per session.
public enum EvtestReader {
    public static func read(_ bytes: [UInt8], file: String) throws -> [Recording] {
        try bytes.withUnsafeBufferPointer { try read($0, file: file) }
    }

    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> [Recording] {
        try TextCheck.requireText(bytes, file: file)
        var recordings: [Recording] = []
        var session: Session?
        var lines = LineSplitter(bytes)

        func finish() throws {
            guard let done = session else { return }
            recordings.append(try done.build(file: file))
            session = nil
        }

        while let (start, end, terminated) = lines.next() {
            let lineNumber = lines.lineNumber
            func fail(_ message: String) -> RecordingError {
                RecordingError(file: file, line: lineNumber, message)
            }
            func name(_ scanner: inout ByteScanner) throws -> String {
                guard let text = scanner.rest() else { throw fail("the device name is not valid UTF-8 text") }
                return text
            }
            var scanner = ByteScanner(bytes, from: start, to: end)
            scanner.skipBlanks()
            guard !scanner.atLineEnd() else { continue }  // blank, or a # comment

            if scanner.consume("Event: time ") {
                guard session != nil else {
                    throw fail("event line before any evtest header (Input device name/ID, Supported events)")
                }
                guard let event = try parseEvent(&scanner, fail: fail) else {
                    throw fail(
                        terminated
                            ? "malformed event line (expected 'Event: time <sec>.<usec>, type N (NAME), code N (NAME), value N')"
                            : "truncated event line: the file ends mid-line")
                }
                session!.events.append(event)
                session!.eventLines.append(Int32(truncatingIfNeeded: lineNumber))
                continue
            }

            // A header line. A new header after events means a new evtest session.
            if scanner.consume("Input driver version is") {
                try finish()
                session = Session(headerLine: lineNumber)
                continue
            }
            if scanner.consume("Input device ID:") {
                if session?.hasEventsOrID ?? true {
                    try finish()
                    session = Session(headerLine: lineNumber)
                }
                session!.id = try parseID(&scanner, fail: fail)
                continue
            }
            if session == nil, scanner.consume("Input device name:") {
                session = Session(headerLine: lineNumber)
                scanner.skipBlanks()
                session!.name = Self.unquoted(try name(&scanner))
                continue
            }
            guard session != nil else { continue }  // preamble: device lists, prompts
            if !session!.events.isEmpty {
                throw fail("unrecognised line among the events (expected 'Event: time ...')")
            }
            if scanner.consume("Input device name:") {
                scanner.skipBlanks()
                session!.name = Self.unquoted(try name(&scanner))
            } else if scanner.consume("Supported events:") || scanner.consume("Properties:")
                || scanner.consume("Key repeat handling:") || scanner.consume("Testing ...")
            {
                session!.currentAxis = nil
            } else if scanner.consume("Event type") {
                guard let type = number(&scanner), type <= Int64(EventType.max) else {
                    throw fail("malformed 'Event type' line")
                }
                session!.currentType = UInt16(type)
                session!.currentAxis = nil
                session!.types.insert(UInt16(type))
            } else if scanner.consume("Event code") {
                guard let type = session!.currentType, let code = number(&scanner),
                    EventNames.isKnown(type: type, code: UInt16(clamping: code))
                else {
                    throw fail("unknown event code in the header (or an 'Event code' line before 'Event type')")
                }
                if type != EventType.syn { session!.codes[type, default: []].insert(UInt16(code)) }
                session!.currentAxis = type == EventType.abs ? UInt16(code) : nil
            } else if scanner.consume("Property type") {
                guard let property = number(&scanner), property <= Int64(InputProperty.max) else {
                    throw fail("malformed 'Property type' line")
                }
                session!.properties.insert(UInt16(property))
            } else if scanner.consume("Repeat type") || scanner.consume("Repeat code") {
                session!.currentAxis = nil
            } else if let field = AxisField.consume(&scanner) {
                scanner.skipBlanks()
                guard let value = scanner.decimal(), let value32 = Int32(exactly: value), scanner.atLineEnd() else {
                    throw fail("malformed absinfo line (expected '\(field) <number>')")
                }
                guard let axis = session!.currentAxis else {
                    if field == .value { continue }  // the value of a key-repeat setting
                    throw fail("absinfo line outside an EV_ABS 'Event code' block")
                }
                session!.axisFields[axis, default: [:]][field] = (value32, lineNumber)
            } else {
                throw fail("unrecognised evtest header line")
            }
        }
        try finish()
        guard !recordings.isEmpty else {
            throw RecordingError(file: file, "no evtest header found (expected 'Input device name: ...')")
        }
        return recordings
    }

    /// After "Event: time ": "1587922487.077439, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value 64"
    /// or "1587922487.077439, -------------- SYN_REPORT ------------".
    @inline(__always)
    private static func parseEvent(
        _ scanner: inout ByteScanner, fail: (String) -> RecordingError
    ) throws -> InputEvent? {
        guard let time = scanner.time(), scanner.consume(UInt8(ascii: ",")) else { return nil }
        scanner.skipBlanks()
        if scanner.consume("type ") {
            guard let type = scanner.decimal(), skipName(&scanner), scanner.consume(", code "),
                let code = scanner.decimal(), skipName(&scanner), scanner.consume(", value ")
            else { return nil }
            guard type >= 0, code >= 0, EventNames.isKnown(type: UInt16(clamping: type), code: UInt16(clamping: code))
            else {
                throw fail("unknown event code: type \(type) code \(code)")
            }
            // evtest prints MSC_SCAN and MSC_RAW values in hex.
            let isHex = type == Int64(EventType.msc) && (code == Int64(MscCode.scan) || code == Int64(MscCode.raw))
            guard let value = isHex ? scanner.hexadecimal() : scanner.decimal(),
                let value32 = Int32(exactly: value) ?? (isHex ? Int32(truncatingIfNeeded: value) : nil),
                scanner.atLineEnd()
            else { return nil }
            return InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: value32)
        }
        guard let marker = scanner.peek, marker == UInt8(ascii: "-") || marker == UInt8(ascii: "+")
            || marker == UInt8(ascii: ">")
        else { return nil }
        while scanner.peek == marker { scanner.position += 1 }
        scanner.skipBlanks()
        let code: UInt16
        if scanner.consume("SYN_REPORT") || scanner.consume("Report Sync") {
            code = SynCode.report
        } else if scanner.consume("SYN_MT_REPORT") {
            code = SynCode.mtReport
        } else if scanner.consume("SYN_DROPPED") {
            code = SynCode.dropped
        } else if scanner.consume("SYN_CONFIG") || scanner.consume("Config Sync") {
            code = SynCode.config
        } else {
            throw fail("unknown synchronization marker")
        }
        return InputEvent(time: time, type: EventType.syn, code: code, value: 0)
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// Skips " (NAME)" after a number.
    @inline(__always)
    private static func skipName(_ scanner: inout ByteScanner) -> Bool {
        scanner.skipBlanks()
        guard scanner.consume(UInt8(ascii: "(")) else { return true }
        return scanner.skip(past: UInt8(ascii: ")"))
    }

    private static func number(_ scanner: inout ByteScanner) -> Int64? {
        scanner.skipBlanks()
        guard let value = scanner.decimal(), value >= 0 else { return nil }
        return value
    }

    /// "bus 0x18 vendor 0x0 product 0x0 version 0x0"
    private static func parseID(_ scanner: inout ByteScanner, fail: (String) -> RecordingError) throws -> InputID {
        var fields: [UInt16] = []
        for label in ["bus", "vendor", "product", "version"] {
            scanner.skipBlanks()
            let word = label.utf8
            for byte in word {
                guard scanner.consume(byte) else {
                    throw fail("malformed 'Input device ID' line (expected bus, vendor, product and version)")
                }
            }
            scanner.skipBlanks()
            guard let value = scanner.hexadecimal(), value <= 0xffff else {
                throw fail("malformed 'Input device ID' line: \(label) is not a 16-bit hex number")
            }
            fields.append(UInt16(value))
        }
        return InputID(bustype: fields[0], vendor: fields[1], product: fields[2], version: fields[3])
    }

    enum AxisField: String, CaseIterable {
        case value = "Value", min = "Min", max = "Max", fuzz = "Fuzz", flat = "Flat", resolution = "Resolution"

        static func consume(_ scanner: inout ByteScanner) -> AxisField? {
            if scanner.consume("Value") { return .value }
            if scanner.consume("Min") { return .min }
            if scanner.consume("Max") { return .max }
            if scanner.consume("Fuzz") { return .fuzz }
            if scanner.consume("Flat") { return .flat }
            if scanner.consume("Resolution") { return .resolution }
            return nil
        }
    }

    /// One evtest session as its lines arrive.
    struct Session {
        var headerLine: Int
        var id: InputID?
        var name: String?
        var types: Set<UInt16> = [EventType.syn]
        var codes: [UInt16: Set<UInt16>] = [:]
        var properties: Set<UInt16> = []
        var currentType: UInt16?
        var currentAxis: UInt16?
        var axisFields: [UInt16: [AxisField: (value: Int32, line: Int)]] = [:]
        var events: [InputEvent] = []
        var eventLines: [Int32] = []

        init(headerLine: Int) { self.headerLine = headerLine }

        var hasEventsOrID: Bool { id != nil || !events.isEmpty }

        func build(file: String) throws -> Recording {
            var absInfo: [UInt16: AbsInfo] = [:]
            for (axis, fields) in axisFields {
                let axisName = EventNames.codeName(type: EventType.abs, code: axis) ?? "axis \(axis)"
                guard let min = fields[.min], let max = fields[.max] else {
                    let line = fields.values.map(\.line).max()
                    throw RecordingError(file: file, line: line, "absinfo of \(axisName) lacks its Min or Max")
                }
                let info = AbsInfo(
                    value: fields[.value]?.value ?? 0, minimum: min.value, maximum: max.value,
                    fuzz: fields[.fuzz]?.value ?? 0, flat: fields[.flat]?.value ?? 0,
                    resolution: fields[.resolution]?.value ?? 0)
                if let problem = info.problem(axis: axis) {
                    throw RecordingError(file: file, line: max.line, problem)
                }
                absInfo[axis] = info
            }
            guard let name else {
                throw RecordingError(
                    file: file, line: headerLine, "evtest header without an 'Input device name' line")
            }
            let device = DeviceDescription(
                name: name, id: id ?? InputID(), properties: properties, types: types, codes: codes,
                absInfo: absInfo)
            return Recording(format: .evtest, source: file, device: device, events: events, eventLines: eventLines)
        }
    }
}

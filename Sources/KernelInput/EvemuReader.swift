/// Reads what evemu-record and evemu-describe write (versions 1.1 to 1.3, and
/// files with no `# EVEMU` header): N:, I:, P:, B:, A:, L:, S: and E: lines.
public enum EvemuReader {
    public static func read(_ bytes: [UInt8], file: String) throws -> Recording {
        try bytes.withUnsafeBufferPointer { try read($0, file: file) }
    }

    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> Recording {
        try TextCheck.requireText(bytes, file: file)
        var description = PartialDescription()
        var events: [InputEvent] = []
        var eventLines: [Int32] = []
        events.reserveCapacity(bytes.count / 32)
        eventLines.reserveCapacity(bytes.count / 32)
        var lines = LineSplitter(bytes)

        while let (start, end, terminated) = lines.next() {
            let lineNumber = lines.lineNumber
            func fail(_ message: String) -> RecordingError {
                RecordingError(file: file, line: lineNumber, message)
            }
            var scanner = ByteScanner(bytes, from: start, to: end)
            scanner.skipBlanks()
            guard let first = scanner.peek, first != 0x0d, first != UInt8(ascii: "#") else { continue }

            if scanner.consume("E:") {
                if !description.isEmpty && description.name == nil {
                    throw fail("E: line before the device description is complete (no N: line yet)")
                }
                guard let event = parseEvent(&scanner) else {
                    throw fail(
                        terminated
                            ? "malformed E: line (expected 'E: <sec>.<usec> <type hex> <code hex> <value>')"
                            : "truncated E: line: the file ends mid-line")
                }
                guard EventNames.isKnown(type: event.type, code: event.code) else {
                    throw fail("unknown event code: type 0x\(hex(event.type)) code 0x\(hex(event.code))")
                }
                events.append(event)
                eventLines.append(Int32(truncatingIfNeeded: lineNumber))
                continue
            }

            guard let tag = scanner.peek, scanner.end - scanner.position >= 2,
                bytes[scanner.position + 1] == UInt8(ascii: ":")
            else {
                throw fail("unrecognised line (expected N:, I:, P:, B:, A:, L:, S:, E: or a # comment)")
            }
            scanner.position += 2
            if !events.isEmpty {
                throw fail("device description line (\(Character(Unicode.Scalar(tag))):) after the events began")
            }
            switch tag {
            case UInt8(ascii: "N"):
                scanner.skipBlanks()
                guard let name = scanner.rest() else { throw fail("the device name is not valid UTF-8 text") }
                description.name = name
            case UInt8(ascii: "I"):
                var fields: [UInt16] = []
                while !scanner.atLineEnd() {
                    guard let value = scanner.hexadecimal(), value <= 0xffff else {
                        throw fail("malformed I: line (expected four hex numbers: bus vendor product version)")
                    }
                    fields.append(UInt16(value))
                }
                guard fields.count == 4 else {
                    throw fail("malformed I: line: \(fields.count) numbers, expected 4 (bus vendor product version)")
                }
                description.id = InputID(bustype: fields[0], vendor: fields[1], product: fields[2], version: fields[3])
            case UInt8(ascii: "P"):
                description.propertyBytes += try hexBytes(&scanner, line: "P:", fail: fail)
                guard description.propertyBytes.count <= 8 else {
                    throw fail("too many P: bytes: input properties fit in 8 bytes")
                }
            case UInt8(ascii: "B"):
                scanner.skipBlanks()
                guard let type = scanner.hexadecimal(), type <= Int64(EventType.max) else {
                    throw fail("malformed B: line (expected an event type in hex, then bitmask bytes)")
                }
                let bytes = try hexBytes(&scanner, line: "B:", fail: fail)
                description.bitBytes[UInt16(type), default: []] += bytes
                // Type 0's bitmask lists event types; the others, codes up to the type's maximum.
                let bits = type == 0 ? 64 : Int(EventNames.maxCode(type: UInt16(type)) ?? 0) + 1
                let limit = (bits + 63) / 64 * 8
                guard description.bitBytes[UInt16(type)]!.count <= limit else {
                    throw fail("too many B: bytes for event type 0x\(hex(UInt16(type))): its bitmask is \(limit) bytes")
                }
            case UInt8(ascii: "A"):
                scanner.skipBlanks()
                guard let code = scanner.hexadecimal(), code <= 0x3f else {
                    throw fail("malformed A: line (expected an axis code in hex)")
                }
                var numbers: [Int32] = []
                while !scanner.atLineEnd() {
                    guard let value = scanner.decimal(), let number = Int32(exactly: value) else {
                        throw fail("malformed A: line (expected decimal min max fuzz flat [resolution])")
                    }
                    numbers.append(number)
                }
                // evemu 1.1 wrote four numbers; 1.2 added the resolution.
                guard numbers.count == 4 || numbers.count == 5 else {
                    throw fail("malformed A: line: \(numbers.count) numbers, expected min max fuzz flat [resolution]")
                }
                let info = AbsInfo(
                    minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                    resolution: numbers.count == 5 ? numbers[4] : 0)
                if let problem = info.problem(axis: UInt16(code)) { throw fail(problem) }
                description.absInfo[UInt16(code)] = info
            case UInt8(ascii: "L"), UInt8(ascii: "S"):
                scanner.skipBlanks()
                guard let code = scanner.hexadecimal(), code <= 0xff, !scanner.atLineEnd(),
                    let value = scanner.decimal(), let state = Int32(exactly: value), scanner.atLineEnd()
                else {
                    throw fail("malformed \(Character(Unicode.Scalar(tag))): line (expected a code in hex and a value)")
                }
                if tag == UInt8(ascii: "L") {
                    description.ledStates[UInt16(code)] = state
                } else {
                    description.switchStates[UInt16(code)] = state
                }
            default:
                throw fail("unrecognised line (expected N:, I:, P:, B:, A:, L:, S:, E: or a # comment)")
            }
        }

        if description.isEmpty && events.isEmpty {
            throw RecordingError(file: file, "no device description and no events: not an evemu recording")
        }
        let device: DeviceDescription?
        if description.isEmpty {
            device = nil
        } else {
            guard description.name != nil else {
                throw RecordingError(file: file, "the device description has no N: (name) line")
            }
            device = description.build()
        }
        return Recording(
            format: .evemu, source: file, device: device, events: events, eventLines: eventLines)
    }

    /// "E: 0.000001 0003 0039 0006": time, type and code in hex, value in decimal ("-001" or "-1").
    @inline(__always)
    private static func parseEvent(_ scanner: inout ByteScanner) -> InputEvent? {
        scanner.skipBlanks()
        guard let time = scanner.time() else { return nil }
        scanner.skipBlanks()
        guard let type = scanner.hexadecimal(), type <= 0xffff else { return nil }
        scanner.skipBlanks()
        guard let code = scanner.hexadecimal(), code <= 0xffff else { return nil }
        scanner.skipBlanks()
        guard let value = scanner.decimal(), let value32 = Int32(exactly: value), scanner.atLineEnd() else {
            return nil
        }
        return InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: value32)
    }

    private static func hexBytes(
        _ scanner: inout ByteScanner, line: String, fail: (String) -> RecordingError
    ) throws -> [UInt8] {
        var result: [UInt8] = []
        while !scanner.atLineEnd() {
            guard let byte = scanner.hexadecimal(), byte <= 0xff else {
                throw fail("malformed \(line) line (expected hex bytes)")
            }
            result.append(UInt8(byte))
        }
        return result
    }
}

func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 2 - digits.count)) + digits
}

/// A description as the lines of a file fill it in.
struct PartialDescription {
    var name: String?
    var id: InputID?
    var propertyBytes: [UInt8] = []
    var bitBytes: [UInt16: [UInt8]] = [:]
    var absInfo: [UInt16: AbsInfo] = [:]
    var ledStates: [UInt16: Int32] = [:]
    var switchStates: [UInt16: Int32] = [:]

    var isEmpty: Bool {
        name == nil && id == nil && propertyBytes.isEmpty && bitBytes.isEmpty && absInfo.isEmpty
    }

    func build() -> DeviceDescription {
        var types = Set(Self.setBits(bitBytes[EventType.syn] ?? []))
        var codes: [UInt16: Set<UInt16>] = [:]
        for (type, bytes) in bitBytes where type != EventType.syn {
            let set = Set(Self.setBits(bytes))
            if !set.isEmpty { codes[type] = set }
        }
        // An axis with absinfo is an axis the device has, whatever the bitmask says.
        if !absInfo.isEmpty {
            codes[EventType.abs, default: []].formUnion(absInfo.keys)
        }
        types.formUnion(codes.keys)
        types.insert(EventType.syn)
        return DeviceDescription(
            name: name ?? "", id: id ?? InputID(), properties: Set(Self.setBits(propertyBytes)),
            types: types, codes: codes, absInfo: absInfo, ledStates: ledStates, switchStates: switchStates)
    }

    static func setBits(_ bytes: [UInt8]) -> [UInt16] {
        var bits: [UInt16] = []
        for (index, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { bits.append(UInt16(index * 8 + bit)) }
        }
        return bits
    }
}

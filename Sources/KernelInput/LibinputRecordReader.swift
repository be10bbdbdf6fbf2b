/// Reads `libinput record` YAML (format version 1): one recording per device
/// in `devices:`, events from each `- evdev:` block of `[sec, usec, type,
/// code, value]` rows. Keys it has no use for (libinput, system, udev,
/// quirks, hid, libinput events) are ignored. The YAML itself is read by
/// Debian's libyaml (`YAMLDocument`).
public enum LibinputRecordReader {
    public static func read(_ text: String, file: String) throws -> [Recording] {
        let parsed: YAMLNode?
        do {
            parsed = try YAMLDocument.parse(text)
        } catch let error as YAMLError {
            throw RecordingError(file: file, line: error.line, "not valid YAML: \(error.message)")
        }
        guard let root = parsed else { throw RecordingError(file: file, "the file is empty") }
        func fail(_ node: YAMLNode?, _ message: String) -> RecordingError {
            RecordingError(file: file, line: node?.line, message)
        }

        guard root.mapping != nil else { throw fail(root, "expected a libinput record (a YAML mapping at the top)") }
        guard let version = root["version"]?.int else {
            throw fail(root, "no 'version:' key: not a libinput record")
        }
        guard version == 1 else {
            throw fail(root["version"], "libinput record version \(version); only version 1 is understood")
        }
        guard let devices = root["devices"], let deviceList = devices.sequence, !deviceList.isEmpty else {
            throw fail(root, "no 'devices:' list")
        }

        var recordings: [Recording] = []
        for deviceNode in deviceList {
            guard let evdev = deviceNode["evdev"] else {
                throw fail(deviceNode, "device entry without an 'evdev:' description")
            }
            let description = try readDescription(evdev, fail: fail)
            var events: [InputEvent] = []
            var eventLines: [Int32] = []
            for entry in deviceNode["events"]?.sequence ?? [] {
                guard let rows = entry["evdev"]?.sequence else { continue }  // e.g. '- libinput:' blocks
                for row in rows {
                    guard let numbers = row.sequence?.map(\.int), numbers.count == 5,
                        let sec = numbers[0], let usec = numbers[1], let type = numbers[2], let code = numbers[3],
                        let value = numbers[4]
                    else {
                        throw fail(row, "malformed evdev event (expected [sec, usec, type, code, value])")
                    }
                    guard (0...999_999_999_999).contains(sec), (0..<1_000_000).contains(usec) else {
                        throw fail(row, "invalid event time \(sec).\(usec)")
                    }
                    guard (0...Int(UInt16.max)).contains(type), (0...Int(UInt16.max)).contains(code),
                        EventNames.isKnown(type: UInt16(type), code: UInt16(code))
                    else {
                        throw fail(row, "unknown event code: type \(type) code \(code)")
                    }
                    guard let value32 = Int32(exactly: value) else {
                        throw fail(row, "event value \(value) does not fit in 32 bits")
                    }
                    events.append(
                        InputEvent(
                            time: EventTime(seconds: Int64(sec), microseconds: Int64(usec)), type: UInt16(type),
                            code: UInt16(code), value: value32))
                    eventLines.append(Int32(row.line))
                }
            }
            recordings.append(
                Recording(
                    format: .libinputRecord, source: file, device: description, events: events,
                    eventLines: eventLines))
        }
        return recordings
    }

    private static func readDescription(_ evdev: YAMLNode, fail: (YAMLNode?, String) -> RecordingError) throws
        -> DeviceDescription
    {
        guard let name = evdev["name"]?.string else { throw fail(evdev, "the evdev description has no 'name:'") }
        var id = InputID()
        if let idNode = evdev["id"] {
            guard let numbers = idNode.sequence?.compactMap(\.int), numbers.count == 4,
                numbers.allSatisfy({ (0...0xffff).contains($0) })
            else {
                throw fail(idNode, "malformed 'id:' (expected [bus, vendor, product, version])")
            }
            id = InputID(
                bustype: UInt16(numbers[0]), vendor: UInt16(numbers[1]), product: UInt16(numbers[2]),
                version: UInt16(numbers[3]))
        }
        var types: Set<UInt16> = [EventType.syn]
        var codes: [UInt16: Set<UInt16>] = [:]
        for (typeNode, codeList) in evdev["codes"]?.mapping ?? [] {
            guard let type = typeNode.int, (0...Int(EventType.max)).contains(type), let list = codeList.sequence else {
                throw fail(typeNode, "malformed 'codes:' entry (expected 'TYPE: [CODE, ...]')")
            }
            types.insert(UInt16(type))
            guard type != Int(EventType.syn) else { continue }
            for codeNode in list {
                guard let code = codeNode.int, code >= 0, EventNames.isKnown(type: UInt16(type), code: UInt16(clamping: code))
                else {
                    throw fail(codeNode, "unknown event code \(codeNode.string ?? "?") for type \(type)")
                }
                codes[UInt16(type), default: []].insert(UInt16(code))
            }
        }
        var absInfo: [UInt16: AbsInfo] = [:]
        for (codeNode, infoNode) in evdev["absinfo"]?.mapping ?? [] {
            guard let code = codeNode.int, (0...0x3f).contains(code) else {
                throw fail(codeNode, "malformed 'absinfo:' entry (expected an axis code)")
            }
            guard let numbers = infoNode.sequence?.compactMap(\.int), numbers.count == 5,
                let values = Optional(numbers.compactMap { Int32(exactly: $0) }), values.count == 5
            else {
                throw fail(infoNode, "malformed absinfo (expected [min, max, fuzz, flat, resolution])")
            }
            let info = AbsInfo(
                minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3], resolution: values[4])
            if let problem = info.problem(axis: UInt16(code)) { throw fail(infoNode, problem) }
            absInfo[UInt16(code)] = info
            codes[EventType.abs, default: []].insert(UInt16(code))
        }
        var properties: Set<UInt16> = []
        for propertyNode in evdev["properties"]?.sequence ?? [] {
            guard let property = propertyNode.int, (0...Int(InputProperty.max)).contains(property) else {
                throw fail(propertyNode, "unknown input property \(propertyNode.string ?? "?")")
            }
            properties.insert(UInt16(property))
        }
        types.formUnion(codes.keys)
        return DeviceDescription(
            name: name, id: id, properties: properties, types: types, codes: codes, absInfo: absInfo)
    }
}

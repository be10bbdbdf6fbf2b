public enum RecordingFormat: String, Sendable, CaseIterable {
    case evemu
    case evtest
    case libinputRecord = "libinput-record"
}

/// A device and the events it sent, read from a recording (or captured live).
public struct Recording: Sendable {
    public var format: RecordingFormat
    /// The file the description came from.
    public var source: String
    /// The file the events came from; differs from `source` when a
    /// description and an events file were given separately.
    public var eventsSource: String
    public var device: DeviceDescription?
    public var events: [InputEvent]
    /// The line of each event in `eventsSource`, for messages (0 when unknown).
    public var eventLines: [Int32]

    public init(
        format: RecordingFormat, source: String, eventsSource: String? = nil,
        device: DeviceDescription?, events: [InputEvent] = [], eventLines: [Int32] = []
    ) {
        self.format = format
        self.source = source
        self.eventsSource = eventsSource ?? source
        self.device = device
        self.events = events
        self.eventLines = eventLines.isEmpty ? Array(repeating: 0, count: events.count) : eventLines
    }

    /// The place of event `index` for an error message: "file:line".
    public func location(ofEvent index: Int) -> RecordingError.Location {
        let line = index < eventLines.count ? Int(eventLines[index]) : 0
        return .init(file: eventsSource, line: line == 0 ? nil : line)
    }
}

/// Bad input: names the file (and line, when there is one) and says what was wrong.
public struct RecordingError: Error, Equatable, CustomStringConvertible, Sendable {
    public struct Location: Equatable, Sendable {
        public var file: String
        public var line: Int?
        public init(file: String, line: Int? = nil) {
            self.file = file
            self.line = line
        }
    }

    public var location: Location
    public var message: String

    public init(_ location: Location, _ message: String) {
        self.location = location
        self.message = message
    }

    public init(file: String, line: Int? = nil, _ message: String) {
        self.init(Location(file: file, line: line), message)
    }

    public var file: String { location.file }
    public var line: Int? { location.line }

    public var description: String {
        if let line = location.line { return "\(location.file):\(line): \(message)" }
        return "\(location.file): \(message)"
    }
}

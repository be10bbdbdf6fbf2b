import FoundationEssentials
import Glibc
import KernelInput
import Logging

/// Writes log lines to stderr in the form journald reads when a service's
/// output is its journal: `<N>message`, N being the syslog priority (sd-daemon(3)).
/// On a terminal, or anywhere else, lines read `touchbridge: level: message`.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let prefixed: Bool

    /// `prefixed` defaults to whether systemd connected stderr to the journal (JOURNAL_STREAM).
    public init(label: String, level: Logger.Level = .info, prefixed: Bool? = nil) {
        self.label = label
        logLevel = level
        self.prefixed = prefixed ?? (ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil)
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var text = event.message.description
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty { text += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
        let line = prefixed ? "<\(Self.priority(event.level))>\(text)\n" : "\(label): \(event.level): \(text)\n"
        writeAll(line, to: STDERR_FILENO)
    }

    /// swift-log's levels as syslog priorities.
    public static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}

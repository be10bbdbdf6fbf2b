import Glibc

/// The formats TouchBridge writes recordings in (it reads libinput record too).
public enum WrittenRecordingFormat: String, Sendable, CaseIterable {
    case evemu, evtest
}

/// Records a live device as text, as evemu-record or evtest would: the
/// description, then every event as it is read, written as it comes, until
/// a limit, a signal or the device's removal.
public func recordLive(
    _ input: InputDevice, as format: WrittenRecordingFormat, to output: TextOutput,
    frameLimit: Int? = nil, timeLimit: Double? = nil, readingDelay: Double = 0
) -> CaptureEnd {
    output.write(
        format == .evemu
            ? "# EVEMU 1.3\n" + EvemuWriter.description(input.description)
            : EvtestWriter.header(input.description))
    return captureEvents(from: input, frameLimit: frameLimit, timeLimit: timeLimit, readingDelay: readingDelay) { events in
        var text = ""
        for event in events {
            if format == .evemu {
                EvemuWriter.appendEvent(event, to: &text)
            } else {
                EvtestWriter.appendEvent(event, to: &text)
            }
        }
        output.write(text)
    }
}

/// Text going to a file or standard output, from whichever queue reads a
/// device: written whole and at once, so that a recording cut short by a
/// signal keeps everything read before it.
public final class TextOutput: Sendable {
    private let descriptor: Int32
    private let path: String

    /// Standard output when `path` is nil; else the file, made or emptied.
    public init(path: String?) throws {
        guard let path else {
            descriptor = STDOUT_FILENO
            self.path = "standard output"
            return
        }
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RecordingError(file: path, "cannot write: \(String(cString: strerror(errno)))")
        }
        self.path = path
    }

    public func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let message = "\(path): cannot write: \(String(cString: strerror(errno)))\n"
                _ = message.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    public func close() {
        if descriptor != STDOUT_FILENO { Glibc.close(descriptor) }
    }
}

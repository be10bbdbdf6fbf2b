import Glibc
import SystemPackage

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
    private let descriptor: FileDescriptor
    private let path: String

    /// Standard output when `path` is nil; else the file, made or emptied.
    public init(path: String?) throws {
        guard let path else {
            descriptor = .standardOutput
            self.path = "standard output"
            return
        }
        do {
            descriptor = try FileDescriptor.open(
                path, .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw RecordingError(file: path, "cannot write: \(error)")
        }
        self.path = path
    }

    public func write(_ text: String) {
        do {
            _ = try descriptor.writeAll(text.utf8)  // again after EINTR, until all is written
        } catch {
            _ = try? FileDescriptor.standardError.writeAll("\(path): cannot write: \(error)\n".utf8)
        }
    }

    public func close() {
        if descriptor != .standardOutput { try? descriptor.close() }
    }
}

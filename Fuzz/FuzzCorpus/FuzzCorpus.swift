import Foundation
import KernelInput

public typealias FuzzEntry = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzEntry
) -> Int32
#endif

/// The `main` of each fuzz target. Built with -DFUZZING and -sanitize=fuzzer
/// it hands over to libFuzzer; otherwise it runs the entry point over the
/// files named on the command line (a corpus, or a crash to reproduce).
public enum FuzzCorpus {
    public static func main(_ entry: FuzzEntry) -> Never {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, entry))
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(1)
            }
            _ = [UInt8](data).withUnsafeBufferPointer { entry($0.baseAddress, $0.count) }
        }
        exit(0)
        #endif
    }

    /// The input as bytes; libFuzzer may pass a null pointer for an empty input.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}

/// A recording that passes validation goes through the tracker too: it
/// must never trap, and must leave nothing down once finished.
public func trackIfValid(_ recording: Recording) {
    guard (try? recording.validate()) != nil, let device = recording.device else { return }
    for policy in [DropPolicy.discardAndCancel, .resyncFollows] {
        var tracker = ContactTracker(device: device, dropPolicy: policy)
        tracker.process(recording.events) { _ in }
        _ = tracker.finish(at: recording.events.last?.time ?? .zero)
        precondition(tracker.contactsDown == 0, "a contact was left down")
    }
}

import Glibc

extension String {
    /// Foundation's `String(format:)`, for UIKit code that formats numbers:
    /// `String(format: "%.1f °C", reading)`. The same as `init(printf:)`;
    /// `%@` (an Objective-C object) stops the app with a message saying to
    /// interpolate the value instead. Generic on purpose: where an app
    /// imports all of Foundation, Swift prefers Foundation's own, so the call
    /// is never ambiguous.
    public init<each Argument: CVarArg>(format: String, _ arguments: repeat each Argument) {
        precondition(!format.contains("%@"), "String(format: \"\(format)\"): %@ formats Objective-C objects; write the value into the string with \\(...) instead")
        var list: [any CVarArg] = []
        repeat list.append(each arguments)
        self.init(printf: format, list)
    }

    /// `String(format:)` without Foundation (issue 26: an app that links
    /// Foundation carries ICU, about 40 MB). C's printf, which Foundation's
    /// formatting of %d, %f, %g, %x and the like is, byte for byte, in the
    /// C locale every TouchBridge process runs in. There is no `%@`:
    /// interpolate Swift values instead.
    package init(printf format: String, _ arguments: any CVarArg...) {
        self.init(printf: format, arguments)
    }

    private init(printf format: String, _ arguments: [any CVarArg]) {
        // A va_list is used up by reading it: one to measure, one to write.
        let count = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
        precondition(count >= 0, "not a printf format: \(format)")
        var bytes = [UInt8](repeating: 0, count: count + 1)
        _ = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                withVaList(arguments) { vsnprintf(chars.baseAddress, chars.count, format, $0) }
            }
        }
        self = String(decoding: bytes[..<count], as: UTF8.self)
    }
}

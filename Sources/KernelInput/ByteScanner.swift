import Glibc

/// A cursor over one line of bytes, for the text readers. Parsing works on
/// raw bytes because recordings are long and the parsers must run at
/// hundreds of megabytes per second.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    var isAtEnd: Bool { position >= end }

    var peek: UInt8? { position < end ? bytes[position] : nil }

    @inline(__always)
    mutating func skipBlanks() {
        while position < end, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
    }

    /// True (and consumes it) when the next bytes are exactly `literal`.
    @inline(__always)
    mutating func consume(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - position >= count else { return false }
        let pointer = literal.utf8Start
        for i in 0..<count where bytes[position + i] != pointer[i] { return false }
        position += count
        return true
    }

    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        guard position < end, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Decimal digits, optionally signed. Nil when there are none or it overflows.
    @inline(__always)
    mutating func decimal() -> Int64? {
        var negative = false
        if position < end, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        let start = position
        var value: Int64 = 0
        while position < end {
            let digit = bytes[position] &- 0x30
            if digit > 9 { break }
            if value > (Int64.max - 9) / 10 { return nil }
            value = value * 10 + Int64(digit)
            position += 1
        }
        guard position > start, position - start <= 18 else { return nil }
        return negative ? -value : value
    }

    /// Hexadecimal digits with an optional 0x prefix.
    @inline(__always)
    mutating func hexadecimal() -> Int64? {
        if end - position > 2, bytes[position] == 0x30, bytes[position + 1] | 0x20 == UInt8(ascii: "x") {
            position += 2
        }
        let start = position
        var value: Int64 = 0
        while position < end {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            case 0x41...0x46: digit = byte - 0x41 + 10
            default: digit = 0xff
            }
            if digit == 0xff { break }
            value = value << 4 | Int64(digit)
            position += 1
        }
        guard position > start, position - start <= 15 else { return nil }
        return value
    }

    /// "seconds.fraction" with up to six fraction digits, as evemu and evtest print times.
    @inline(__always)
    mutating func time() -> EventTime? {
        let start = position
        var seconds: Int64 = 0
        while position < end {
            let digit = bytes[position] &- 0x30
            if digit > 9 { break }
            seconds = seconds &* 10 &+ Int64(digit)
            position += 1
        }
        guard position > start, position - start <= 12, consume(UInt8(ascii: ".")) else { return nil }
        let fractionStart = position
        var fraction: Int64 = 0
        while position < end {
            let digit = bytes[position] &- 0x30
            if digit > 9 { break }
            fraction = fraction &* 10 &+ Int64(digit)
            position += 1
        }
        var digits = position - fractionStart
        guard digits > 0, digits <= 9 else { return nil }
        while digits < 6 {
            fraction *= 10
            digits += 1
        }
        while digits > 6 {
            fraction /= 10
            digits -= 1
        }
        return EventTime(seconds: seconds, microseconds: fraction)
    }

    /// Skips to just after the next `byte` on the line; false if there is none.
    @inline(__always)
    mutating func skip(past byte: UInt8) -> Bool {
        while position < end {
            let found = bytes[position] == byte
            position += 1
            if found { return true }
        }
        return false
    }

    /// The rest of the line as text, without a trailing carriage return;
    /// nil when it is not valid UTF-8 or holds control characters.
    mutating func rest() -> String? {
        var last = end
        if last > position, bytes[last - 1] == 0x0d { last -= 1 }
        let line = UnsafeBufferPointer(rebasing: bytes[position..<last])
        position = end
        guard !line.contains(where: TextCheck.isControl) else { return nil }
        return String(validating: line, as: UTF8.self)
    }

    /// True when only blanks, a carriage return or a `# comment` remain.
    mutating func atLineEnd() -> Bool {
        skipBlanks()
        return position >= end || bytes[position] == UInt8(ascii: "#") || bytes[position] == 0x0d
    }
}

/// Splits a text file into lines and knows their numbers; shared by the text readers.
struct LineSplitter {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var start = 0
    private(set) var lineNumber = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The next line's byte range (without the newline), and whether the
    /// newline was there (false: the file ends mid-line).
    mutating func next() -> (start: Int, end: Int, terminated: Bool)? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        lineNumber += 1
        let lineStart = start
        if let newline = memchr(base + lineStart, 0x0a, bytes.count - lineStart) {
            let lineEnd = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            start = lineEnd + 1
            return (lineStart, lineEnd, true)
        }
        start = bytes.count
        return (lineStart, bytes.count, false)
    }
}

/// Checks a file looks like text before a reader starts, so binary garbage
/// gets one clear message instead of a confusing parse error on line 1.
enum TextCheck {
    /// The start of the file must be text: no control bytes but tab, CR and
    /// LF, and valid UTF-8. (What becomes a String, such as a device name, is
    /// checked again where it is read, wherever it is in the file.)
    static func requireText(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws {
        guard !bytes.isEmpty else { throw RecordingError(file: file, "the file is empty") }
        let sample = UnsafeBufferPointer(rebasing: bytes[0..<min(bytes.count, 8192)])
        if let offset = sample.firstIndex(where: isControl) {
            let line = sample[..<offset].reduce(1) { $0 + ($1 == 0x0a ? 1 : 0) }
            throw RecordingError(
                file: file, line: line,
                "binary data (byte 0x\(String(sample[offset], radix: 16)) at offset \(offset)): not a text recording")
        }
        // A multi-byte UTF-8 character may straddle the sample's end, so only
        // complain when the invalid sequence is not at the very end.
        if String(validating: sample, as: UTF8.self) == nil,
            String(validating: UnsafeBufferPointer(rebasing: sample.dropLast(4)), as: UTF8.self) == nil
        {
            throw RecordingError(file: file, "binary data (not valid UTF-8 text): not a text recording")
        }
    }

    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 && byte != 0x09 && byte != 0x0a && byte != 0x0d }
}

import Glibc

/// Writes all of `text` to `descriptor` (STDOUT_FILENO, STDERR_FILENO)
/// now, past stdio's buffers, as Foundation's `FileHandle.write` did: a
/// reader waiting for a line gets it when it is written.
package func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var rest = UnsafeRawBufferPointer(bytes)
        while !rest.isEmpty {
            let written = write(descriptor, rest.baseAddress, rest.count)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
    }
}

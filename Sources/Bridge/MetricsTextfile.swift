import Glibc
import SystemPackage

/// Writes metrics where node_exporter's textfile collector reads them
/// (`--collector.textfile.directory`, /var/lib/prometheus/node-exporter on
/// Debian), or where a link in that directory leads (a hardened service
/// writes only its runtime directory), atomically: into a file beside it,
/// then renamed over it, so a scrape never sees half a file.
public struct MetricsTextfile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The file beside `path` written first: in the same directory (a rename
    /// does not cross file systems), and not ending in ".prom", so the
    /// collector never reads it.
    var temporaryPath: String { path + ".tmp" }

    /// Replaces the file's contents with `text`; on an error the old file is
    /// left as it was, and the error names the file and what failed.
    public func write(_ text: [UInt8]) throws(MetricsFileError) {
        let temporary = temporaryPath
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(
                temporary, .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw MetricsFileError(path: temporary, operation: "cannot create", errno: error as? Errno ?? .ioError)
        }
        do {
            // Readable by node_exporter's user whatever the service's umask (0077 in its unit):
            // the figures are no secret.
            _ = try fd.closeAfter {
                guard fchmod(fd.rawValue, 0o644) == 0 else { throw Errno(rawValue: Glibc.errno) }
                return try fd.writeAll(text)
            }
        } catch {
            unlink(temporary)
            throw MetricsFileError(path: temporary, operation: "cannot write", errno: error as? Errno ?? .ioError)
        }
        guard rename(temporary, path) == 0 else {
            let errno = Errno(rawValue: Glibc.errno)
            unlink(temporary)
            throw MetricsFileError(path: path, operation: "cannot replace", errno: errno)
        }
    }
}

public struct MetricsFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var errno: Errno

    public init(path: String, operation: String, errno: Errno) {
        (self.path, self.operation, self.errno) = (path, operation, errno)
    }

    public var description: String { "\(path): \(operation): \(errno)" }
}

import Glibc
import Graphics
import Remote
import Testing

/// The server on loopback, spoken to over a real TCP socket as a viewer
/// would: RFB's handshake, the screen's size, a password, an update.
@Suite(.serialized) struct VNCServerTests {
    /// A port nothing listens on now.
    func freePort() -> Int {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A client socket connected to the server, which is run until `count` bytes came back.
    final class Viewer {
        let fd: Int32
        let server: VNCServer

        init(port: Int, server: VNCServer) throws {
            self.server = server
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in(
                sin_family: sa_family_t(AF_INET), sin_port: in_port_t(UInt16(port).bigEndian), sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")),
                sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
            let rc = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            try #require(rc == 0)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }

        deinit { close(fd) }

        /// RFB 3.8 with no password, shared, up to the server's init message.
        func handshake() {
            _ = receive(12)
            send(Array("RFB 003.008\n".utf8))
            _ = receive(2)
            send([1])
            _ = receive(4)
            send([1])
            _ = receive(24 + 11)
        }

        func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) } }

        func receive(_ count: Int) -> [UInt8] {
            var got: [UInt8] = []
            for _ in 0..<400 where got.count < count {
                server.process()
                var buffer = [UInt8](repeating: 0, count: count - got.count)
                let n = recv(fd, &buffer, buffer.count, 0)
                if n > 0 { got += buffer[..<n] } else { usleep(5000) }
            }
            return got
        }
    }

    @Test func aViewerIsGreetedAndToldTheScreensSizeAndName() throws {
        let port = freePort()
        let server = try VNCServer(width: 320, height: 200, options: .init(port: port))
        var connected: [String] = []
        server.onConnect = { _, address in connected.append(address) }
        let viewer = try Viewer(port: port, server: server)
        #expect(String(decoding: viewer.receive(12), as: UTF8.self) == "RFB 003.008\n")
        #expect(connected == ["127.0.0.1"])
        viewer.send(Array("RFB 003.008\n".utf8))
        #expect(viewer.receive(2) == [1, 1])  // one security type: None
        viewer.send([1])
        #expect(viewer.receive(4) == [0, 0, 0, 0])  // SecurityResult: OK
        viewer.send([1])  // ClientInit: shared
        let initMessage = viewer.receive(24 + 11)
        #expect(Array(initMessage.prefix(4)) == [0x01, 0x40, 0x00, 0xC8])  // 320 x 200
        #expect(String(decoding: initMessage.suffix(11), as: UTF8.self) == "TouchBridge")
    }

    @Test func aPasswordIsAskedFor() throws {
        let port = freePort()
        let server = try VNCServer(width: 64, height: 64, options: .init(port: port, password: "kiosk"))
        let viewer = try Viewer(port: port, server: server)
        #expect(viewer.receive(12).count == 12)
        viewer.send(Array("RFB 003.008\n".utf8))
        #expect(viewer.receive(2) == [1, 2])  // one security type: VNC authentication
        viewer.send([2])
        #expect(viewer.receive(16).count == 16)  // the challenge
        var failed: [String] = []
        server.onLog = { isError, line in if isError { failed.append(line) } }
        viewer.send([UInt8](repeating: 0, count: 16))  // a wrong answer
        #expect(viewer.receive(4) == [0, 0, 0, 1])  // SecurityResult: failed
        #expect(failed.contains { $0.contains("127.0.0.1") || $0.lowercased().contains("auth") })
    }

    @Test func thePictureGoesToAViewerThatAsked() throws {
        let port = freePort()
        let server = try VNCServer(width: 4, height: 2, options: .init(port: port))
        let viewer = try Viewer(port: port, server: server)
        viewer.handshake()
        // Raw encoding only, then an update of the whole picture, not incremental.
        viewer.send([2, 0, 0, 1, 0, 0, 0, 0])
        viewer.send([3, 0, 0, 0, 0, 0, 0, 4, 0, 2])
        let picture = try Bitmap(width: 4, height: 2)
        picture.pixels.storeBytes(of: 0xFF11_2233 as UInt32, toByteOffset: 4, as: UInt32.self)  // (1, 0)
        server.show(picture, damage: Region(picture.bounds))
        let update = viewer.receive(4 + 12 + 4 * 2 * 4)
        #expect(Array(update.prefix(4)) == [0, 0, 0, 1])  // FramebufferUpdate, one rectangle
        #expect(Array(update[4..<16]) == [0, 0, 0, 0, 0, 4, 0, 2, 0, 0, 0, 0])  // at 0,0, 4 x 2, raw
        #expect(Array(update[20..<24]) == [0x33, 0x22, 0x11, 0xFF])  // the pixel, in the server's format
    }

    @Test func aPointerComesBack() throws {
        let port = freePort()
        let server = try VNCServer(width: 100, height: 100, options: .init(port: port))
        var pointers: [[Int]] = []
        server.onPointer = { buttons, x, y in pointers.append([buttons, x, y]) }
        let viewer = try Viewer(port: port, server: server)
        viewer.handshake()
        viewer.send([5, 1, 0, 10, 0, 20])  // PointerEvent: left down at (10, 20)
        viewer.send([5, 0, 0, 12, 0, 21])
        for _ in 0..<50 where pointers.count < 2 {
            server.process()
            usleep(5000)
        }
        #expect(pointers == [[1, 10, 20], [0, 12, 21]])
    }

    @Test func aBusyPortOrABadAddressIsAClearError() throws {
        let port = freePort()
        let first = try VNCServer(width: 8, height: 8, options: .init(port: port))
        #expect(throws: VNCError("cannot listen on 127.0.0.1 port \(port) (in use, or not an address of this machine)")) {
            _ = try VNCServer(width: 8, height: 8, options: .init(port: port))
        }
        #expect(throws: VNCError("'kiosk.local' is not an IP address")) {
            _ = try VNCServer(width: 8, height: 8, options: .init(address: "kiosk.local", port: port + 1))
        }
        _ = first
    }

    @Test func aVncpasswdFileIsReadBack() throws {
        let path = "/tmp/vncpasswd-\(getpid())"
        defer { unlink(path) }
        try VNCServer.storePassword("s3cret", inFile: path)
        #expect(try VNCServer.password(inFile: path) == "s3cret")
        #expect(throws: VNCError("/nonexistent: cannot be read as a vncpasswd file (make one with vncpasswd FILE)")) {
            _ = try VNCServer.password(inFile: "/nonexistent")
        }
    }
}

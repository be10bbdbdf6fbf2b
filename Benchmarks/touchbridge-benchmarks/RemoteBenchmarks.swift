import Bridge
import Display
import Foundation
import KernelInput
import Remote
import TouchBridgeDemo
import TouchUI

/// What serving the screen over VNC adds to a frame: the demo at 1280x800
/// with a finger painting on its canvas (as `BENCH_ONLY=demo` moves it),
/// each frame handled and repainted, then its damage shown to the VNC
/// server as `RemoteSession` does after a present. Three runs side by side
/// in one process: no server; a server with no viewer (what every kiosk
/// with `[remote] vnc` pays while no one looks); a server with a viewer on
/// loopback that asks for every update, in the encoding given
/// (`BENCH_VNC_ENCODING`: tight, TigerVNC's first choice, at its default
/// compression level 2, zrle or raw). The
/// viewer's reading is outside the timed part: it is another process's work.
@MainActor
func benchmarkRemote() -> String {
    let count = Int(ProcessInfo.processInfo.environment["BENCH_VNC_FRAMES"] ?? "") ?? 600
    let encodingName = ProcessInfo.processInfo.environment["BENCH_VNC_ENCODING"] ?? "tight"
    let encoding: Int32 = ["raw": 0, "tight": 7, "zrle": 16][encodingName] ?? 7

    let counting = ProcessInfo.processInfo.environment["BENCH_VNC"] == "count"
    enum Serving { case none, idle, viewer }
    func run(_ serving: Serving, port: Int) -> [Double] {
        let application = Application()
        let timeline = VirtualTimeline()
        application.timeline = timeline
        let demo = DemoApp(application: application, screen: Size(width: 1280, height: 800))
        let surface = MemorySurface(width: 1280, height: 800, format: .xrgb8888)
        let compositor = try! Compositor(window: demo.window, surface: surface)
        try! compositor.presentNow()
        let dispatcher = TouchDispatcher(application: application, window: demo.window)
        let server = serving == .none ? nil : try! VNCServer(width: 1280, height: 800, options: .init(port: port))
        let viewer = serving == .viewer ? BenchViewer(port: port, server: server!, encoding: encoding) : nil
        viewer?.requestUpdate(incremental: false)
        if let server { server.show(compositor.backBuffer, damage: Region(compositor.backBuffer.bounds)) }
        viewer?.drain()
        var time = 1.0
        func record(_ index: Int, _ phase: ContactPhase) -> [TouchRecord] {
            [TouchRecord(time: EventTime(microseconds: Int64(time * 1e6)), touch: index / 65, phase: phase,
                x: 400 + Double(index % 65) * 6, y: 70 + Double((index / 65) % 20) * 24, tapCount: 1)]
        }
        dispatcher.dispatch(record(0, .began))
        var costs: [Double] = []
        // Counting (Benchmarks/vnc-instructions): 200 frames to warm up first, not timed.
        let warmUp = counting ? 200 : 0
        for index in 1...(warmUp + count) {
            time += 1.0 / 120
            timeline.advance(to: time)
            let frames = index % 65 == 0 ? [record(index - 1, .ended), record(index, .began)] : [record(index, .moved)]
            if index <= warmUp {
                for frame in frames { dispatcher.dispatch(frame) }
                _ = try! compositor.presentNow()
                if let server, server.clients > 0 { server.show(compositor.backBuffer, damage: compositor.lastDamage) }
            } else if counting {
                serveFrame(frames, dispatcher: dispatcher, compositor: compositor, server: server)
            } else {
                costs.append(best(runs: 1) { _ in serveFrame(frames, dispatcher: dispatcher, compositor: compositor, server: server) })
            }
            viewer?.drain()
            viewer?.requestUpdate(incremental: true)
        }
        return costs
    }
    if counting {
        let serving: Serving = ["none": .none, "idle": .idle][ProcessInfo.processInfo.environment["BENCH_VNC_SERVING"] ?? ""] ?? .viewer
        _ = run(serving, port: 5965)
        return "vnc: \(count) frames"
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func p99(_ values: [Double]) -> Double { values.sorted()[values.count * 99 / 100] }
    // Alternated three times, the medians of the runs' medians: the machine is shared.
    var none: [Double] = [], idle: [Double] = [], watched: [Double] = []
    for round in 0..<3 {
        none.append(contentsOf: run(.none, port: 0))
        idle.append(contentsOf: run(.idle, port: 5960 + round))
        watched.append(contentsOf: run(.viewer, port: 5970 + round))
    }
    func line(_ label: String, _ values: [Double]) -> String {
        "| \(label) | \(String(format: "%.1f", median(values) * 1e6)) µs | \(String(format: "%.2f", median(values) / median(none)))x | \(String(format: "%.1f", p99(values) * 1e6)) µs |"
    }
    return """
        ### The screen over VNC: a frame of the demo, served (issue 30)

        A finger painting on the demo's canvas at 1280x800, \(count) frames × 3 rounds, each frame handled, repainted and its damage shown to the VNC server; the viewer asks for \(encodingName):

        | | per frame (median) | vs no server | p99 |
        |---|---:|---:|---:|
        \(line("no server", none))
        \(line("a server, no viewer", idle))
        \(line("a server, one viewer", watched))

        """
}

/// A VNC viewer on loopback that speaks just enough RFB: no password, shared,
/// one encoding, and an update asked for after each frame; what comes back is read and dropped.
final class BenchViewer {
    let fd: Int32
    let server: VNCServer

    init(port: Int, server: VNCServer, encoding: Int32) {
        self.server = server
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        receive(12)
        send(Array("RFB 003.008\n".utf8))
        receive(2)
        send([1])
        receive(4)
        send([1])
        receive(24 + 11)
        // Tight at compression level 2, TigerVNC's default (the pseudo-encoding -254).
        let codes = encoding == 7 ? [encoding, -254] : [encoding]
        send([2, 0, 0, UInt8(codes.count)] + codes.flatMap { code in withUnsafeBytes(of: UInt32(bitPattern: code).bigEndian) { Array($0) } })
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, 0) } }

    func receive(_ count: Int) {
        var got = 0
        var buffer = [UInt8](repeating: 0, count: count)
        while got < count {
            server.process()
            let n = recv(fd, &buffer, count - got, 0)
            if n > 0 { got += n } else { usleep(1000) }
        }
    }

    func requestUpdate(incremental: Bool) { send([3, incremental ? 1 : 0, 0, 0, 0, 0, 0x05, 0x00, 0x03, 0x20]) }

    /// Reads whatever the server sent.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while recv(fd, &buffer, buffer.count, 0) > 0 {}
    }
}

/// One frame: handled, repainted, and (as RemoteSession does after a present) its damage shown while a viewer is connected.
@inline(never) @MainActor
func serveFrame(_ frames: [[TouchRecord]], dispatcher: TouchDispatcher, compositor: Compositor, server: VNCServer?) {
    for frame in frames { dispatcher.dispatch(frame) }
    let damage = try! compositor.presentNow()
    if let server, server.clients > 0 { server.show(compositor.backBuffer, damage: damage) }
}

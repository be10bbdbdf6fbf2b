import Bridge
import Foundation
import Glibc
import Logging
import Testing

/// sd_notify over a real unix datagram socket, as systemd listens for it.
struct SystemdTests {
    /// A socket bound where NOTIFY_SOCKET would point; returns its descriptor.
    func listen(at path: String) throws -> Int32 {
        unlink(path)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    func receive(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }

    @Test func statesReachTheNotifySocket() throws {
        let path = NSTemporaryDirectory() + "touchbridge-notify-\(getpid()).sock"
        let fd = try listen(at: path)
        defer {
            close(fd)
            unlink(path)
        }
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "\(getpid())"])
        #expect(notifier.isActive)
        #expect(notifier.watchdogInterval == 4)
        #expect(notifier.notify("READY=1\nSTATUS=1 touchscreen"))
        #expect(receive(fd) == "READY=1\nSTATUS=1 touchscreen")
        #expect(notifier.notify("WATCHDOG=1"))
        #expect(receive(fd) == "WATCHDOG=1")
    }

    /// At boot a panel's driver may load after the service starts: the service waits for the
    /// node, saying so in its status and extending systemd's start timeout, instead of failing.
    @Test func aDisplayThatAppearsLateIsWaitedFor() throws {
        let path = NSTemporaryDirectory() + "touchbridge-wait-\(getpid()).sock"
        let fd = try listen(at: path)
        defer {
            close(fd)
            unlink(path)
        }
        var settings = Bridge.Configuration()
        settings.display = "fb:/dev/fb3"
        var polls = 0
        let started = Date()
        settings.awaitDisplay(
            notifier: SystemdNotifier(environment: ["NOTIFY_SOCKET": path]), logger: Logger(label: "test"), poll: 0.01,
            exists: { node in
                polls += 1
                return node == "/dev/fb3" && polls > 20
            })
        #expect(polls == 21)
        #expect(Date().timeIntervalSince(started) >= 0.19)
        #expect(receive(fd) == "STATUS=waiting for the display (/dev/fb3)\nEXTEND_TIMEOUT_USEC=15000000")

        // Outside systemd nothing waits: a missing display is an error at once.
        var asked = 0
        settings.awaitDisplay(notifier: SystemdNotifier(environment: [:]), logger: Logger(label: "test"), exists: { _ in asked += 1; return false })
        #expect(asked == 0)
        // auto waits for either kind of panel.
        settings.display = "auto"
        var looked: Set<String> = []
        settings.awaitDisplay(
            notifier: SystemdNotifier(environment: ["NOTIFY_SOCKET": path]), logger: Logger(label: "test"), poll: 0.01,
            exists: { node in
                looked.insert(node)
                return node == "/dev/dri/card0"
            })
        #expect(looked == ["/dev/fb0", "/dev/dri/card0"])
    }

    @Test func withoutSystemdNothingIsSent() {
        let notifier = SystemdNotifier(environment: [:])
        #expect(!notifier.isActive)
        #expect(notifier.watchdogInterval == nil)
        #expect(!notifier.notify("READY=1"))
    }

    @Test func anotherProcessesWatchdogIsNotOurs() {
        let environment = ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "1"]
        #expect(SystemdNotifier(environment: environment, process: 200, parent: 100).watchdogInterval == nil)
    }

    @Test func theCompositorsWatchdogIsItsAppsToAnswer() {
        // cage is the unit's main process; the app it started pings for it.
        let environment = ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "100"]
        #expect(SystemdNotifier(environment: environment, process: 200, parent: 100).watchdogInterval == 1)
        #expect(SystemdNotifier(environment: environment, process: 100, parent: 1).watchdogInterval == 1)
    }

    @Test func journalPrioritiesFollowSyslog() {
        #expect(JournalLogHandler.priority(.error) == 3)
        #expect(JournalLogHandler.priority(.warning) == 4)
        #expect(JournalLogHandler.priority(.notice) == 5)
        #expect(JournalLogHandler.priority(.info) == 6)
        #expect(JournalLogHandler.priority(.debug) == 7)
    }
}

/// sd_listen_fds: the sockets a socket unit passed, by name, for this process only.
struct SystemdSocketsTests {
    @Test func passedSocketsAreFoundByNameForThisProcessOrItsParent() {
        let environment = ["LISTEN_FDS": "2", "LISTEN_PID": "100", "LISTEN_FDNAMES": "metrics:vnc"]
        #expect(SystemdSockets(environment: environment, process: 100, parent: 1).byName == ["metrics": 3, "vnc": 4])
        #expect(SystemdSockets(environment: environment, process: 200, parent: 100).byName["vnc"] == 4)  // cage's child
        #expect(SystemdSockets(environment: environment, process: 200, parent: 1).byName.isEmpty)  // another's
        #expect(SystemdSockets(environment: ["LISTEN_FDS": "1", "LISTEN_PID": "5"], process: 5, parent: 1).byName == ["unknown": 3])
        #expect(SystemdSockets(environment: [:]).byName.isEmpty)
    }

    @Test func aListeningSocketSaysWhereItListens() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        try #require(bound == 0)
        let described = try #require(SystemdSockets.address(of: fd))
        #expect(described.hasPrefix("127.0.0.1:") && Int(described.dropFirst(10)) != nil)
    }
}

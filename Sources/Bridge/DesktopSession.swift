import Desktop
import KernelInput
import SystemPackage
import TouchUI

/// An app in a desktop window: the window's mouse, keys and touchscreen
/// reach the app through the daemon's hub as two made-up devices, read from
/// the main loop as a panel's are; closing the window ends the app.
@MainActor
final class DesktopSession {
    static let touchscreenName = "window"
    static let keyboardName = "window keyboard"

    let window: DesktopWindow
    private let daemon: Daemon
    /// The user closed the window.
    var onClose: (() -> Void)?
    /// `--record`: the window's touches as an evemu recording of its touchscreen.
    private var recording: TextOutput?
    private var recordingPath = ""
    private let warn: (String) -> Void
    /// The display connection's: watched, never closed here.
    private var descriptor: FileDescriptor?
    private var takeScheduled = false
    private var stopped = false

    init(window: DesktopWindow, daemon: Daemon, warn: @escaping (String) -> Void = { _ in }) {
        self.window = window
        self.daemon = daemon
        self.warn = warn
    }

    /// Writes every touch the window makes to `path`, as evemu-record would
    /// write a touchscreen of the window's size: a recording to replay, or to
    /// test an app with, made by hand.
    func record(to path: String) throws {
        let output = try TextOutput(path: path)
        output.write(EvemuWriter.header(window.touchscreen))
        (recording, recordingPath) = (output, path)
    }

    /// Opens the window's devices in the daemon's hub (again after a reload replaced it).
    func attachDevices() {
        window.forgetInput()
        let size = Size(width: Double(window.width), height: Double(window.height))
        daemon.feed.hub.openVirtualTouchscreen(window.touchscreen, as: Self.touchscreenName, screen: (size.width, size.height))
        daemon.feed.hub.openVirtualKeyboard(named: "TouchBridge window keyboard", as: Self.keyboardName)
    }

    /// Follows the window's events from the main loop. Its display connection
    /// is watched like an input device; where there is none to watch, the
    /// events are looked at every few milliseconds.
    func start() throws {
        attachDevices()
        if let fd = window.eventDescriptor.map(FileDescriptor.init(rawValue:)) {
            try MainLoop.poller.add(fd, rank: MainLoop.Rank.input) { [weak self] in
                MainActor.assumeIsolated { self?.takeEvents() }
            }
            descriptor = fd
        } else {
            pollEvery(0.004)
        }
        // Drawing talks to the display server, which may read events off the connection
        // on the way: they would wait in SDL's queue with nothing readable to say so.
        for compositor in daemon.compositors where compositor.surface === window {
            let previous = compositor.onPresent
            compositor.onPresent = { [weak self] damage in
                previous?(damage)
                self?.scheduleTake()
            }
        }
        takeEvents()
    }

    func stop() {
        stopped = true
        if let descriptor { MainLoop.poller.remove(descriptor) }
        descriptor = nil
        recording?.close()
        recording = nil
    }

    private func pollEvery(_ seconds: Double) {
        _ = MainLoop.timeline.schedule(after: seconds) { [weak self] in
            guard let self, !self.stopped else { return }
            self.takeEvents()
            self.pollEvery(seconds)
        }
    }

    private func scheduleTake() {
        guard !takeScheduled else { return }
        takeScheduled = true
        _ = MainLoop.timeline.schedule(after: 0) { [weak self] in
            self?.takeScheduled = false
            self?.takeEvents()
        }
    }

    func takeEvents() {
        guard !stopped else { return }
        let hub = daemon.feed.hub
        // Between the views of a repaint (the descriptor is watched as input), the
        // window only translates input: it draws and resizes once the frame is out.
        let drawing = daemon.compositors.contains { $0.surface === window && $0.isPresenting }
        if drawing { scheduleTake() }
        // Frames that came together go to the app together, as a panel's read does.
        var frames: [(events: [InputEvent], device: String)] = []
        for event in window.takeEvents(mayDraw: !drawing) {
            switch event {
            case .touches(let events):
                if let recording {
                    var text = ""
                    for event in events { EvemuWriter.appendEvent(event, to: &text) }
                    recording.write(text)
                }
                frames.append((events, Self.touchscreenName))
            case .keys(let events): frames.append((events, Self.keyboardName))
            case .closed:
                hub.feedVirtual(frames)
                frames = []
                onClose?()
            case .resized:
                hub.feedVirtual(frames)
                frames = []
                resized()
            }
        }
        hub.feedVirtual(frames)
    }

    /// The window's new size is the screen's: the app's window takes it (its
    /// root controller hears `viewWillTransition(to:with:)`), the picture is
    /// drawn at it, and the window's touchscreen is one of that size.
    private func resized() {
        guard let compositor = daemon.compositors.first(where: { $0.surface === window }) else { return }
        let size = Size(width: Double(window.width), height: Double(window.height))
        do {
            try compositor.surfaceResized()
        } catch {
            compositor.onError?(error)
            return
        }
        if let recording {
            // A recording is of one touchscreen, and the window's is now another size.
            recording.close()
            self.recording = nil
            warn("\(recordingPath): the window changed size; the recording holds the touches made before")
        }
        compositor.window.screen.bounds = Rect(origin: .zero, size: size)
        compositor.window.frame = Rect(origin: .zero, size: size)
        let hub = daemon.feed.hub
        hub.closeVirtual(Self.touchscreenName, reason: "the window changed size")
        hub.openVirtualTouchscreen(window.touchscreen, as: Self.touchscreenName, screen: (size.width, size.height))
    }
}

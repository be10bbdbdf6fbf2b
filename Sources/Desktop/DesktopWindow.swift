import CDesktopShim
import Display
import Glibc
import Graphics
import KernelInput

/// The app in a window: on a desktop through SDL 2 (loaded when the first
/// window opens, so an app that never asks for one does not need it), or
/// full screen under a kiosk's Wayland compositor as a client of its own.
/// A display surface whose mouse, keys and touchscreen come back as a
/// virtual panel's events (`takeEvents()`).
///
/// SDL wants its windows handled on the main thread: so does this class.
public final class DesktopWindow: DisplaySurface {
    /// The picture's size: the window's, in points.
    public private(set) var width: Int
    public private(set) var height: Int
    public let refreshRate: Double
    /// A present is shown when the desktop's compositor next draws; it never waits for it.
    public var hasVerticalBlank: Bool { false }
    public let rotation = DisplayRotation.none
    public private(set) var presentedFrames = 0
    /// Nothing to power on a desktop; remembered, so screen power behaves as on a panel.
    public private(set) var isPoweredOn = true
    /// The windowing system: "x11" (or what else SDL chose), or "wayland" under a compositor.
    public let driver: String
    private enum Backend {
        case sdl(OpaquePointer)
        case wayland(OpaquePointer)
    }
    private var backend: Backend?
    private var touches: WindowTouches
    private var keys = WindowKeys()
    private var markersShown: [WindowTouches.Marker] = []
    /// The picture last shown (the compositor's back buffer, which it keeps):
    /// what a moved disc or an uncovered window is drawn again from.
    private var picture: Bitmap?
    /// Whether events have been taken yet: a picture shown before a Wayland
    /// compositor has configured the window may never reach the screen.
    private var configured = false

    /// Opens a window of `width` x `height` points (the whole desktop when
    /// `fullscreen`: its size is then the desktop's).
    public init(title: String, width: Int, height: Int, fullscreen: Bool = false, resizable: Bool = true) throws {
        if let problem = tb_desktop_open() {
            throw DisplayError(device: "window", problem: String(cString: problem))
        }
        guard width > 0, height > 0, let handle = tb_desktop_window_create(title, Int32(width), Int32(height), fullscreen ? 1 : 0, resizable ? 1 : 0)
        else {
            throw DisplayError(device: "window", problem: "SDL cannot open a \(width)x\(height) window: \(String(cString: tb_desktop_error()))")
        }
        backend = .sdl(handle)
        var (w, h) = (Int32(0), Int32(0))
        tb_desktop_window_size(handle, &w, &h)
        (self.width, self.height) = (Int(w), Int(h))
        let rate = tb_desktop_window_refresh_rate(handle)
        refreshRate = rate > 0 ? Double(rate) : 60
        driver = String(cString: tb_desktop_video_driver())
        touches = WindowTouches(width: Int(w), height: Int(h))
        tb_desktop_window_pixel_size(handle, &w, &h)
        pixelSize = (Int(w), Int(h))
    }

    /// Opens a full-screen window as a client of the Wayland compositor that
    /// owns the screen ($WAYLAND_DISPLAY): cage, Weston's kiosk shell. Its
    /// size is the one the compositor gives.
    public init(fullScreenOnWaylandTitled title: String, appID: String) throws {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = tb_wayland_window_create(title, appID, &message, Int32(message.count)) else {
            throw DisplayError(device: "wayland", problem: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        backend = .wayland(handle)
        var (w, h) = (Int32(0), Int32(0))
        tb_wayland_window_size(handle, &w, &h)
        (width, height) = (Int(w), Int(h))
        let rate = tb_wayland_window_refresh_rate(handle)
        refreshRate = rate > 0 ? Double(rate) : 60
        driver = "wayland"
        touches = WindowTouches(width: Int(w), height: Int(h))
    }

    deinit { close() }

    public var summary: String {
        switch backend {
        case nil: return "window (closed)"
        case .wayland: return "wayland \(width)x\(height), full screen"
        case .sdl:
            // Not asked of SDL here: that would talk to the display server outside the event rounds.
            let pixels = pixelSize.width == width && pixelSize.height == height ? "" : ", \(pixelSize.width)x\(pixelSize.height) pixels"
            return "window \(width)x\(height)\(pixels) on \(driver)"
        }
    }

    /// An SDL window's size in pixels (bigger than in points on a HiDPI desktop), as last asked.
    private var pixelSize = (width: 0, height: 0)

    /// The touchscreen the window's touches come from, as its size is now.
    public var touchscreen: DeviceDescription { touches.device }

    /// The display server's connection: readable when there may be events to take.
    /// After each present, take them too: drawing may have read some off it.
    public var eventDescriptor: Int32? {
        let fd: Int32
        switch backend {
        case nil: return nil
        case .sdl(let handle): fd = tb_desktop_window_descriptor(handle)
        case .wayland(let handle): fd = tb_wayland_window_descriptor(handle)
        }
        return fd >= 0 ? fd : nil
    }

    public func present(_ picture: Bitmap, damage: Region) throws {
        guard backend != nil else { throw DisplayError(device: "window", problem: "the window is closed") }
        guard picture.width == width, picture.height == height else {
            throw DisplayError(device: summary, problem: "picture is \(picture.width)x\(picture.height), the window is \(width)x\(height)")
        }
        var rects: [Int32] = []
        rects.reserveCapacity(damage.rects.count * 4)
        for rect in damage.rects { rects += [Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height)] }
        self.picture = picture
        try show(picture, rects: rects)
        presentedFrames += 1
    }

    /// Shows the picture again with the simulated fingers as they are now
    /// (`whole`: all of it, the window having been uncovered).
    private func refresh(whole: Bool = false) {
        guard let picture, picture.width == width, picture.height == height else { return }
        try? show(picture, rects: whole ? [0, 0, Int32(width), Int32(height)] : [])
    }

    private func show(_ picture: Bitmap, rects: [Int32]) throws {
        switch backend {
        case nil: return
        case .wayland(let handle):
            guard !rects.isEmpty else { return }
            let status = rects.withUnsafeBufferPointer { rects in
                tb_wayland_window_present(
                    handle, picture.pixels, Int32(picture.stride), Int32(picture.width), Int32(picture.height), rects.baseAddress,
                    Int32(rects.count / 4))
            }
            guard status == 0 else {
                throw DisplayError(device: summary, problem: "cannot show the picture: \(String(cString: tb_wayland_window_error(handle)))")
            }
        case .sdl(let handle):
            markersShown = touches.markers
            let markers = markersShown.map { tb_desktop_marker(x: $0.x, y: $0.y, pressed: $0.pressed ? 1 : 0) }
            let status = rects.withUnsafeBufferPointer { rects in
                markers.withUnsafeBufferPointer { markers in
                    tb_desktop_window_present(
                        handle, picture.pixels, Int32(picture.stride), Int32(picture.width), Int32(picture.height), rects.baseAddress,
                        Int32(rects.count / 4), markers.baseAddress, Int32(markers.count))
                }
            }
            guard status == 0 else {
                throw DisplayError(device: summary, problem: "SDL cannot show the picture: \(String(cString: tb_desktop_error()))")
            }
        }
    }

    public func setPowered(_ on: Bool) throws { isPoweredOn = on }

    public func close() {
        switch backend {
        case nil: return
        case .sdl(let handle): tb_desktop_window_destroy(handle)
        case .wayland(let handle): tb_wayland_window_destroy(handle)
        }
        backend = nil
    }

    private func nextEvent(_ event: inout tb_desktop_event) -> Bool {
        switch backend {
        case nil: false
        case .sdl: tb_desktop_poll(&event) != 0
        case .wayland(let handle): tb_wayland_window_poll(handle, &event) != 0
        }
    }

    /// Everything the window heard since the last call, without waiting.
    /// With `mayDraw` false (a repaint is under way, and input is taken
    /// between its views), the window neither shows the picture again nor
    /// changes size: that waits for a call with it true.
    public func takeEvents(mayDraw: Bool = true) -> [DesktopEvent] {
        var events: [DesktopEvent] = []
        var event = tb_desktop_event()
        let now = EventTime.now()
        if mayDraw, let size = pendingResize {
            pendingResize = nil
            resize(to: size.width, size.height, into: &events)
        }
        // Showing the picture talks to the display server, which may read input off the
        // connection on the way (X11's XSync): that is taken in a second round.
        for round in 0..<2 {
            while nextEvent(&event) {
                let time = EventTime(microseconds: now.microseconds - Int64(event.age_ms) * 1000)
                let modifiers = WindowTouches.Modifiers(rawValue: Int(event.modifiers))
                func touch(_ frame: [InputEvent]) { if !frame.isEmpty { events.append(.touches(frame)) } }
                switch Int(event.kind) {
                case Int(TB_DESKTOP_QUIT):
                    events.append(.closed)
                case Int(TB_DESKTOP_MOUSE_DOWN) where event.button_or_finger == 1:
                    touch(touches.mouseDown(x: event.x, y: event.y, modifiers: modifiers, time: time))
                case Int(TB_DESKTOP_MOUSE_UP) where event.button_or_finger == 1:
                    touch(touches.mouseUp(x: event.x, y: event.y, modifiers: modifiers, time: time))
                case Int(TB_DESKTOP_MOUSE_MOVE):
                    touch(touches.mouseMoved(x: event.x, y: event.y, modifiers: modifiers, time: time))
                case Int(TB_DESKTOP_MOUSE_LEFT):
                    touches.pointerLeft()
                case Int(TB_DESKTOP_FINGER_DOWN):
                    touch(touches.fingerDown(event.button_or_finger, x: event.x, y: event.y, time: time))
                case Int(TB_DESKTOP_FINGER_MOVE):
                    touch(touches.fingerMoved(event.button_or_finger, x: event.x, y: event.y, time: time))
                case Int(TB_DESKTOP_FINGER_UP):
                    touch(touches.fingerUp(event.button_or_finger, x: event.x, y: event.y, time: time))
                case Int(TB_DESKTOP_KEY_DOWN), Int(TB_DESKTOP_KEY_UP):
                    touches.modifiersChanged(modifiers)
                    let frame = keys.key(
                        usage: Int(event.scancode), isDown: Int(event.kind) == Int(TB_DESKTOP_KEY_DOWN), isRepeat: event.repeat != 0, time: time)
                    if !frame.isEmpty { events.append(.keys(frame)) }
                case Int(TB_DESKTOP_KEYCODE_DOWN), Int(TB_DESKTOP_KEYCODE_UP):
                    guard let code = UInt16(exactly: event.scancode) else { break }
                    let frame = keys.key(code: code, isDown: Int(event.kind) == Int(TB_DESKTOP_KEYCODE_DOWN), isRepeat: false, time: time)
                    if !frame.isEmpty { events.append(.keys(frame)) }
                case Int(TB_DESKTOP_TOUCHES_CANCELLED):
                    touch(touches.liftAll(time: time))
                case Int(TB_DESKTOP_FOCUS_LOST):
                    let frame = keys.releaseAll(time: time)
                    if !frame.isEmpty { events.append(.keys(frame)) }
                    touches.modifiersChanged([])
                case Int(TB_DESKTOP_RESIZED):
                    if mayDraw {
                        resize(to: Int(event.width), Int(event.height), into: &events)
                    } else {
                        pendingResize = (Int(event.width), Int(event.height))
                    }
                case Int(TB_DESKTOP_EXPOSED):
                    needsWholeRefresh = true
                default:
                    break
                }
            }
            guard mayDraw, round == 0 else { break }
            // Alt pressed or let go, a pair of fingers moved: the discs follow at once.
            if !configured || needsWholeRefresh {
                (configured, needsWholeRefresh) = (true, false)
                refresh(whole: true)
            } else if touches.markers != markersShown {
                refresh()
            } else {
                break
            }
        }
        return events
    }

    /// A resize heard while a repaint was under way: made at the next chance.
    private var pendingResize: (width: Int, height: Int)?
    /// The window was uncovered (or first shown): all of the picture again.
    private var needsWholeRefresh = false

    /// Starts the window's touches and keys afresh: their devices were opened anew
    /// (a configuration reload), and know nothing of what was down.
    public func forgetInput() {
        touches = WindowTouches(width: width, height: height)
        keys = WindowKeys()
    }

    private func resize(to newWidth: Int, _ newHeight: Int, into events: inout [DesktopEvent]) {
        guard backend != nil, newWidth > 0, newHeight > 0 else { return }
        // The same size again (a full-screen window's first configure): SDL may have made its surface anew.
        guard newWidth != width || newHeight != height else { return refresh(whole: true) }
        // The window's touchscreen changes size with it. What is down is dropped here; the
        // host closes the old touchscreen, which cancels those touches (a press is not a tap).
        if case .sdl(let handle) = backend {
            tb_desktop_window_forget_markers(handle)
            var (w, h) = (Int32(0), Int32(0))
            tb_desktop_window_pixel_size(handle, &w, &h)
            pixelSize = (Int(w), Int(h))
        }
        (width, height) = (newWidth, newHeight)
        touches = WindowTouches(width: newWidth, height: newHeight)
        events.append(.resized(width: newWidth, height: newHeight))
    }
}

import Display
import FoundationEssentials
import KernelInput
import TouchUI

/// `replay --frames DIR`: a display whose every presented frame is a PNG
/// file. After each input frame the screen is drawn and, if pixels changed,
/// written as frame-NNNNNN.png (NNNNNN: the recording's frame number);
/// animations between input frames are written as frame-NNNNNN_TTTTms.png.
/// The frames of a second or later recording played after the first are
/// named deviceD-frame-NNNNNN.png, so none overwrites another.
@MainActor
public final class FrameWriter: @MainActor DisplaySurface {
    public let directory: URL
    public let width: Int
    public let height: Int
    public let refreshRate = 60.0
    public let rotation = DisplayRotation.none
    public private(set) var presentedFrames = 0
    /// Files have no power; remembered, as a memory surface does.
    public private(set) var isPoweredOn = true
    public func setPowered(_ on: Bool) throws { isPoweredOn = on }
    private var compositor: Compositor!
    private let timeline: any Timeline
    private let markers: TouchMarkersView?
    private var fingers: [Int: TouchMarkersView.Marker] = [:]
    private var lastFrame = 0
    private var lastDevice = 0
    /// Every picture written, in order.
    public private(set) var written: [String] = []
    private var lastFrameTime = 0.0
    private var inputFrameDelivered = false

    public var summary: String { "frames:\(directory.path) \(width)x\(height)" }

    public init(directory path: String, window: Window, timeline: any Timeline, showTouches: Bool) throws {
        directory = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DisplayError(device: path, problem: "cannot create the frames directory: \(DisplayError.text(of: error))")
        }
        width = Int(window.bounds.width.rounded(.up))
        height = Int(window.bounds.height.rounded(.up))
        self.timeline = timeline
        if showTouches {
            let overlay = TouchMarkersView(frame: window.bounds)
            window.addSubview(overlay)
            markers = overlay
        } else {
            markers = nil
        }
        compositor = try Compositor(window: window, surface: self)
    }

    /// After a frame reached the views: move the markers, draw, write.
    public func frameDelivered(_ records: [TouchRecord]) throws {
        for record in records {
            if record.phase == .ended || record.phase == .cancelled {
                fingers[record.touch] = nil
            } else {
                fingers[record.touch] = .init(id: record.touch, location: Point(x: record.x, y: record.y), tapCount: record.tapCount)
            }
        }
        markers?.show(fingers.keys.sorted().map { fingers[$0]! })
        lastFrame = records[0].frame
        lastDevice = records[0].device
        lastFrameTime = timeline.now
        inputFrameDelivered = true
        try compositor.presentNow()
        inputFrameDelivered = false
    }

    /// The replay is over: what is still damaged (say, after the last timers) is drawn.
    public func finish() throws {
        markers?.show([])
        try compositor.presentNow()
    }

    /// The screen as it is now.
    public func writeScreen(to path: String) throws {
        try compositor.backBuffer.writePNG(to: path)
    }

    public func present(_ picture: Bitmap, damage: Region) throws {
        var name: String
        if inputFrameDelivered || presentedFrames == 0 {
            name = String(printf: "frame-%06d.png", lastFrame)
        } else {
            name = String(printf: "frame-%06d_%04dms.png", lastFrame, Int(((timeline.now - lastFrameTime) * 1000).rounded()))
        }
        if lastDevice > 0 { name = "device\(lastDevice)-" + name }
        let path = directory.appendingPathComponent(name).path
        do {
            try picture.writePNG(to: path)
        } catch let error as GraphicsError {
            throw DisplayError(device: summary, problem: error.description)
        }
        presentedFrames += 1
        written.append(path)
    }

    public func close() {}
}

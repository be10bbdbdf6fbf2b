import Display
import Layers
import TouchUI

/// Puts a window's pixels on a display: damage from the view tree is
/// collected until the next display tick, repainted back to front into a
/// back buffer, and presented once. Nothing is drawn when nothing changed.
/// On a panel with a vertical blank, ticks fall on its refresh grid. On one
/// without (most fbdev drivers), a frame shows the moment it is written, so
/// the tick comes as soon as the loop has delivered the input at hand, and
/// at most four times a refresh (`paintsPerRefresh`).
///
/// The window's `overlay` layers (the finger markers) are composited over
/// the views' frame into a second picture, which is then what is
/// presented: a marker that moves costs a copy of the views' pixels where
/// it was and a blend where it is, and no view under it is drawn. While the
/// overlay shows nothing, the views' frame is presented itself.
///
/// Where the display has a cursor plane (a DRM card's), an overlay that
/// shows one small picture alone (a lone finger marker) goes on that
/// plane instead: the views' frame is presented, and the marker's moves
/// cost no pixels at all. A second marker brings compositing back.
///
/// Input never waits for a whole repaint: with `deliverWaitingInput` set (the
/// daemon's main loop), the repaint stops between views to deliver what
/// has arrived (once a repaint: later frames wait and are coalesced), then
/// repaints what that changed before presenting, so the frame shows it.
@MainActor
public final class Compositor {
    public let window: Window
    public let surface: any DisplaySurface
    /// The picture on screen, before conversion to the panel's format: the
    /// views' frame, with the overlay's layers over it while it has any.
    public var backBuffer: Bitmap { shown }
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    /// The frame the views drew, kept between frames: slides move it, damage repaints it.
    @exclusivity(unchecked) private var viewsFrame: Bitmap
    @exclusivity(unchecked) private var context: GraphicsContext
    /// The views' frame with the overlay over it; made the first time the overlay shows something.
    @exclusivity(unchecked) private var withOverlay: (picture: Bitmap, context: GraphicsContext)?
    /// Where the views' frame changed since `withOverlay` last took it.
    @exclusivity(unchecked) private var overlayPictureStale = Region()
    /// Its layers' stores count in the views' picture budget (the configuration's `picture-memory`).
    private let overlayCompositor = LayerCompositor(sharing: View.pictureBudget)
    /// The picture last presented.
    @exclusivity(unchecked) private var shown: Bitmap
    /// The overlay's picture on the display's cursor plane, when it is there.
    @exclusivity(unchecked) private var cursor: CursorPicture?
    /// Whether a lone overlay picture may go on the display's cursor plane.
    /// A host turns it off while something reads `backBuffer` as the screen
    /// (a VNC session): the plane's picture is never in it.
    @exclusivity(unchecked) public var usesCursorPlane = true {
        didSet { if usesCursorPlane != oldValue && window.overlay.showsAnything { window.overlay.root.setNeedsDisplay() } }
    }
    /// What the overlay covered when last composited into `withOverlay`, in pixels.
    @exclusivity(unchecked) private var compositedOverlay = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The window's application's: a replay or a host that gives the
    /// application another timeline moves the ticks onto it too.
    private var timeline: any Timeline { window.hostApplication.timeline }
    @exclusivity(unchecked) private var tickScheduled = false
    @exclusivity(unchecked) private var lastPresent = -Double.infinity
    /// Frames presented, and the damage of the last one.
    @exclusivity(unchecked) public private(set) var framesPresented = 0
    @exclusivity(unchecked) public private(set) var lastDamage = Region()
    /// After each present: the damage that was repainted.
    @exclusivity(unchecked) public var onPresent: ((Region) -> Void)?
    /// A present that failed (the device went away); ticks stop until damage comes again.
    @exclusivity(unchecked) public var onError: ((Error) -> Void)?
    /// While the panel is powered down nothing is drawn: damage waits, and
    /// no tick is scheduled for it, until drawing resumes.
    @exclusivity(unchecked) public var isSuspended = false {
        didSet { if !isSuspended && needsFrame { scheduleTick() } }
    }
    /// Reads and delivers the input waiting now, without waiting; true when
    /// some came (`MainLoop.deliverWaitingInput`). Called between views while
    /// repainting, at most every `inputCheckInterval`.
    @exclusivity(unchecked) public var deliverWaitingInput: (() -> Bool)?
    /// Seconds of drawing between two looks for input: each look is a system call.
    @exclusivity(unchecked) public var inputCheckInterval = 0.0005
    @exclusivity(unchecked) private var lastInputCheck = -Double.infinity
    /// How long the last repaint and present took, in seconds of the
    /// timeline's clock, less the input delivered in the middle of it.
    @exclusivity(unchecked) public private(set) var lastPresentDuration = 0.0
    /// Called after a present whose repaint took longer than a refresh, with
    /// its damage and `lastPresentDuration`: where a kiosk's lag comes from.
    @exclusivity(unchecked) public var onSlowPresent: ((Region, Double) -> Void)?
    /// Presents whose repaint took longer than a refresh, since the compositor was made.
    @exclusivity(unchecked) public private(set) var slowPresents = 0
    @exclusivity(unchecked) private var inputTime = 0.0
    @exclusivity(unchecked) private var deliveriesAtStart = 0
    /// Whether a repaint is under way (input delivered between its views sees it true).
    @exclusivity(unchecked) public private(set) var isPresenting = false
    /// Input deliveries made mid-repaint, since the compositor was made.
    @exclusivity(unchecked) public private(set) var inputDeliveredWhileDrawing = 0

    public init(window: Window, surface: any DisplaySurface) throws {
        let needed = PixelRect(enclosing: window.frame)
        guard needed.maxX <= surface.width, needed.maxY <= surface.height else {
            throw DisplayError(
                device: surface.summary,
                problem: "the screen is \(surface.width)x\(surface.height), smaller than the \(needed.maxX)x\(needed.maxY) the scene needs")
        }
        self.window = window
        self.surface = surface
        viewsFrame = try Bitmap(width: surface.width, height: surface.height)
        shown = viewsFrame
        context = GraphicsContext(bitmap: viewsFrame)
        // The screen outside the window starts black, like the rest.
        context.replace(Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height)), with: .black)
        let this = WeakReference(self)
        window.onNeedsDisplay = { this.object?.scheduleTick() }
        window.overlay.onNeedsDisplay = { this.object?.scheduleTick() }
        if needsFrame { scheduleTick() }
    }

    /// The surface changed size (a desktop window resized): the back buffer
    /// takes the new size, black until the window (whose frame the caller
    /// sets to the new size, damaging it all) is drawn at the next tick.
    public func surfaceResized() throws {
        guard viewsFrame.width != surface.width || viewsFrame.height != surface.height else { return }
        viewsFrame = try Bitmap(width: surface.width, height: surface.height)
        shown = viewsFrame
        context = GraphicsContext(bitmap: viewsFrame)
        context.replace(Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height)), with: .black)
        withOverlay = nil
        overlayPictureStale = Region()
        window.setNeedsDisplay()
    }

    /// Whether the views or the overlay changed since the last frame.
    private var needsFrame: Bool { !window.damage.isEmpty || window.overlay.hasDamage }

    /// Without a vertical blank, repaints come no closer than a refresh over
    /// this. Input at 120 Hz and a cap of 120 beat against each other,
    /// holding some frames back almost a whole interval; four times 60 Hz
    /// keeps that wait short while a view that damages itself without end
    /// still cannot take the whole CPU.
    static let paintsPerRefresh = 4.0

    /// Seconds between display ticks.
    public var frameInterval: Double { 1 / max(1, surface.refreshRate) }

    private func scheduleTick() {
        guard !tickScheduled, !isSuspended else { return }
        tickScheduled = true
        guard surface.hasVerticalBlank else {
            // A timer due now runs after the input the loop has in hand, so the frame shows all of it.
            // The cap on paints per refresh is kept by the present the tick makes, with the clock
            // reading it takes anyway to time itself: one read of the clock a frame fewer, where
            // reading it can be a system call (a VM whose clock source the vDSO cannot read).
            _ = timeline.schedule(after: 0, tick)
            return
        }
        // Ticks fall on the refresh grid, so bursts of damage share one frame.
        let now = timeline.now
        var next = ((now / frameInterval).rounded(.down) + 1) * frameInterval
        // Rounding can put `now` on the next grid point: never tick at the
        // same moment again, or damage made while presenting would loop.
        if next - now < frameInterval * 1e-6 { next += frameInterval }
        _ = timeline.schedule(after: next - now, tick)
    }

    /// The display tick's timer action, made once: scheduling a tick allocates nothing.
    private lazy var tick: @MainActor () -> Void = { [this = WeakReference(self)] in this.object?.tickFired() }

    private func tickFired() {
        tickScheduled = false
        // Suspended after this tick was scheduled: the damage waits for the wake.
        guard !isSuspended else { return }
        if waitsForSurfaceEvents && surface.isPresentPending && !deferredForSurface {
            // The last flip has not landed: rather than wait for it in `present`, with
            // input waiting too, the frame is drawn when the loop hears it land. Should it
            // never (a lost device), the next tick presents anyway, and `present` says why.
            deferredForSurface = true
            scheduleTick()
            return
        }
        deferredForSurface = false
        presentFrame(keepingCap: !surface.hasVerticalBlank)
    }

    private func presentFrame(keepingCap: Bool = false) {
        do {
            try present(keepingCap: keepingCap)
        } catch {
            onError?(error)
        }
    }

    /// Set by a host whose loop watches `surface.completionDescriptor` and
    /// calls `surfaceCompleted()` when it is readable: a tick that finds the
    /// last present unfinished (a page flip not yet landed) then leaves the
    /// frame to that call instead of waiting inside `present`, so input is
    /// read and delivered meanwhile.
    @exclusivity(unchecked) public internal(set) var waitsForSurfaceEvents = false
    @exclusivity(unchecked) private var deferredForSurface = false

    /// The surface's last present has finished (the host read its
    /// completion): a frame held back for it is drawn now.
    public func surfaceCompleted() {
        guard deferredForSurface, !surface.isPresentPending, !isSuspended else { return }
        deferredForSurface = false
        presentFrame()
    }

    /// Repaints and presents whatever is damaged, now; nothing when nothing is.
    /// Returns the damage presented.
    @discardableResult
    public func presentNow() throws -> Region { try present(keepingCap: false) }

    /// `presentNow()`; with `keepingCap` (a tick without a vertical blank), no
    /// closer to the last paint than a refresh over `paintsPerRefresh`: until
    /// then the tick waits, and the damage with it.
    @discardableResult
    private func present(keepingCap: Bool) throws -> Region {
        // A touch delivered mid-repaint whose handler asks for a frame: the one being drawn will show it.
        guard !isPresenting else { return Region() }
        isPresenting = true
        defer { isPresenting = false }
        window.layoutIfNeeded()
        var start: Double?
        if keepingCap {
            let now = timeline.now
            let earliest = lastPresent + frameInterval / Self.paintsPerRefresh
            if now < earliest {
                tickScheduled = true
                _ = timeline.schedule(after: earliest - now, tick)
                return Region()
            }
            start = now
        }
        // The views' frame is the last one: what slid (a scroll) is moved, not drawn.
        let frame = window.takeFrame()
        var damage = frame.changed
        guard !damage.isEmpty || window.overlay.hasDamage else { return damage }
        lastPresent = start ?? timeline.now
        let betweenViews: (() -> Void)? = deliverWaitingInput == nil ? nil : { [unowned self] in self.checkForInput() }
        lastInputCheck = lastPresent
        inputTime = 0
        deliveriesAtStart = inputDeliveredWhileDrawing
        window.render(frame, in: context, betweenViews: betweenViews)
        // What the input delivered meanwhile changed: repainted now, in a pass that takes no
        // input, so this frame shows it and is the window as it stands. A scroll it made is
        // repainted whole, since part of the picture it would slide was drawn after it. (Damage a view makes
        // while it draws is not input's: it waits for the next tick, as always.)
        if inputDeliveredWhileDrawing > deliveriesAtStart {
            window.layoutIfNeeded()
            let changed = window.takeDamage()
            window.render(changed, in: context)
            damage.formUnion(changed)
        }
        viewsFrame.finishDrawing()
        // Taken after the views, so markers moved by input delivered meanwhile show in this frame.
        let overlayDamage = window.overlay.takeDamage()
        let picture: Bitmap
        let cursor = cursorPicture()
        if cursor != nil {
            // The marker is on its plane: the views' frame is shown as it is, and changes only where the views did.
            overlayPictureStale.formUnion(damage)
            overlayPictureStale.formUnion(overlayDamage)
            picture = viewsFrame
            // Off the overlay's picture: the markers composited into it leave the screen.
            if shown !== viewsFrame { damage.add(compositedOverlay) }
        } else {
            damage.formUnion(overlayDamage)
            picture = composeOverlay(viewsChanged: damage)
            // From the views' frame to the overlay's picture other than by a marker appearing (its picture
            // could not be had before, or it was on the cursor plane): the markers already down were never composited.
            if picture !== shown && !window.overlay.extent.isNull { damage.add(PixelRect(enclosing: window.overlay.extent)) }
        }
        if cursor != nil || self.cursor != nil {
            try surface.present(picture, damage: damage, cursor: cursor)
            // Refused by the display: composited from the next frame on, where it now lacks.
            if cursor != nil && surface.cursorPlaneSize == nil { window.overlay.root.setNeedsDisplay() }
        } else {
            try surface.present(picture, damage: damage)
        }
        self.cursor = cursor
        shown = picture
        framesPresented += 1
        lastDamage = damage
        lastPresentDuration = timeline.now - lastPresent - inputTime
        onPresent?(damage)
        if lastPresentDuration > frameInterval {
            slowPresents += 1
            onSlowPresent?(damage, lastPresentDuration)
        }
        return damage
    }

    /// The overlay's one picture, when it shows just one that the display's
    /// cursor plane can hold, once the transparent room around it is cut
    /// away, wholly on screen; nil when the overlay is to be composited.
    private func cursorPicture() -> CursorPicture? {
        guard usesCursorPlane, let plane = surface.cursorPlaneSize, let lone = window.overlay.lonePicture else { return nil }
        if trimmed?.source !== lone.bitmap {
            let drawn = lone.bitmap.drawnBounds()
            let fits = !drawn.isEmpty && drawn.width <= plane.width && drawn.height <= plane.height
            let picture = !fits ? nil : drawn == lone.bitmap.bounds ? lone.bitmap : try? lone.bitmap.cropped(to: drawn, opaque: false)
            trimmed = (lone.bitmap, picture, drawn)
        }
        guard let (_, picture, drawn) = trimmed, let picture else { return nil }
        let x = lone.frame.x + drawn.x, y = lone.frame.y + drawn.y
        // Wholly on screen: some engines refuse a cursor hanging over an edge, and a refusal gives the plane up.
        guard x >= 0, y >= 0, x + picture.width <= viewsFrame.width, y + picture.height <= viewsFrame.height else { return nil }
        return CursorPicture(bitmap: picture, x: x, y: y)
    }

    /// The last picture made ready for the cursor plane: what it was cut
    /// from, and where (a marker moving keeps its picture, which is cut once).
    private var trimmed: (source: Bitmap, picture: Bitmap?, drawn: PixelRect)?

    /// The picture to present: the views' frame itself while the overlay
    /// shows nothing; otherwise the overlay picture, brought up to date
    /// where the views changed (`changed` holds the overlay's damage too)
    /// and where it moved, with the overlay's layers composited there.
    private func composeOverlay(viewsChanged changed: Region) -> Bitmap {
        overlayPictureStale.formUnion(changed)
        guard window.overlay.showsAnything else { return viewsFrame }
        if withOverlay == nil {
            // Without the memory for it, the views are shown without the overlay rather than not at all.
            guard let picture = try? Bitmap(width: viewsFrame.width, height: viewsFrame.height) else { return viewsFrame }
            withOverlay = (picture, GraphicsContext(bitmap: picture))
            overlayPictureStale = Region(picture.bounds)
        }
        let (picture, overlayContext) = withOverlay!
        overlayCompositor.composite(window.overlay, over: viewsFrame, region: overlayPictureStale, into: overlayContext)
        overlayContext.flush()
        // Let go rather than emptied in place: it may share the frame's damage (a union into
        // nothing takes the other's rectangles), which emptying would copy. The next frame's
        // union into it takes that frame's damage the same way.
        overlayPictureStale = Region()
        compositedOverlay = PixelRect(enclosing: window.overlay.extent)
        return picture
    }

    private func checkForInput() {
        // One delivery a repaint: frames that come after it pile up and go
        // to the app together, coalesced, once the frame is out, rather than
        // each costing its handling and a repaint when the CPU cannot keep up.
        guard inputDeliveredWhileDrawing == deliveriesAtStart else { return }
        let now = timeline.now
        guard now - lastInputCheck >= inputCheckInterval, let deliverWaitingInput else { return }
        lastInputCheck = now
        if deliverWaitingInput() { inputDeliveredWhileDrawing += 1 }
        inputTime += timeline.now - now
    }
}

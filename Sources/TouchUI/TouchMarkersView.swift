import Layers

/// Circles under the fingers with their touch ids (and tap counts above
/// one), as a person debugging a touchscreen wants to see them. It lets
/// every touch through to the views below.
///
/// The markers are layers in the window's `overlay`, over everything in
/// the window: the compositor places each finger's stamp over the frame
/// the views left, so a moving finger repaints no view under it.
@MainActor
public final class TouchMarkersView: View {
    public struct Marker: Equatable {
        public var id: Int
        public var location: Point
        public var tapCount: Int
        public init(id: Int, location: Point, tapCount: Int = 1) { (self.id, self.location, self.tapCount) = (id, location, tapCount) }
    }

    public static let radius = MarkerStamps.radius
    /// Marker colours cycle with the touch id, so fingers are told apart.
    public static let palette = MarkerStamps.palette

    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) public private(set) var markers: [Marker] = []
    /// The markers' layers, in the window's overlay while the view is in a window.
    private let container = Layers.Layer()
    /// Each marker's layer, in the order of `markers`: a list, not a
    /// dictionary, as fingers are few and keep their order frame to frame.
    @exclusivity(unchecked) private var markerLayers: [(id: Int, shown: MarkerLayer)] = []
    /// The list before a frame that lands or lifts fingers, kept to be reused.
    @exclusivity(unchecked) private var previousLayers: [(id: Int, shown: MarkerLayer)] = []
    /// Layers of lifted fingers, and ones made between frames, for the next
    /// fingers to land: a hand landing takes them instead of making ten.
    private let spares = Spares()
    /// How many spare layers are made ahead: a hand.
    static let sparesAhead = 10
    /// How long after fingers land the next numbers' stamps are made: after
    /// the frame showing them, so that frame does not wait for it.
    static let stampsAheadDelay = 0.1

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        // Room for a hand, so the first to land finds it.
        markerLayers.reserveCapacity(Self.sparesAhead)
        previousLayers.reserveCapacity(Self.sparesAhead)
        spares.layers.reserveCapacity(Self.sparesAhead)
    }

    /// Shows exactly these markers; only the pixels around old and new ones change.
    public func show(_ markers: [Marker]) {
        // Also when the markers are the same: an ancestor may have been hidden since.
        // (The window is followed by didMoveToWindow.)
        followVisibility()
        guard markers != self.markers else { return }
        // Copied into the view's own list when as many: the caller's stays its alone, to refill for the next frame.
        if markers.count == self.markers.count {
            for index in markers.indices { self.markers[index] = markers[index] }
        } else {
            self.markers = markers
        }
        // Per frame, fingers only move: the same markers in the same order,
        // each moving its layer, with nothing allocated or looked up.
        var sameFingers = markers.count == markerLayers.count
        if sameFingers { for index in markers.indices where markers[index].id != markerLayers[index].id { sameFingers = false } }
        if sameFingers {
            var placed = true
            for index in markers.indices { placed = place(markers[index], on: markerLayers[index].shown) && placed }
            if placed { return }
        }
        // Fingers landed or lifted: each marker takes its layer from before, or a spare one.
        swap(&markerLayers, &previousLayers)
        markerLayers.removeAll(keepingCapacity: true)
        var landed = false
        for marker in markers {
            var index = 0
            while index < previousLayers.count && previousLayers[index].id != marker.id { index += 1 }
            let known = index < previousLayers.count
            let shown = known ? previousLayers.remove(at: index).shown : spareLayer(for: marker)
            // A stamp that cannot be made (no memory) leaves its finger unmarked.
            if place(marker, on: shown) {
                markerLayers.append((marker.id, shown))
                if !known { landed = true }
            } else {
                spare(shown)
            }
        }
        for (_, lifted) in previousLayers { spare(lifted) }
        previousLayers.removeAll(keepingCapacity: true)
        if landed { makeStampsAhead() }
        // Later markers over earlier ones, as they are listed: new ones go on top, and
        // only a changed order (rare: numbers are handed out as fingers land) restacks them.
        let present = container.sublayers
        var inPlace = present.count <= markerLayers.count
        if inPlace { for index in present.indices where present[index] !== markerLayers[index].shown.layer { inPlace = false } }
        for index in (inPlace ? present.count : 0)..<markerLayers.count { container.addSublayer(markerLayers[index].shown.layer) }
    }

    /// Puts the marker's stamp on its layer, at its place on whole pixels;
    /// false when the stamp cannot be made.
    private func place(_ marker: Marker, on shown: MarkerLayer) -> Bool {
        let key = MarkerStamps.Key(id: marker.id, tapCount: marker.tapCount)
        if shown.stamp != key {
            guard let stamp = MarkerStamps.shared.stamp(id: marker.id, tapCount: marker.tapCount) else { return false }
            shown.wear(stamp, key)
        }
        // Whole pixels: the stamp is copied, never resampled.
        let centre = convert(marker.location, to: nil)
        let origin = Point(
            x: (centre.x - MarkerStamps.centre.x).rounded() + shown.stampOffset.x,
            y: (centre.y - MarkerStamps.centre.y).rounded() + shown.stampOffset.y)
        if shown.layer.position != origin { shown.layer.position = origin }
        return true
    }

    /// A spare layer for a finger landing: the one already wearing its stamp, if one is.
    private func spareLayer(for marker: Marker) -> MarkerLayer {
        let key = MarkerStamps.Key(id: marker.id, tapCount: marker.tapCount)
        var index = spares.layers.count - 1
        while index >= 0 && spares.layers[index].stamp != key { index -= 1 }
        // Swapped to the end, so that taking it moves no other.
        if index >= 0 { spares.layers.swapAt(index, spares.layers.count - 1) }
        return spares.layers.popLast() ?? MarkerLayer()
    }

    /// A lifted finger's layer, kept for the next to land (its stamp stays, to be replaced if another is needed).
    private func spare(_ shown: MarkerLayer) {
        shown.layer.removeFromSuperlayer()
        spares.layers.append(shown)
    }

    /// Numbers are handed out in order as fingers land: once some have, the
    /// stamps of the next ones are made between frames, so that a whole
    /// hand landing at once finds them made and only places them.
    private func makeStampsAhead() {
        for marker in markers where marker.id > spares.highestShown { spares.highestShown = marker.id }
        guard !spares.isMakingAhead, let timeline = application?.timeline else { return }
        spares.isMakingAhead = true
        // The timer holds the spares, not the view: a weak reference to the view would give it a
        // side table, and each retain and release of it, several a frame, would take Swift's slow path.
        _ = timeline.schedule(after: Self.stampsAheadDelay) { [spares] in
            spares.isMakingAhead = false
            MarkerStamps.shared.makeAhead(after: spares.highestShown)
            while spares.layers.count < Self.sparesAhead { spares.layers.append(MarkerLayer()) }
            spares.wearStampsAhead()
        }
    }

    /// What is made between frames for fingers still to land.
    @MainActor private final class Spares {
        @exclusivity(unchecked) var layers: [MarkerLayer] = []
        /// The highest number shown, and whether the stamps of the numbers after it are being made.
        var highestShown = -1
        var isMakingAhead = false

        /// Puts the stamps of the numbers to come on the spare layers, so
        /// that a finger landing with one takes a layer wearing its stamp.
        func wearStampsAhead() {
            let coming = highestShown + 1...highestShown + TouchMarkersView.sparesAhead
            func isComing(_ key: MarkerStamps.Key?) -> Bool { key.map { $0.tapCount == 1 && coming.contains($0.id) } ?? false }
            var next = coming.lowerBound
            for spare in layers where !isComing(spare.stamp) {
                // The next number no spare wears yet.
                while next <= coming.upperBound && layers.contains(where: { $0.stamp == MarkerStamps.Key(id: next, tapCount: 1) }) { next += 1 }
                guard next <= coming.upperBound else { return }
                // Made ahead just before; one that could not be made leaves the layer as it was.
                if let stamp = MarkerStamps.shared.stamp(id: next, tapCount: 1) { spare.wear(stamp, MarkerStamps.Key(id: next, tapCount: 1)) }
                next += 1
            }
        }
    }

    /// A marker's layer and the stamp it shows.
    private final class MarkerLayer {
        let layer = Layers.Layer()
        var stamp: MarkerStamps.Key?
        /// Where the stamp's cut begins in the full stamp.
        var stampOffset = Point.zero
        init() { layer.anchorPoint = .zero }

        func wear(_ stamp: MarkerStamps.Stamp, _ key: MarkerStamps.Key) {
            layer.contents = stamp.image
            layer.bounds = Rect(origin: .zero, size: stamp.image.size)
            self.stamp = key
            stampOffset = stamp.offset
        }
    }

    /// Into the overlay of the window the view is in now, out of any other.
    private func attachToWindow() {
        let root = window?.overlay.root
        guard container.superlayer !== root else { return }
        container.removeFromSuperlayer()
        root?.addSublayer(container)
        // In a window, fingers may come: their numbers are drawn before the first lands.
        if root != nil { MarkerStamps.shared.prepare() }
    }

    /// Wherever the view goes, its markers go, even when an ancestor moves it.
    public override func didMoveToWindow() {
        super.didMoveToWindow()
        attachToWindow()
        followVisibility()
    }

    public override var isHidden: Bool {
        didSet { followVisibility() }
    }

    public override var alpha: Double {
        didSet { followVisibility() }
    }

    /// The overlay is outside the view tree, so the markers take on what
    /// the view's ancestors hide or fade (checked on each `show`, and when the view's own change).
    private func followVisibility() {
        var hidden = false, opacity = 1.0
        // Up to the root, which is asked what it is once: the markers are over
        // the window in its overlay, so its own hiding and fading are not theirs.
        var current: View = self
        while let parent = current.superview {
            hidden = hidden || current.isHidden
            opacity *= current.alpha
            current = parent
        }
        if !(current is Window) {
            hidden = hidden || current.isHidden
            opacity *= current.alpha
        }
        if container.isHidden != hidden { container.isHidden = hidden }
        if container.opacity != opacity { container.opacity = opacity }
    }

    /// Nothing is drawn into the window itself.
    override var paintedAreasInWindow: [Rect]? { [] }
}

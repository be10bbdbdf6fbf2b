import TouchUI

/// A white surface with a finger marker under each of its touches: the job
/// `Benchmarks/vm/photon-qt.cpp`'s widget does, so that the touch-to-photon
/// benchmark compares the framework with Qt on the same work (the demo app
/// also paints strokes and a status line).
@MainActor
final class MarkerSurface: View {
    let markers: TouchMarkersView
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).

    /// The fingers down, oldest first, with the numbers their markers show.
    @exclusivity(unchecked) private var down: [(touch: Touch, number: Int)] = []
    @exclusivity(unchecked) private var nextNumber = 0

    override init(frame: Rect) {
        markers = TouchMarkersView(frame: Rect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        backgroundColor = .white
        isMultipleTouchEnabled = true
        down.reserveCapacity(10)
        addSubview(markers)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            down.append((touch, nextNumber))
            nextNumber += 1
        }
        showMarkers()
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { showMarkers() }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { lift(touches) }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { lift(touches) }

    private func lift(_ touches: Set<Touch>) {
        down.removeAll { touches.contains($0.touch) }
        showMarkers()
    }

    /// The list handed to the markers view, refilled each frame: the view copies a frame's
    /// markers into its own, so the list is free again and nothing is allocated.
    @exclusivity(unchecked) private var shown: [TouchMarkersView.Marker] = []

    private func showMarkers() {
        var list = shown
        shown = []
        list.removeAll(keepingCapacity: true)
        list.reserveCapacity(down.count)
        for (touch, number) in down {
            list.append(.init(id: number, location: touch.location(in: self), tapCount: touch.tapCount))
        }
        markers.show(list)
        shown = list
    }
}

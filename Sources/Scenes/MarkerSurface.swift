import TouchUI

/// A white surface with a finger marker under each of its touches: the job
/// `Benchmarks/vm/photon-qt.cpp`'s widget does, so that the touch-to-photon
/// benchmark compares the framework with Qt on the same work (the demo app
/// also paints strokes and a status line).
@MainActor
final class MarkerSurface: View {
    let markers: TouchMarkersView
    private var down: [Touch] = []
    private var numbers: [ObjectIdentifier: Int] = [:]
    private var nextNumber = 0

    override init(frame: Rect) {
        markers = TouchMarkersView(frame: Rect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        backgroundColor = .white
        isMultipleTouchEnabled = true
        addSubview(markers)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            numbers[ObjectIdentifier(touch)] = nextNumber
            nextNumber += 1
            down.append(touch)
        }
        showMarkers()
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { showMarkers() }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { lift(touches) }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { lift(touches) }

    private func lift(_ touches: Set<Touch>) {
        down.removeAll { touches.contains($0) }
        for touch in touches { numbers[ObjectIdentifier(touch)] = nil }
        showMarkers()
    }

    private func showMarkers() {
        var shown: [TouchMarkersView.Marker] = []
        shown.reserveCapacity(down.count)
        for touch in down {
            shown.append(.init(id: numbers[ObjectIdentifier(touch)] ?? 0, location: touch.location(in: self), tapCount: touch.tapCount))
        }
        markers.show(shown)
    }
}

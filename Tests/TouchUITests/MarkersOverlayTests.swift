import Testing
import TouchUI

/// The finger markers live in their window's overlay, wherever the view goes.
@MainActor
struct MarkersOverlayTests {
    @Test func markersFollowTheirViewIntoAnotherWindow() {
        let first = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let second = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let holder = View(frame: first.bounds)
        let markers = TouchMarkersView(frame: first.bounds)
        holder.addSubview(markers)
        first.addSubview(holder)
        let shown: [TouchMarkersView.Marker] = [.init(id: 1, location: Point(x: 50, y: 50))]
        markers.show(shown)
        #expect(first.overlay.showsAnything && !second.overlay.showsAnything)
        // The holder moves, not the markers' view: the next show takes them along.
        second.addSubview(holder)
        markers.show(shown)
        #expect(!first.overlay.showsAnything && second.overlay.showsAnything)
        // Hidden, they show nothing; shown again, they are back.
        markers.isHidden = true
        #expect(!second.overlay.showsAnything)
        markers.isHidden = false
        #expect(second.overlay.showsAnything)
        markers.show([])
        #expect(!second.overlay.showsAnything)
    }
}

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
        // The holder moves, not the markers' view: they go along at once.
        second.addSubview(holder)
        #expect(!first.overlay.showsAnything && second.overlay.showsAnything)
        // Out of any window, they are nowhere.
        holder.removeFromSuperview()
        #expect(!first.overlay.showsAnything && !second.overlay.showsAnything)
        second.addSubview(holder)
        #expect(second.overlay.showsAnything)
        // An ancestor hidden hides them by the next show, as it would hide the view.
        holder.isHidden = true
        markers.show(shown)
        #expect(!second.overlay.showsAnything)
        holder.isHidden = false
        markers.show(shown)
        #expect(second.overlay.showsAnything)
        // Hidden, they show nothing; shown again, they are back.
        markers.isHidden = true
        #expect(!second.overlay.showsAnything)
        markers.isHidden = false
        #expect(second.overlay.showsAnything)
        markers.show([])
        #expect(!second.overlay.showsAnything)
    }
}

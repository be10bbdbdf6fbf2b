import Testing
import TouchUI

/// UIActivityIndicatorView as documented: "call startAnimating() to start
/// the animation and stopAnimating() to stop it"; hidden when stopped if
/// hidesWhenStopped (the default); medium and large styles.
@MainActor
struct ActivityIndicatorViewTests {
    @Test func itTurnsWhileAnimatingAndHidesWhenStopped() throws {
        let app = Application()
        app.timeline = VirtualTimeline()
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app)
        window.backgroundColor = .white
        let spinner = ActivityIndicatorView(style: .large)
        #expect(spinner.intrinsicContentSize == Size(width: 37, height: 37))
        #expect(ActivityIndicatorView(style: .medium).intrinsicContentSize == Size(width: 20, height: 20))
        #expect(spinner.isHidden && !spinner.isAnimating, "hidden until started")
        spinner.center = Point(x: 50, y: 50)
        spinner.color = .black
        window.addSubview(spinner)
        spinner.startAnimating()
        #expect(!spinner.isHidden && spinner.isAnimating)

        let bitmap = try Bitmap(width: 100, height: 100)
        let context = GraphicsContext(bitmap: bitmap)
        /// How dark the spoke at twelve o'clock is drawn (0 white, 255 black).
        func topSpoke() -> Int {
            window.render(window.takeDamage(), in: context)
            return 255 - Int(bitmap.pixel(x: 50, y: 36).red)
        }
        let first = topSpoke()
        #expect(first > 200, "the brightest spoke starts at twelve o'clock")
        app.virtualTimeline.advance(to: 0.5 + 0.01)
        #expect(topSpoke() < first - 60, "half a turn later it is far behind the brightest")
        app.virtualTimeline.advance(to: 1.01)
        #expect(topSpoke() > 200, "a whole turn a second")

        spinner.stopAnimating()
        #expect(spinner.isHidden && !spinner.isAnimating)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden, "shown while stopped when asked")
    }
}

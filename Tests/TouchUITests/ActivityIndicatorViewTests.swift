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
        func topSpoke() -> Int { Self.topSpoke(of: window, in: bitmap) }
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

    /// The window drawn into `bitmap`, and how dark the spoke at twelve
    /// o'clock of a spinner centred at (50, 50) is (0 white, 255 black).
    static func topSpoke(of window: Window, in bitmap: Bitmap) -> Int {
        window.render(window.takeDamage(), in: GraphicsContext(bitmap: bitmap))
        return 255 - Int(bitmap.pixel(x: 50, y: 36).red)
    }

    /// Started before it was in a window, it turns once an ancestor brings it in (UIView's didMoveToWindow).
    @Test func anActivityIndicatorStartedOutOfAWindowTurnsOnceAnAncestorBringsItIn() throws {
        let app = Application()
        app.timeline = VirtualTimeline()
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app)
        window.backgroundColor = .white
        let holder = View(frame: window.bounds)
        let spinner = ActivityIndicatorView(style: .large)
        spinner.center = Point(x: 50, y: 50)
        spinner.color = .black
        holder.addSubview(spinner)
        spinner.startAnimating()
        window.addSubview(holder)

        let bitmap = try Bitmap(width: 100, height: 100)
        let first = Self.topSpoke(of: window, in: bitmap)
        app.virtualTimeline.advance(to: 0.51)
        #expect(Self.topSpoke(of: window, in: bitmap) < first - 60, "it turns")

        // Out of the window, its clock stops; nothing is left scheduled.
        holder.removeFromSuperview()
        let stillPending = app.virtualTimeline.pendingTimerCount
        #expect(stillPending == 0)
    }
}

import Testing
@testable import TouchUI

/// CALayer's `shouldRasterize`: "the layer is rendered as a bitmap in its
/// local coordinate space and then composited to the destination". Moving
/// the view composites the picture; a change inside draws it again.
@MainActor
struct RasterizationTests {
    final class Counter: View {
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            GraphicsGetCurrentContext()?.fill(bounds.insetBy(dx: 5, dy: 5), with: .red)
        }
    }

    let app = Application()

    func render(_ window: Window) throws -> Bitmap { try window.drawnAfresh() }

    @Test func aRasterizedViewMovesWithoutDrawingAgainAndLooksTheSame() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 100), application: app)
        window.backgroundColor = .white
        let card = View(frame: CGRect(x: 10, y: 10, width: 60, height: 60))
        card.backgroundColor = .blue
        let counter = Counter(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        card.addSubview(counter)
        window.addSubview(card)
        let drawn = try render(window)
        card.shouldRasterize = true
        let rasterized = try render(window)
        #expect(counter.draws == 2)
        for y in 0..<100 { for x in 0..<200 where drawn.pixel(x: x, y: y) != rasterized.pixel(x: x, y: y) { Issue.record("pixel \(x), \(y) differs"); return } }
        card.center.x += 100
        card.alpha = 0.5
        let moved = try render(window)
        #expect(counter.draws == 2, "moved and faded: composited from the picture")
        #expect(moved.pixel(x: 135, y: 35).distance(to: PixelColor(red: 255, green: 128, blue: 128)) <= 2, "half red over white")
        counter.setNeedsDisplay()
        _ = try render(window)
        #expect(counter.draws == 3, "a change inside draws the picture again")
        counter.frame.origin.x += 1
        _ = try render(window)
        #expect(counter.draws == 4, "so does a subview moving inside it")
    }

    /// All rasterized views' pictures stay within one memory limit: the
    /// picture used longest ago goes first, and a view whose picture cannot
    /// fit is drawn as usual. Either way the window looks the same.
    @Test func picturesStayWithinTheMemoryLimit() throws {
        let saved = View.rasterizationMemoryLimit
        defer { View.rasterizationMemoryLimit = saved }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 100), application: app)
        window.backgroundColor = .white
        let cards = (0..<3).map { index in
            let card = Counter(frame: CGRect(x: 10 + 100 * Double(index), y: 10, width: 80, height: 80))
            card.backgroundColor = .blue
            window.addSubview(card)
            return card
        }
        let drawn = try render(window)
        func sameAsDrawn(_ bitmap: Bitmap) -> Bool {
            for y in 0..<100 { for x in 0..<300 where drawn.pixel(x: x, y: y) != bitmap.pixel(x: x, y: y) { return false } }
            return true
        }
        let picture = 80 * 80 * 4
        // Room for two pictures of the three.
        View.rasterizationMemoryLimit = 2 * picture + picture / 2
        for card in cards { card.shouldRasterize = true }
        #expect(sameAsDrawn(try render(window)))
        #expect(View.rasterizationMemoryInUse <= View.rasterizationMemoryLimit)
        // The third does not fit beside the two this frame uses: it is drawn as usual, and takes no other's place.
        #expect(cards.map(\.rasterCache?.keptBytes) == [picture, picture, 0])
        let draws = cards.map(\.draws)
        #expect(sameAsDrawn(try render(window)))
        #expect(cards.map(\.draws) == [draws[0], draws[1], draws[2] + 1], "two composited, the third drawn: no picture taking turns")
        #expect(View.rasterizationMemoryInUse <= View.rasterizationMemoryLimit)

        // Once the first two are out of sight, the third's picture may take the place of the one used longest ago.
        cards[0].isHidden = true
        cards[1].isHidden = true
        _ = try render(window)
        cards[0].isHidden = false
        cards[1].isHidden = false
        #expect(cards[2].rasterCache?.keptBytes == picture)
        #expect(View.rasterizationMemoryInUse <= View.rasterizationMemoryLimit)
        // Lowering the limit lets go of pictures at once, those used longest ago first.
        View.rasterizationMemoryLimit = picture + picture / 2
        #expect(View.rasterizationMemoryInUse <= View.rasterizationMemoryLimit)
        #expect(cards[2].rasterCache?.keptBytes == picture, "the one used last stays")

        // Too little for any picture: every card is drawn as usual, and looks the same.
        View.rasterizationMemoryLimit = picture / 2
        for card in cards { card.setNeedsDisplay() }
        #expect(sameAsDrawn(try render(window)))
        #expect(cards.allSatisfy { ($0.rasterCache?.keptBytes ?? 0) == 0 })
    }

    /// A layer's backing store and the views' pictures share the one limit:
    /// room for two pictures holds a layer's store and one rasterized view,
    /// and a second rasterized view is drawn as usual rather than kept past it.
    @Test func layersStoresAndViewsPicturesShareTheLimit() throws {
        let saved = View.rasterizationMemoryLimit
        defer { View.rasterizationMemoryLimit = saved }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 100), application: app)
        window.backgroundColor = .white
        let holder = View(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        window.addSubview(holder)
        let dial = CALayer()
        dial.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        var dialDraws = 0
        dial.draw = { context in
            dialDraws += 1
            context.fill(CGRect(x: 10, y: 10, width: 60, height: 60), with: .green)
        }
        holder.layer.addSublayer(dial)
        let cards = (1...2).map { index in
            let card = Counter(frame: CGRect(x: 10 + 100 * Double(index), y: 10, width: 80, height: 80))
            card.backgroundColor = .blue
            window.addSubview(card)
            return card
        }
        // Other tests' pictures may still be kept: what this window adds is counted.
        let before = View.rasterizationMemoryInUse
        let drawn = try render(window)
        let picture = 80 * 80 * 4
        #expect(dialDraws == 1 && View.rasterizationMemoryInUse - before == picture, "the layer's store is counted")

        View.rasterizationMemoryLimit = 2 * picture + picture / 2
        for card in cards { card.shouldRasterize = true }
        let kept = try render(window)
        #expect(kept.firstDifference(from: drawn) == nil)
        #expect(View.rasterizationMemoryInUse <= View.rasterizationMemoryLimit)
        #expect(cards.map { $0.rasterCache?.keptBytes ?? 0 } == [picture, 0], "the second card does not fit beside the store and the first")
        let draws = cards.map(\.draws)
        #expect(try render(window).firstDifference(from: drawn) == nil)
        #expect(dialDraws == 1, "the store used in every frame is kept")
        #expect(cards.map(\.draws) == [draws[0], draws[1] + 1])

        // Lowered under the store and a picture, the one used longest ago goes at once.
        View.rasterizationMemoryLimit = picture + picture / 2
        #expect(View.rasterizationMemoryInUse <= View.rasterizationMemoryLimit)
        #expect(try render(window).firstDifference(from: drawn) == nil)
        #expect(View.rasterizationMemoryInUse <= View.rasterizationMemoryLimit)
    }

    /// A navigation push slides both screens as pictures: their views are not
    /// drawn again on every frame of the slide.
    /// With a compositor that keeps the last frame, the leaving screen's
    /// picture is copied from the screen: it is not drawn at all during the
    /// push, and every frame is the window as drawing it whole would give.
    @Test func theLeavingScreensPictureIsCopiedFromTheScreen() throws {
        app.timeline = VirtualTimeline()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 300), application: app)
        let first = ViewController(), second = ViewController()
        first.view.backgroundColor = .white
        second.view.backgroundColor = .systemYellow
        let firstCounter = Counter(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        let secondCounter = Counter(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        first.view.addSubview(firstCounter)
        second.view.addSubview(secondCounter)
        let navigation = NavigationController(rootViewController: first)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let screen = try Bitmap(width: 400, height: 300)
        let context = GraphicsContext(bitmap: screen)
        func frame() {
            window.layoutIfNeeded()  // as the compositor does first
            window.render(window.takeFrame(), in: context)
        }
        func sameAsWhole() throws -> Bool {
            let whole = try Bitmap(width: 400, height: 300)
            let wholeContext = GraphicsContext(bitmap: whole)
            window.render(Region(PixelRect(x: 0, y: 0, width: 400, height: 300)), in: wholeContext)
            wholeContext.flush()
            context.flush()
            for y in 0..<300 { for x in 0..<400 where whole.pixel(x: x, y: y).distance(to: screen.pixel(x: x, y: y)) > 2 { return false } }
            return true
        }
        frame()
        let drawsBefore = firstCounter.draws
        navigation.pushViewController(second, animated: true)
        var frames = 0
        while app.hasRunningAnimations {
            app.virtualTimeline.advance(to: app.virtualTimeline.now + 1.0 / 60)
            frame()
            #expect(try sameAsWhole(), "frame \(frames)")
            frames += 1
        }
        #expect(frames >= 20)
        #expect(firstCounter.draws == drawsBefore, "the leaving screen was copied, not drawn")
        // Without a kept frame (a context that draws afresh) it is drawn, as before.
        navigation.popViewController(animated: false)
        window.render(window.takeDamage(), in: context)
        let drawsAfterPop = firstCounter.draws
        navigation.pushViewController(ViewController(), animated: true)
        app.virtualTimeline.advance(to: app.virtualTimeline.now + 1.0 / 60)
        window.render(window.takeDamage(), in: context)
        #expect(firstCounter.draws > drawsAfterPop)
    }

    /// A view with subviews that slides or fades is drawn once into a
    /// picture for its animation, as Core Animation moves a layer; one that
    /// changes inside on every tick goes back to being drawn.
    @Test func anAnimatedViewIsDrawnOnceUnlessItKeepsChanging() throws {
        app.timeline = VirtualTimeline()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 200), application: app)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let card = View(frame: CGRect(x: 10, y: 10, width: 120, height: 120))
        card.backgroundColor = .systemBlue
        let counter = Counter(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        card.addSubview(counter)
        let busy = View(frame: CGRect(x: 150, y: 10, width: 120, height: 120))
        busy.backgroundColor = .systemGreen
        let busyCounter = Counter(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        busy.addSubview(busyCounter)
        window.addSubview(card)
        window.addSubview(busy)
        let screen = try Bitmap(width: 300, height: 200)
        let context = GraphicsContext(bitmap: screen)
        func frame() {
            window.layoutIfNeeded()
            window.render(window.takeFrame(), in: context)
        }
        frame()
        let drawn = (card: counter.draws, busy: busyCounter.draws)
        View.animate(withDuration: 0.5) {
            card.center.y += 60
            card.alpha = 0.6
            busy.center.y += 60
        }
        var ticks = 0
        while app.hasRunningAnimations {
            app.virtualTimeline.advance(to: app.virtualTimeline.now + 1.0 / 60)
            busyCounter.setNeedsDisplay()  // a spinner inside, say
            frame()
            ticks += 1
        }
        #expect(ticks >= 25)
        #expect(counter.draws - drawn.card <= 2, "drawn into its picture, then composited: \(counter.draws - drawn.card) draws")
        #expect(busyCounter.draws - drawn.busy >= ticks - 1, "drawn every tick, as its content changes every tick")
        #expect(!card.shouldRasterize && !busy.shouldRasterize, "no longer rasterized at rest")
        // At rest the picture is the window drawn whole.
        let whole = try Bitmap(width: 300, height: 200)
        window.render(Region(PixelRect(x: 0, y: 0, width: 300, height: 200)), in: GraphicsContext(bitmap: whole))
        context.flush()
        for y in 0..<200 { for x in 0..<300 where whole.pixel(x: x, y: y).distance(to: screen.pixel(x: x, y: y)) > 2 {
            Issue.record("pixel \(x), \(y) differs"); return
        } }
    }

    /// A plain tinted view fading (a sheet's dimming) is its colour at the
    /// lower alpha: the same pixels as a transparency layer gives, within a level.
    @Test func aFadingTintIsFilledStraight() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 40, height: 40), application: app)
        window.backgroundColor = .systemYellow
        let tint = View(frame: window.bounds)
        tint.backgroundColor = Color(white: 0, alpha: 0.4)
        tint.alpha = 0.5
        window.addSubview(tint)
        let picture = try render(window)
        // Black at 0.4 x 0.5 over yellow (255, 204, 0): 80 % of it.
        #expect(picture.pixel(x: 20, y: 20).distance(to: PixelColor(red: 204, green: 163, blue: 0)) <= 1, "\(picture.pixel(x: 20, y: 20))")
    }

    /// The framework's pictures (an animation's, a push's, a sheet's) are
    /// taken and given back however their transitions overlap, and the
    /// app's own `shouldRasterize` is left as the app set it.
    @Test func theFrameworkGivesBackEveryPictureItTakes() {
        app.timeline = VirtualTimeline()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 300), application: app)
        let first = ViewController(), second = ViewController()
        first.view.addSubview(Counter(frame: CGRect(x: 20, y: 20, width: 100, height: 100)))
        second.view.addSubview(Counter(frame: CGRect(x: 20, y: 20, width: 100, height: 100)))
        let navigation = NavigationController(rootViewController: first)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        func settle() {
            for _ in 0..<120 where app.hasRunningAnimations { app.virtualTimeline.advance(to: app.virtualTimeline.now + 1.0 / 60) }
        }
        // The app's own picture survives an animation of the view.
        let card = View(frame: CGRect(x: 200, y: 20, width: 100, height: 100))
        card.addSubview(View(frame: CGRect(x: 10, y: 10, width: 20, height: 20)))
        first.view.addSubview(card)
        card.shouldRasterize = true
        View.animate(withDuration: 0.2) { card.center.y += 50 }
        settle()
        #expect(card.shouldRasterize && card.isRasterized)
        card.removeFromSuperview()
        // A push while a fade holds the leaving screen's picture.
        View.animate(withDuration: 0.3) { first.view.alpha = 0.5 }
        app.virtualTimeline.advance(to: app.virtualTimeline.now + 0.05)
        navigation.pushViewController(second, animated: true)
        settle()
        #expect(!first.view.isRasterized && !second.view.isRasterized && !first.view.shouldRasterize)
        // A sheet dismissed while it is still coming in.
        let sheet = ViewController()
        sheet.view.addSubview(View(frame: CGRect(x: 10, y: 10, width: 20, height: 20)))
        navigation.present(sheet, animated: true)
        app.virtualTimeline.advance(to: app.virtualTimeline.now + 0.05)
        sheet.dismiss(animated: true)
        settle()
        #expect(!navigation.view.isRasterized && !sheet.view.isRasterized && !second.view.isRasterized)
        #expect(navigation.presentedViewController == nil)
    }

    @Test func aPushSlidesPicturesNotViews() {
        app.timeline = VirtualTimeline()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 300), application: app)
        let first = ViewController(), second = ViewController()
        let firstCounter = Counter(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        let secondCounter = Counter(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        first.view.addSubview(firstCounter)
        second.view.addSubview(secondCounter)
        let navigation = NavigationController(rootViewController: first)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let bitmap = try! Bitmap(width: 400, height: 300)
        func frame() { window.render(window.takeDamage(), in: GraphicsContext(bitmap: bitmap)) }
        frame()
        navigation.pushViewController(second, animated: true)
        var frames = 0
        while app.hasRunningAnimations {
            app.virtualTimeline.advance(to: app.virtualTimeline.now + 1.0 / 60)
            frame()
            frames += 1
        }
        #expect(frames >= 20)
        #expect(secondCounter.draws <= 2 && firstCounter.draws <= 3, "drawn once into the pictures, not \(frames) times")
        #expect(!first.view.shouldRasterize && !second.view.shouldRasterize, "and no longer rasterized once still")
        #expect(second.view.rasterCache == nil)
    }

    /// A change made while a rasterized view is off the window is drawn when it comes back.
    @Test func aChangeOffTheWindowIsNotLostInThePicture() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100), application: app)
        let card = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        card.shouldRasterize = true
        let counter = Counter(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        card.addSubview(counter)
        window.addSubview(card)
        _ = try render(window)
        card.removeFromSuperview()
        counter.setNeedsDisplay()
        window.addSubview(card)
        _ = try render(window)
        #expect(counter.draws == 2)
    }
}

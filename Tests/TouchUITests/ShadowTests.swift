import Testing
@testable import TouchUI

/// CALayer's shadow, set through `view.layer`: blurred once, kept, and
/// composited under the view on every frame after.
@MainActor
struct ShadowTests {
    let app = Application()

    func render(_ window: Window) throws -> Bitmap { try window.drawnAfresh() }

    func difference(_ a: Bitmap, _ b: Bitmap) -> String? { a.firstDifference(from: b) }

    func card(in window: Window) -> View {
        let card = View(frame: CGRect(x: 50, y: 50, width: 100, height: 60))
        card.backgroundColor = .blue
        card.layer.cornerRadius = 8
        card.layer.shadowOpacity = 0.5
        card.layer.shadowOffset = CGSize(width: 0, height: 6)
        card.layer.shadowRadius = 4
        window.addSubview(card)
        return card
    }

    func whiteWindow() -> Window { Window.white(application: app) }

    @Test func aCardCastsASoftShadowWhereItsOffsetPutsIt() throws {
        let window = whiteWindow()
        _ = card(in: window)
        let screen = try render(window)
        let under = screen.pixel(x: 100, y: 112)
        #expect(under.red < 200 && under.red > 100 && under.red == under.blue, "grey under the card's bottom edge: \(under)")
        #expect(screen.pixel(x: 100, y: 122).red > under.red)
        #expect(screen.pixel(x: 100, y: 135) == PixelColor(red: 255, green: 255, blue: 255), "nothing past the blur's reach")
        #expect(screen.pixel(x: 100, y: 80) == PixelColor(red: 0, green: 0, blue: 255), "under the card, not over it")
        // Offset 6 down with a reach of 7: the top edge's shadow barely shows above the card.
        #expect(screen.pixel(x: 100, y: 49).red > screen.pixel(x: 100, y: 112).red)
    }

    @Test func noShadowUntilItHasOpacityAndNoneWhenTheLayerMasksToBounds() throws {
        let window = whiteWindow()
        let card = card(in: window)
        card.layer.shadowOpacity = 0
        let white = PixelColor(red: 255, green: 255, blue: 255)
        #expect(try render(window).pixel(x: 100, y: 112) == white)
        card.layer.shadowOpacity = 0.5
        #expect(try render(window).pixel(x: 100, y: 112) != white)
        card.layer.masksToBounds = true
        #expect(try render(window).pixel(x: 100, y: 112) == white, "clipped away, as on iOS")
        card.layer.masksToBounds = false
        card.layer.shadowColor = nil
        #expect(try render(window).pixel(x: 100, y: 112) == white)
    }

    @Test func movingOrFadingTheViewCompositesTheSameShadow() throws {
        let window = whiteWindow()
        let card = card(in: window)
        _ = try render(window)
        let picture = try #require(card.shadowPicture)
        card.center.x += 30
        card.alpha = 0.7
        _ = try render(window)
        #expect(card.shadowPicture === picture, "blurred once")
        card.layer.shadowRadius = 6
        _ = try render(window)
        #expect(card.shadowPicture !== picture, "a new radius blurs again")
    }

    /// A shadow cast by the content: a clear view casts its subviews' shape.
    @Test func aClearViewCastsTheShadowOfWhatItDraws() throws {
        let window = whiteWindow()
        let holder = View(frame: CGRect(x: 40, y: 40, width: 160, height: 100))
        holder.layer.shadowOpacity = 1
        holder.layer.shadowOffset = CGSize(width: 0, height: 0)
        holder.layer.shadowRadius = 0
        let square = View(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        square.backgroundColor = .red
        holder.addSubview(square)
        window.addSubview(holder)
        holder.layer.shadowOffset = CGSize(width: 30, height: 0)
        let screen = try render(window)
        #expect(screen.pixel(x: 75, y: 50) == PixelColor(red: 0, green: 0, blue: 0), "the square's shadow, 30 to the right")
        #expect(screen.pixel(x: 120, y: 90) == PixelColor(red: 255, green: 255, blue: 255), "the clear rest casts nothing")
        // The same with a path: the path alone casts.
        holder.layer.shadowPath = BezierPath(rect: CGRect(x: 100, y: 40, width: 20, height: 20)).cgPath
        let pathed = try render(window)
        #expect(pathed.pixel(x: 75, y: 50) == PixelColor(red: 255, green: 255, blue: 255))
        #expect(pathed.pixel(x: 175, y: 85) == PixelColor(red: 0, green: 0, blue: 0))
    }

    /// Whatever changes, the screen kept and repainted only where damaged
    /// looks exactly like the window drawn afresh.
    @Test func whatIsRepaintedMatchesTheWindowDrawnAfresh() throws {
        let window = whiteWindow()
        let card = card(in: window)
        let label = Label(frame: CGRect(x: 10, y: 10, width: 80, height: 20))
        // Centred, so that no glyph's edge reaches past the label (a label
        // repaints its bounds when its text changes).
        label.textAlignment = .center
        label.text = "Tea"
        card.addSubview(label)
        let kept = try render(window)
        func step(_ what: String, _ change: () -> Void) throws {
            change()
            if let difference = try window.repaintDifference(in: kept) { Issue.record("after \(what): \(difference)") }
        }
        try step("a move") { card.center.y += 13 }
        try step("a new radius") { card.layer.shadowRadius = 7 }
        try step("a new offset") { card.layer.shadowOffset = CGSize(width: 9, height: -4) }
        try step("new text on the card") { label.text = "Coffee" }
        try step("a clear card: its content casts") { card.backgroundColor = nil }
        try step("new text, casting anew") { label.text = "Milk" }
        try step("the label sticking out") { label.frame.origin.x = 70 }
        try step("the label hidden") { label.isHidden = true }
        try step("a rounder card") { card.backgroundColor = .green; card.layer.cornerRadius = 20 }
        try step("a path") { card.layer.shadowPath = BezierPath(ovalIn: card.bounds).cgPath }
        try step("masks to bounds") { card.layer.masksToBounds = true }
        try step("unmasked and faded") { card.layer.masksToBounds = false; card.alpha = 0.5 }
        try step("no shadow") { card.layer.shadowOpacity = 0 }
    }

    /// Under an opaque card only the shadow's edges are blended; the
    /// screen is the same as the whole shadow blended under the card.
    @Test func theShadowHiddenUnderAnOpaqueCardIsNotBlendedAndNothingShows() throws {
        let window = whiteWindow()
        let card = card(in: window)
        let outlined = try render(window)
        card.layer.shadowPath = BezierPath(roundedRect: card.bounds, cornerRadius: 8).cgPath
        let pathed = try render(window)
        #expect(difference(outlined, pathed) == nil)
        if case .outline = card.shadowPicture?.key.source { Issue.record("the path casts the second shadow") }
    }

    /// A screen of like cards blurs once.
    @Test func alikeShadowsShareOnePicture() throws {
        let window = whiteWindow()
        let first = card(in: window), second = card(in: window), third = card(in: window)
        second.center.x += 20
        third.bounds.size.width += 10
        _ = try render(window)
        #expect(first.shadowPicture != nil && first.shadowPicture === second.shadowPicture, "the same shape, colour and blur")
        #expect(third.shadowPicture !== first.shadowPicture, "another size is another shadow")
        let clear = View(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        clear.layer.shadowOpacity = 0.5
        clear.layer.shadowOffset = CGSize(width: 0, height: 6)
        clear.layer.shadowRadius = 4
        let inside = View(frame: clear.bounds)
        inside.backgroundColor = .blue
        clear.addSubview(inside)
        window.addSubview(clear)
        _ = try render(window)
        #expect(clear.shadowPicture?.followsContent == true && clear.shadowPicture !== first.shadowPicture, "a content's shadow is its own")
        clear.removeFromSuperview()
        #expect(clear.shadowPicture == nil, "let go out of the window")
    }

    /// Mid-animation the shadow is drawn where the presentation is: a
    /// change to it then, or the view shrinking, leaves nothing behind.
    @Test func aShadowChangedMidAnimationLeavesNoGhost() throws {
        app.timeline = VirtualTimeline()
        let window = whiteWindow()
        window.makeKeyAndVisible()
        let card = card(in: window)
        let kept = try render(window)
        func check(_ what: String) throws {
            if let difference = try window.repaintDifference(in: kept) { Issue.record("\(what): \(difference)") }
        }
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { card.center.x += 60 }, completion: nil)
        app.virtualTimeline.advance(to: 0.5)
        try check("halfway")
        card.layer.shadowRadius = 1
        try check("a smaller shadow mid-animation")
        app.virtualTimeline.advance(to: 0.7)
        card.layer.shadowOpacity = 0
        try check("no shadow mid-animation")
        card.layer.shadowOpacity = 0.5
        app.virtualTimeline.advance(to: 2)
        try check("ended")
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { card.bounds.size = CGSize(width: 40, height: 30) }, completion: nil)
        for time in [2.3, 2.6, 3.5] {
            app.virtualTimeline.advance(to: time)
            try check("shrinking at \(time)")
        }
    }

    @Test func anEndlessRadiusIsTheSoftestShadowNotACrash() throws {
        let window = whiteWindow()
        let card = card(in: window)
        card.layer.shadowRadius = .infinity
        _ = try render(window)
        card.layer.shadowRadius = .nan
        _ = try render(window)
        #expect(Bitmap.shadowReach(radius: .infinity) == Bitmap.shadowReach(radius: 200))
    }

    /// A card's shadow is a small blurred outline stretched: exactly the
    /// shadow of the whole card blurred, whatever its size and corners.
    @Test func aStretchedShadowIsTheWholeOutlineBlurred() throws {
        let window = whiteWindow()
        for (size, radius, corners, blur) in [
            (CGSize(width: 200, height: 150), 12.0, CornerMask.all, 4.0),
            (CGSize(width: 230, height: 40), 12.5, [.layerMinXMinYCorner, .layerMaxXMaxYCorner], 3.0),
            (CGSize(width: 180, height: 170), 0.0, CornerMask.all, 7.0),
        ] {
            let card = View(frame: CGRect(origin: .zero, size: size))
            card.backgroundColor = .white
            card.layer.cornerRadius = radius
            card.layer.maskedCorners = corners
            card.layer.shadowOpacity = 0.4
            card.layer.shadowRadius = blur
            window.addSubview(card)
            _ = try render(window)
            let stretched = try #require(card.shadowPicture?.bitmap)
            let caster = try Bitmap(width: Int(size.width), height: Int(size.height), opaque: false)
            GraphicsContext(bitmap: caster).fill(card.shape, with: .black)
            let whole = try caster.shadow(color: Color.black.withAlphaComponent(0.4), radius: blur)
            #expect(stretched.width == whole.width && stretched.height == whole.height)
            if let difference = stretched.firstDifference(from: whole) { Issue.record("\(size), radius \(radius): \(difference)") }
            card.removeFromSuperview()
        }
    }

    @Test func aRasterizedViewKeepsItsShadowInItsPicture() throws {
        let window = whiteWindow()
        let card = card(in: window)
        let drawn = try render(window)
        card.layer.shouldRasterize = true
        let rasterized = try render(window)
        #expect(difference(drawn, rasterized) == nil)
        #expect((card.rasterCache?.extent.maxY ?? 0) > card.bounds.maxY, "the picture holds the shadow below the card")
    }
}

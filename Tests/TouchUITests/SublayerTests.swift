import Testing
@testable import TouchUI

/// Layers an app adds to a view's layer: drawn in their place among the
/// subviews, repainted when they change, as on iOS.
@MainActor
struct SublayerTests {
    let app = Application()
    let red = PixelColor(red: 255, green: 0, blue: 0)
    let blue = PixelColor(red: 0, green: 0, blue: 255)
    let green = PixelColor(red: 0, green: 255, blue: 0)
    let white = PixelColor(red: 255, green: 255, blue: 255)

    /// A 200 x 160 view at (20, 20) of a white window.
    func card(in window: Window) -> View {
        let card = View(frame: CGRect(x: 20, y: 20, width: 200, height: 160))
        window.addSubview(card)
        return card
    }

    func square(_ color: Color, _ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    /// The everyday backdrop: a gradient inserted at 0, behind the content.
    @Test func aGradientAtZeroIsBehindTheSubviews() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        let label = View(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        label.backgroundColor = .blue
        card.addSubview(label)
        let gradient = CAGradientLayer()
        gradient.frame = card.bounds
        gradient.colors = [Color.red.cgColor, Color.red.cgColor]
        card.layer.insertSublayer(gradient, at: 0)
        #expect(card.layer.sublayers?.count == 1)
        let screen = try window.drawnAfresh()
        #expect(screen.pixel(x: 40, y: 40) == blue, "the subview in front")
        #expect(screen.pixel(x: 150, y: 100) == red, "the gradient around it")
        #expect(screen.pixel(x: 10, y: 10) == white, "nothing outside the layer")
    }

    /// addSublayer goes in front of the subviews there; a subview added after goes in front of it.
    @Test func layersAndSubviewsStackInTheOrderAdded() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        let first = View(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        first.backgroundColor = .blue
        card.addSubview(first)
        card.layer.addSublayer(square(.red, CGRect(x: 30, y: 30, width: 60, height: 60)))
        let second = View(frame: CGRect(x: 60, y: 60, width: 60, height: 60))
        second.backgroundColor = .green
        card.addSubview(second)
        let screen = try window.drawnAfresh()
        #expect(screen.pixel(x: 20 + 45, y: 20 + 45) == red, "the layer over the first subview")
        #expect(screen.pixel(x: 20 + 75, y: 20 + 75) == green, "the later subview over the layer")
        // Placed next to a subview's layer, as `insertSublayer(_:below: label.layer)`.
        let under = square(.green, CGRect(x: 0, y: 100, width: 40, height: 40))
        let blueBar = View(frame: CGRect(x: 10, y: 110, width: 20, height: 20))
        blueBar.backgroundColor = .blue
        card.addSubview(blueBar)
        card.layer.insertSublayer(under, below: blueBar.layer)
        let again = try window.drawnAfresh()
        #expect(again.pixel(x: 20 + 20, y: 20 + 120) == blue, "the bar in front of the layer put below it")
        #expect(again.pixel(x: 20 + 5, y: 20 + 105) == green)
        card.layer.insertSublayer(under, above: blueBar.layer)
        #expect(try window.drawnAfresh().pixel(x: 20 + 20, y: 20 + 120) == green)
    }

    /// The subview a layer sits above leaves: the layer stays above the one under it.
    @Test func aLayerKeepsItsPlaceWhenTheSubviewUnderItLeaves() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        let bottom = View(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        bottom.backgroundColor = .blue
        let middle = View(frame: CGRect(x: 100, y: 0, width: 20, height: 20))
        card.addSubview(bottom)
        card.addSubview(middle)
        card.layer.addSublayer(square(.red, CGRect(x: 20, y: 20, width: 20, height: 20)))
        middle.removeFromSuperview()
        #expect(try window.drawnAfresh().pixel(x: 20 + 30, y: 20 + 30) == red, "still in front of the bottom subview")
        guard let entries = card.hostedLayers?.entries(of: card) else { Issue.record("no hosted layers"); return }
        #expect(entries.count == 2)
        if case .subview(let view) = entries[0] { #expect(view === bottom) } else { Issue.record("the subview first") }
    }

    /// A shape reaching past the view's bounds is drawn, repainted where it
    /// was and is when it changes, and the kept screen matches a fresh one.
    @Test func changesRepaintWhatTheLayersCover() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        card.backgroundColor = .blue
        let ring = CAShapeLayer()
        ring.position = CGPoint(x: 0, y: 0)
        ring.path = BezierPath(ovalIn: CGRect(x: -15, y: -15, width: 30, height: 30)).cgPath
        ring.fillColor = nil
        ring.strokeColor = .red
        ring.lineWidth = 4
        ring.lineJoin = .round
        card.layer.addSublayer(ring)
        let kept = try window.drawnAfresh()
        #expect(kept.pixel(x: 20 - 15, y: 20) == red, "the ring's left, outside the card")
        let changes: [(String, () -> Void)] = [
            ("strokeEnd", { ring.strokeEnd = 0.3 }),
            ("moved", { ring.position = CGPoint(x: 120, y: 90) }),
            ("path", { ring.path = BezierPath(rect: CGRect(x: -40, y: -10, width: 80, height: 20)).cgPath }),
            ("width", { ring.lineWidth = 12 }),
            ("hidden", { ring.isHidden = true }),
            ("shown", { ring.isHidden = false }),
            ("a gradient added", {
                let gradient = GradientLayer()
                gradient.frame = CGRect(x: 150, y: -10, width: 80, height: 40)
                gradient.colors = [.green, .red]
                card.layer.insertSublayer(gradient, at: 0)
            }),
            ("the card moved", { card.frame.origin = CGPoint(x: 10, y: 30) }),
            ("the gradient's colours", { (card.layer.sublayers?.first as? GradientLayer)?.colors = [.blue, .green] }),
            ("removed", { ring.removeFromSuperlayer() }),
            ("all removed", { card.layer.sublayers?.forEach { $0.removeFromSuperlayer() } }),
        ]
        for (name, change) in changes {
            change()
            let difference = try window.repaintDifference(in: kept)
            #expect(difference == nil, "after \(name): \(difference ?? "")")
        }
        #expect(card.layer.sublayers == nil)
    }

    /// An app's own layer casts a shadow, past the view's bounds too; each
    /// change to it or its layer repaints what drawing afresh gives.
    @Test func anAddedLayersShadowIsDrawnAndRepainted() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        let badge = square(.blue, CGRect(x: 170, y: -10, width: 40, height: 40))
        badge.shadowColor = .red
        badge.shadowOpacity = 1
        badge.shadowRadius = 0
        badge.shadowOffset = CGSize(width: 10, height: 10)
        card.layer.addSublayer(badge)
        let kept = try window.drawnAfresh()
        #expect(kept.pixel(x: 20 + 215, y: 20 + 25) == red, "the shadow past the card's right edge")
        #expect(kept.pixel(x: 20 + 190, y: 20 + 10) == blue, "the badge over its shadow")
        let changes: [(String, () -> Void)] = [
            ("moved", { badge.position = CGPoint(x: 100, y: 150) }),
            ("offset", { badge.shadowOffset = CGSize(width: -8, height: 4) }),
            ("blurred", { badge.shadowRadius = 5 }),
            ("a path", { badge.shadowPath = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)).cgPath }),
            ("a sublayer", { badge.addSublayer(self.square(.green, CGRect(x: 30, y: 30, width: 20, height: 20))) }),
            ("no path", { badge.shadowPath = nil }),
            ("masked", { badge.masksToBounds = true }),
            ("unmasked", { badge.masksToBounds = false }),
            ("faded", { badge.opacity = 0.5 }),
            ("gone", { badge.shadowOpacity = 0 }),
        ]
        for (name, change) in changes {
            change()
            let difference = try window.repaintDifference(in: kept)
            #expect(difference == nil, "after \(name): \(difference ?? "")")
        }
    }

    @Test func clipsToBoundsCutsTheLayers() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        card.layer.addSublayer(square(.red, CGRect(x: -10, y: -10, width: 40, height: 40)))
        #expect(try window.drawnAfresh().pixel(x: 15, y: 15) == red)
        card.layer.masksToBounds = true
        let screen = try window.drawnAfresh()
        #expect(screen.pixel(x: 15, y: 15) == white)
        #expect(screen.pixel(x: 25, y: 25) == red)
    }

    /// A layer that draws itself is drawn once and kept: moving it composites.
    @Test func aLayerThatDrawsItselfIsDrawnOnce() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        let dial = CALayer()
        dial.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        var draws = 0
        dial.draw = { context in
            draws += 1
            context.fill(CGRect(x: 0, y: 0, width: 50, height: 50), with: .red)
        }
        card.layer.addSublayer(dial)
        let kept = try window.drawnAfresh()
        #expect(draws == 1 && kept.pixel(x: 40, y: 40) == red)
        for step in 1...5 {
            dial.position = CGPoint(x: 35 + 10 * step, y: 35)
            #expect(try window.repaintDifference(in: kept) == nil)
        }
        #expect(draws == 1, "moved five times and drawn afresh six: drawn once")
    }

    /// A rasterized ancestor's picture holds the layers; a change to one draws it again.
    @Test func aRasterizedAncestorSeesTheChange() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        card.layer.shouldRasterize = true
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        shape.path = BezierPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50)).cgPath
        shape.fillColor = .red
        card.layer.addSublayer(shape)
        let kept = try window.drawnAfresh()
        #expect(kept.pixel(x: 40, y: 40) == red)
        shape.fillColor = .blue
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.pixel(x: 40, y: 40) == blue)
    }

    /// A subview moved among its siblings leaves the added layers where they
    /// were among the rest, as sibling layers stay on iOS, and repaints right.
    @Test func layersKeepTheirPlaceWhenASubviewMoves() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        let a = View(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        a.backgroundColor = .blue
        let b = View(frame: CGRect(x: 40, y: 0, width: 60, height: 60))
        b.backgroundColor = .green
        card.addSubview(a)
        let between = square(.red, CGRect(x: 30, y: 30, width: 60, height: 60))
        card.layer.addSublayer(between)
        card.addSubview(b)
        let kept = try window.drawnAfresh()
        #expect(kept.pixel(x: 20 + 50, y: 20 + 50) == green, "b over the layer")
        #expect(kept.pixel(x: 20 + 35, y: 20 + 35) == red, "the layer over a")
        // a to the front: the layer stays under b, so it is under a too.
        card.bringSubviewToFront(a)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.pixel(x: 20 + 35, y: 20 + 35) == blue)
        #expect(kept.pixel(x: 20 + 50, y: 20 + 70) == red, "where neither covers it")
        // A layer put at 1 goes just above the first one, whatever order the moves left.
        let next = square(.green, CGRect(x: 0, y: 120, width: 10, height: 10))
        card.layer.insertSublayer(next, at: 1)
        guard let entries = card.hostedLayers?.entries(of: card), entries.count == 4 else {
            Issue.record("four entries")
            return
        }
        if case .layer(let first) = entries[0], case .layer(let second) = entries[1] {
            #expect(first === between && second === next)
        } else {
            Issue.record("the two layers first")
        }
        #expect(card.layer.sublayers?.count == 2)
    }

    /// A shape with no frame loses its fill: where it was is repainted
    /// (its extent is gone after the change, so it is taken before).
    @Test func aFillTakenAwayIsRepainted() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        let dot = CAShapeLayer()
        dot.position = CGPoint(x: 50, y: 50)
        dot.path = BezierPath(ovalIn: CGRect(x: -20, y: -20, width: 40, height: 40)).cgPath
        dot.fillColor = .red
        card.layer.addSublayer(dot)
        let kept = try window.drawnAfresh()
        #expect(kept.pixel(x: 70, y: 70) == red)
        dot.fillColor = nil
        #expect(try window.repaintDifference(in: kept) == nil)
        let gradient = GradientLayer()
        gradient.frame = CGRect(x: 100, y: 20, width: 40, height: 40)
        gradient.colors = [.red, .blue]
        card.layer.addSublayer(gradient)
        #expect(try window.repaintDifference(in: kept) == nil)
        gradient.colors = nil
        #expect(try window.repaintDifference(in: kept) == nil)
    }

    /// A layer drawing itself with an adaptive colour draws again when the app goes dark.
    @Test func aLayerThatDrawsItselfFollowsTheAppearance() throws {
        let window = Window.white(application: app)
        let card = card(in: window)
        let swatch = CALayer()
        swatch.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let adaptive = Color(light: .red, dark: .blue)
        swatch.draw = { context in context.fill(CGRect(x: 0, y: 0, width: 40, height: 40), with: adaptive) }
        card.layer.addSublayer(swatch)
        let kept = try window.drawnAfresh()
        #expect(kept.pixel(x: 30, y: 30) == red)
        app.userInterfaceStyle = .dark
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.pixel(x: 30, y: 30) == blue)
    }
}

import Testing

@testable import TouchUI

/// Views drawing into an offscreen bitmap: each visual property, and the
/// damage each change leaves for the compositor.
@MainActor
struct ViewDrawingTests {
    let window: Window
    let bitmap: Bitmap
    let context: GraphicsContext

    init() throws {
        window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: Application())
        window.backgroundColor = .white
        bitmap = try Bitmap(width: 100, height: 100)
        context = GraphicsContext(bitmap: bitmap)
    }

    func render() {
        window.render(window.takeDamage(), in: context)
    }

    func pixel(_ x: Int, _ y: Int) -> PixelColor { bitmap.pixel(x: x, y: y) }

    @Test func backgroundsDrawBackToFrontInTheirFrames() {
        let gray = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        gray.backgroundColor = .gray
        let red = View(frame: Rect(x: 20, y: 20, width: 10, height: 10))
        red.backgroundColor = .red
        window.addSubview(gray)
        gray.addSubview(red)
        render()
        #expect(pixel(5, 5) == Color.white.pixel)
        #expect(pixel(15, 15).distance(to: Color.gray.pixel) <= 1)
        #expect(pixel(35, 35) == Color.red.pixel)  // 10+20+5
        #expect(pixel(29, 29) == Color.gray.pixel || pixel(29, 29).distance(to: Color.gray.pixel) <= 1)
    }

    /// UIBezierPath in draw(_:): fill() and stroke() use the colours set with
    /// setFill() and setStroke(); "the default fill color is black", and what one
    /// view sets does not leak into the next; addClip() limits what follows.
    @Test func bezierPathsDrawInTheColoursSetForThem() {
        final class Painter: View {
            var paint: () -> Void = {}
            override func draw(_ rect: Rect) { paint() }
        }
        let first = Painter(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        first.paint = {
            Color.red.setFill()
            BezierPath(rect: Rect(x: 0, y: 0, width: 20, height: 20)).fill()
            let ring = BezierPath(ovalIn: Rect(x: 25, y: 25, width: 20, height: 20))
            ring.lineWidth = 4
            Color.blue.setStroke()
            ring.stroke()
        }
        let second = Painter(frame: Rect(x: 50, y: 0, width: 50, height: 50))
        second.paint = {
            BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10)).fill()
            BezierPath(ovalIn: Rect(x: 20, y: 20, width: 20, height: 20)).addClip()
            Color.green.setFill()
            BezierPath(rect: Rect(x: 20, y: 20, width: 20, height: 20)).fill()
        }
        window.addSubview(first)
        window.addSubview(second)
        render()
        #expect(pixel(10, 10) == Color.red.pixel)
        #expect(pixel(35, 26) == Color.blue.pixel, "the ring's top edge")
        #expect(pixel(35, 35) == Color.white.pixel, "a stroke is not a fill")
        #expect(pixel(55, 5) == Color.black.pixel, "the next view starts from black, not red")
        #expect(pixel(80, 80) == Color.white.pixel)
        #expect(pixel(80, 30) == Color.green.pixel, "inside the clip")
        #expect(pixel(71, 21) == Color.white.pixel, "the square's corner is outside the round clip")
    }

    /// A quadratic curve's path ends where it was sent, and an arc's current point is its end.
    @Test func aPathKnowsWhereItsNextSegmentStarts() {
        let path = BezierPath()
        #expect(path.currentPoint == nil && path.isEmpty)
        path.move(to: Point(x: 0, y: 0))
        path.addQuadCurve(to: Point(x: 10, y: 0), controlPoint: Point(x: 5, y: 10))
        #expect(path.currentPoint == Point(x: 10, y: 0))
        path.close()
        #expect(path.currentPoint == Point(x: 0, y: 0), "closing goes back to where the subpath began")
        let arc = BezierPath(arcCenter: Point(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(arc.currentPoint!.x) < 1e-9 && abs(arc.currentPoint!.y - 10) < 1e-9, "clockwise on screen: down")
    }

    @Test func hiddenViewsAndTheirSubviewsDoNotDraw() {
        let view = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        view.backgroundColor = .blue
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        child.backgroundColor = .red
        view.addSubview(child)
        window.addSubview(view)
        view.isHidden = true
        render()
        #expect(pixel(5, 5) == Color.white.pixel)
        #expect(pixel(30, 30) == Color.white.pixel)
    }

    @Test func alphaAppliesToAViewAndItsSubviewsAsOne() {
        let view = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        view.backgroundColor = .red
        let child = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        child.backgroundColor = .blue
        view.addSubview(child)
        window.addSubview(view)
        view.alpha = 0.5
        render()
        // Over white: red at half is (255, 128, 128); the child is blue at half, not blue over red.
        #expect(pixel(30, 30).distance(to: PixelColor(red: 255, green: 128, blue: 128)) <= 1)
        #expect(pixel(10, 10).distance(to: PixelColor(red: 128, green: 128, blue: 255)) <= 1)
    }

    @Test func clipsToBoundsCutsSubviewsAndCornerRadiusRoundsTheBackground() {
        let view = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        view.backgroundColor = .blue
        view.cornerRadius = 15
        let child = View(frame: Rect(x: 20, y: 20, width: 60, height: 60))
        child.backgroundColor = .red
        view.addSubview(child)
        window.addSubview(view)
        render()
        #expect(pixel(11, 11) == Color.white.pixel)  // the rounded corner
        #expect(pixel(70, 70) == Color.red.pixel)  // not clipped yet
        view.clipsToBounds = true
        render()
        #expect(pixel(70, 70) == Color.white.pixel)
        #expect(pixel(40, 40) == Color.red.pixel)
        #expect(pixel(48, 48) == Color.white.pixel)  // the child is cut by the rounded corner too
    }

    /// Away from its rounded corners, a view that clips to them is clipped
    /// to its bounds (which cairo can list, so text comes from its picture),
    /// and its background and border are filled as rectangles: a repaint
    /// there gives the pixels of a repaint of it whole, at whole pixels and
    /// at fractions of one (where the rounded shape is still used).
    @Test(arguments: [Point(x: 10, y: 20), Point(x: 10.5, y: 20.25)], [CornerMask.all, .top])
    func aRoundedViewRepaintedAwayFromItsCornersGivesTheWholeRepaintsPixels(_ origin: Point, _ corners: CornerMask) throws {
        // Its background and border too are painted as rectangles there, where the border is whole pixels wide.
        for (borderWidth, clips) in [(2.0, true), (1.0, false), (0.5, true)] {
        for view in window.subviews { view.removeFromSuperview() }
        let card = View(frame: Rect(origin: origin, size: Size(width: 80, height: 60)))
        card.backgroundColor = .blue
        card.cornerRadius = 12
        card.maskedCorners = corners
        card.clipsToBounds = clips
        card.borderWidth = borderWidth
        card.borderColor = .red
        let label = Label(frame: Rect(x: 4, y: 18, width: 90, height: 24))
        label.text = "Flat white, oat milk"
        label.textColor = .white
        // Across both straight sides, where the clip cuts it.
        let bar = View(frame: Rect(x: -5, y: 38, width: 100, height: 7))
        bar.backgroundColor = .green
        card.addSubview(bar)
        card.addSubview(label)
        window.addSubview(card)
        render()
        let whole = try Bitmap(width: 100, height: 100)
        whole.copy(PixelRect(x: 0, y: 0, width: 100, height: 100), from: bitmap)
        // Through the label and the bar, then across the bottom edge (square corners with `.top`).
        // Three times: the label's text earns its picture on the third.
        for band in [PixelRect(x: 0, y: 37, width: 100, height: 26), PixelRect(x: 0, y: 70, width: 100, height: 15)] {
            for time in 1...3 {
                context.fill(band.rect, with: .black)
                window.render(Region(band), in: context)
                #expect(
                    bitmap.firstDifference(from: whole) == nil,
                    "\(band), repaint \(time) at \(origin), corners \(corners.rawValue), border \(borderWidth), clipping \(clips)")
            }
        }
        }
    }

    /// A repaint passes over containers whose frames miss it before any
    /// cairo call, unless something inside reaches it: a subview placed
    /// past the container's frame (by its frame, a bounds offset or an
    /// anchor point), or one that draws past its own frame (a shadow). Each
    /// repainted band gives the pixels of the whole window drawn afresh.
    @Test func aRepaintReachesWhatContainersAwayFromItHold() throws {
        // Each container sits above the band (y 60 to 80) and holds what reaches into it.
        func container(x: Double) -> View {
            let view = View(frame: Rect(x: x, y: 5, width: 20, height: 20))
            window.addSubview(view)
            return view
        }
        let past = View(frame: Rect(x: 0, y: 58, width: 15, height: 10))
        past.backgroundColor = .red
        container(x: 2).addSubview(past)
        let scrolled = container(x: 26)
        scrolled.bounds.origin.y = -40
        let inScrolled = View(frame: Rect(x: 0, y: 20, width: 15, height: 10))
        inScrolled.backgroundColor = .blue
        scrolled.addSubview(inScrolled)
        let anchored = View(frame: Rect(x: 0, y: 0, width: 15, height: 10))
        anchored.backgroundColor = .green
        anchored.anchorPoint = Point(x: 0.5, y: -5)
        container(x: 50).addSubview(anchored)
        let nested = container(x: 74)
        let inner = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        nested.addSubview(inner)
        let shadowed = View(frame: Rect(x: 2, y: 20, width: 15, height: 15))
        shadowed.backgroundColor = .gray
        shadowed.layer.shadowOpacity = 1
        shadowed.layer.shadowOffset = Size(width: 0, height: 30)
        shadowed.layer.shadowRadius = 2
        inner.addSubview(shadowed)
        render()
        let whole = try window.drawnAfresh()
        for (name, x) in [("past the frame", 5), ("a bounds offset", 30), ("an anchor point", 55), ("a shadow", 82)] {
            #expect(whole.pixel(x: x, y: 65) != Color.white.pixel, "\(name): reaches the band")
        }
        let band = PixelRect(x: 0, y: 60, width: 100, height: 20)
        context.fill(band.rect, with: .black)
        window.render(Region(band), in: context)
        #expect(bitmap.firstDifference(from: whole) == nil)
    }

    /// Where a rounded view may clip to its bounds: away from the rounded
    /// corners it masks (their curve and a pixel more), at whole device
    /// pixels, untransformed.
    @Test func roundedCornersMatterWhereTheyArePaintedOrAtFractionsOfAPixel() throws {
        let card = View(frame: Rect(x: 0, y: 0, width: 80, height: 60))
        card.cornerRadius = 12
        card.maskedCorners = .top
        func matters(_ clip: Rect, translation: Point = Point(x: 10, y: 20), scale: Double = 1) -> Bool {
            let context = GraphicsContext(bitmap: bitmap)
            context.translateBy(x: translation.x, y: translation.y)
            if scale != 1 { context.scaleBy(x: scale, y: scale) }
            context.clip(to: clip)
            return card.roundedCornersMatter(in: context, bounds: card.bounds)
        }
        let middle = Rect(x: 20, y: 20, width: 40, height: 20)
        #expect(!matters(middle))
        #expect(matters(Rect(x: 0, y: 0, width: 5, height: 5)), "the top left corner")
        #expect(matters(Rect(x: 75, y: 0, width: 5, height: 5)), "the top right corner")
        #expect(matters(Rect(x: 66, y: 12, width: 2, height: 2)), "a pixel from the top right corner's curve")
        #expect(!matters(Rect(x: 0, y: 13, width: 80, height: 10)), "just past the top corners' reach")
        #expect(!matters(Rect(x: 0, y: 50, width: 80, height: 10)), "the bottom corners are square")
        #expect(matters(middle, translation: Point(x: 10.5, y: 20)), "the bounds at a fraction of a pixel")
        #expect(matters(middle, scale: 2), "scaled")
        card.maskedCorners = .all
        #expect(matters(Rect(x: 0, y: 50, width: 80, height: 10)), "the bottom corners rounded too")
        card.cornerRadius = 200
        #expect(matters(middle), "a radius past half the side: half the side, reaching the middle")
    }

    @Test func theBorderIsDrawnInsideAboveSubviews() {
        let view = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        view.backgroundColor = .white
        view.borderWidth = 4
        view.borderColor = .blue
        let child = View(frame: Rect(x: 0, y: 0, width: 40, height: 10))
        child.backgroundColor = .red
        view.addSubview(child)
        window.addSubview(view)
        render()
        #expect(pixel(12, 30) == Color.blue.pixel)
        #expect(pixel(30, 11) == Color.blue.pixel)  // over the red child
        #expect(pixel(30, 16) == Color.red.pixel)
        #expect(pixel(9, 30) == Color.white.pixel)  // not outside
    }

    @Test func aTransformTurnsWhatTheViewDraws() {
        let view = View(frame: Rect(x: 25, y: 40, width: 50, height: 20))
        view.backgroundColor = .red
        window.addSubview(view)
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        render()
        // Turned a quarter about its centre (50, 50): now 20 wide and 50 tall.
        #expect(pixel(50, 30) == Color.red.pixel)
        #expect(pixel(30, 50) == Color.white.pixel)
    }

    @Test func drawOverridesGetAContextInTheViewsCoordinatesClippedToTheDamage() {
        final class Cross: View {
            var rects: [Rect] = []
            override func draw(_ rect: Rect) {
                rects.append(rect)
                GraphicsContext.current?.fill(Rect(x: 0, y: 0, width: 5, height: 5), with: .green)
            }
        }
        let parent = View(frame: Rect(x: 10, y: 10, width: 80, height: 80))
        parent.bounds.origin = Point(x: 10, y: 0)  // scrolled: content moves left 10
        let cross = Cross(frame: Rect(x: 20, y: 20, width: 40, height: 40))
        parent.addSubview(cross)
        window.addSubview(parent)
        render()
        // View (0,0) is at window (10 + 20 - 10, 10 + 20) = (20, 30).
        #expect(pixel(22, 32) == Color.green.pixel)
        #expect(pixel(26, 32) == Color.white.pixel)
        #expect(cross.rects == [Rect(x: 0, y: 0, width: 40, height: 40)])
        cross.setNeedsDisplay(Rect(x: 0, y: 0, width: 8, height: 8))
        render()
        #expect(cross.rects.last == Rect(x: 0, y: 0, width: 8, height: 8))
    }

    @Test func aLabelDrawsItsTextAndAnImageViewItsPicture() throws {
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 30), text: "Hello")
        label.font = .boldSystemFont(ofSize: 20)
        window.addSubview(label)
        let picture = try Bitmap(width: 2, height: 2)
        GraphicsContext(bitmap: picture).fill(Rect(x: 0, y: 0, width: 2, height: 2), with: .blue)
        let imageView = ImageView(frame: Rect(x: 0, y: 50, width: 100, height: 40), image: Image(bitmap: picture))
        imageView.contentMode = .scaleAspectFit
        window.addSubview(imageView)
        render()
        var ink = 0
        for y in 0..<30 { for x in 0..<100 where pixel(x, y).red < 100 { ink += 1 } }
        #expect(ink > 50)
        #expect(imageView.imageRect == Rect(x: 30, y: 0, width: 40, height: 40))
        #expect(pixel(50, 70) == Color.blue.pixel)
        #expect(pixel(10, 70) == Color.white.pixel)  // aspect fit leaves the sides
    }

    /// UILabel's default alignment is natural: Hebrew and Arabic sit on the right, Latin on the left.
    @Test func aLabelAlignsRightToLeftTextOnTheRight() throws {
        func inkColumns(_ text: String, _ alignment: TextAlignment = .natural) -> ClosedRange<Int>? {
            for view in window.subviews { view.removeFromSuperview() }
            let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 30), text: text)
            label.font = .systemFont(ofSize: 10)
            label.textAlignment = alignment
            window.addSubview(label)
            render()
            let columns = (0..<100).filter { x in (0..<30).contains { pixel(x, $0).red < 128 } }
            return columns.first.map { $0...columns.last! }
        }
        #expect(Label().textAlignment == .natural)
        let hebrew = try #require(inkColumns("שלום עולם"))
        #expect(hebrew.upperBound > 95 && hebrew.lowerBound > 40)
        let arabic = try #require(inkColumns("مرحبا بالعالم"))
        #expect(arabic.upperBound > 95 && arabic.lowerBound > 30)
        #expect(try #require(inkColumns("Hello")).lowerBound < 5)
        #expect(try #require(inkColumns("שלום עולם", .left)).lowerBound < 5)
    }

    /// An empty field's caret stands where its first character will: at the right of a right-aligned field,
    /// not at the left edge of its placeholder.
    @Test func anEmptyFieldsCaretFollowsTheAlignment() throws {
        let app = try #require(window.application)
        app.timeline = VirtualTimeline()
        app.showsOnScreenKeyboard = false
        window.makeKeyAndVisible()
        func caretColumns(_ alignment: TextAlignment) -> [Int] {
            for view in window.subviews { view.removeFromSuperview() }
            let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
            field.placeholder = "Name"
            field.textAlignment = alignment
            window.addSubview(field)
            field.becomeFirstResponder()
            render()
            return (0..<100).filter { x in pixel(x, 15) == field.caretColor.pixel }
        }
        let right = caretColumns(.right)
        #expect(!right.isEmpty && right.allSatisfy { $0 > 85 })
        let left = caretColumns(.left)
        #expect(!left.isEmpty && left.allSatisfy { $0 < 15 })
    }

    // MARK: Damage

    /// Small places near each other are one pass over the view tree; places far apart stay apart.
    @Test func nearbyDamageIsOnePassAndDistantDamageTwo() {
        let big = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        let strokes = (0..<10).map { View(frame: Rect(x: 400, y: 70 + Double($0) * 50, width: 30, height: 20)) }
        let status = View(frame: Rect(x: 0, y: 0, width: 1280, height: 28))
        for view in strokes + [status] { big.addSubview(view) }
        _ = big.takeDamage()
        for view in strokes { view.setNeedsDisplay() }
        #expect(big.takeDamage().rects == [PixelRect(x: 400, y: 70, width: 30, height: 470)])
        status.setNeedsDisplay()
        strokes[9].setNeedsDisplay()
        #expect(big.takeDamage().rects.count == 2)
    }

    @Test func aChangeDamagesOnlyWhereTheViewWasAndIs() {
        let view = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        view.backgroundColor = .red
        window.addSubview(view)
        render()
        #expect(window.damage.isEmpty)
        view.center = Point(x: 55, y: 15)
        // Where it was and where it is; so near that one pass over both costs less than two (Window.passCost).
        #expect(window.damage.rects == [PixelRect(x: 10, y: 10, width: 50, height: 10)])
        // Pixels outside the damage are not touched by the repaint.
        context.fill(Rect(x: 80, y: 80, width: 5, height: 5), with: .green)
        render()
        #expect(pixel(82, 82) == Color.green.pixel)
        #expect(pixel(15, 15) == Color.white.pixel)
        #expect(pixel(55, 15) == Color.red.pixel)
    }

    @Test func everyVisualPropertyDamagesAndNothingElseDoes() {
        let view = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        window.addSubview(view)
        _ = window.takeDamage()
        let changes: [(String, () -> Void)] = [
            ("backgroundColor", { view.backgroundColor = .red }), ("alpha", { view.alpha = 0.5 }),
            ("isHidden", { view.isHidden = true }), ("isHidden back", { view.isHidden = false }),
            ("cornerRadius", { view.cornerRadius = 3 }), ("borderWidth", { view.borderWidth = 1 }),
            ("borderColor", { view.borderColor = .blue }), ("clipsToBounds", { view.clipsToBounds = true }),
            ("transform", { view.transform = AffineTransform(scaleX: 2, y: 2) }),
            ("bounds", { view.bounds.origin = Point(x: 1, y: 0) }), ("setNeedsDisplay", { view.setNeedsDisplay() }),
            ("subview", { view.addSubview(View(frame: Rect(x: 0, y: 0, width: 1, height: 1))) }),
            ("removal", { view.subviews[0].removeFromSuperview() }),
        ]
        for (name, change) in changes {
            change()
            #expect(!window.takeDamage().isEmpty, "\(name)")
        }
        view.tag = 7
        view.isUserInteractionEnabled = false
        view.backgroundColor = .red  // unchanged
        #expect(window.takeDamage().isEmpty)
    }

    @Test func damageOfViewsOutsideAWindowIsNotCollected() {
        let loose = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        loose.backgroundColor = .red
        loose.setNeedsDisplay()
        _ = window.takeDamage()
        window.addSubview(loose)
        #expect(window.takeDamage().rects == [PixelRect(x: 0, y: 0, width: 10, height: 10)])
    }
}

import Testing
@testable import TouchUI

/// A scroll slides the picture the screen already shows and draws only the
/// strip that came into sight. The result must be, pixel for pixel, what
/// drawing the whole window would give.
@MainActor
struct ScrollSlideTests {
    final class Rows: TableViewDataSource {
        var titles = (0..<80).map { "Row \($0) — Ünïcode ✓" }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? TableViewCell(style: .subtitle, reuseIdentifier: "row")
            cell.textLabel?.text = titles[indexPath.row]
            cell.detailTextLabel?.text = "€\(indexPath.row).50"
            cell.accessoryType = indexPath.row % 3 == 0 ? .disclosureIndicator : .checkmark
            return cell
        }
    }

    let app = Application()
    let window: Window
    let table = TableView(frame: Rect(x: 0, y: 40, width: 320, height: 400))
    let rows = Rows()
    let badge = View(frame: Rect(x: 250, y: 300, width: 50, height: 50))
    let markers = TouchMarkersView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    /// The screen as the compositor keeps it, frame after frame.
    let screen: Bitmap
    let context: GraphicsContext

    init() throws {
        app.timeline = VirtualTimeline()
        window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.backgroundColor = .systemGroupedBackground
        window.makeKeyAndVisible()
        let bar = Label(frame: Rect(x: 0, y: 0, width: 320, height: 40))
        bar.text = "Orders"
        bar.backgroundColor = .systemBlue
        window.addSubview(bar)
        table.dataSource = rows
        window.addSubview(table)
        badge.backgroundColor = .systemOrange
        badge.cornerRadius = 25
        window.addSubview(badge)
        window.addSubview(markers)
        screen = try Bitmap(width: 320, height: 480)
        context = GraphicsContext(bitmap: screen)
        _ = frame()
    }

    /// One display tick: lay out, slide and repaint into the kept screen.
    func frame() -> WindowFrame {
        window.layoutIfNeeded()
        let frame = window.takeFrame()
        window.render(frame, in: context)
        return frame
    }

    /// The first pixel where the kept screen differs from the window drawn
    /// whole, if any. By one or two levels is the same: cairo rasterizes a
    /// stroke cut by a repaint's edge a level apart from one drawn whole, as
    /// any partial repaint does; a misplaced slide differs by far more.
    func difference() throws -> String? {
        let whole = try Bitmap(width: 320, height: 480)
        window.setNeedsDisplay()
        window.render(window.takeDamage(), in: GraphicsContext(bitmap: whole))
        context.flush()
        for y in 0..<480 {
            for x in 0..<320 where whole.pixel(x: x, y: y).distance(to: screen.pixel(x: x, y: y)) > 2 {
                return "(\(x), \(y)): \(screen.pixel(x: x, y: y)) kept, \(whole.pixel(x: x, y: y)) drawn whole"
            }
        }
        return nil
    }

    func expectSame(_ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let found = try difference()
        #expect(found == nil, "\(comment) \(found ?? "")", sourceLocation: sourceLocation)
    }

    @Test func scrollingSlidesThePictureAndDrawsOnlyWhatCameIntoSight() throws {
        for (step, offset) in [7.0, 51, 95, 94, 60, 400, 1200, 1199].enumerated() {
            table.contentOffset.y = offset
            let drawn = frame()
            #expect(!drawn.moves.isEmpty || abs(offset - 60) > 300, "step \(step): slid, not repainted")
            if drawn.moves.count == 1, let move = drawn.moves.first {
                #expect(move.rect == PixelRect(x: 0, y: 40, width: 320, height: 400))
                // The strip that came in, and the badge in front where it was and where it slid to.
                let strip = abs(move.dy) * 320, badge = 2 * 50 * 50
                #expect(drawn.repaint.area <= strip + badge, "step \(step): repainted \(drawn.repaint.area) pixels")
            }
            try expectSame("step \(step), offset \(offset)")
        }
    }

    @Test func whatChangedBeforeTheScrollAndWhatLiesInFrontIsRepaintedWhereItLands() throws {
        markers.show([.init(id: 3, location: Point(x: 100, y: 200))])
        _ = frame()
        // A row changes, then the table scrolls, then a marker moves: all in one frame.
        rows.titles[2] = "Changed just now"
        table.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        table.contentOffset.y = 30
        markers.show([.init(id: 3, location: Point(x: 110, y: 170))])
        let drawn = frame()
        #expect(drawn.moves.count == 1)
        try expectSame()
        // The badge in front moves while the table scrolls back.
        table.contentOffset.y = 3
        badge.center.y -= 40
        _ = frame()
        try expectSame()
        // Twice before one frame: the slides add up.
        table.contentOffset.y = 50
        table.layoutIfNeeded()
        table.contentOffset.y = 120
        let twice = frame()
        #expect(twice.moves == [PixelMove(rect: PixelRect(x: 0, y: 40, width: 320, height: 400), dx: 0, dy: -117)])
        try expectSame()
    }

    @Test func anOffsetBetweenPixelsOrASeeThroughTableIsRepaintedWhole() throws {
        table.contentOffset.y = 10.5
        #expect(frame().moves.isEmpty)
        try expectSame()
        table.backgroundColor = .clear
        _ = frame()
        table.contentOffset.y = 20
        #expect(frame().moves.isEmpty, "the window's colour behind would slide with it")
        try expectSame()
    }

    @Test func onlyAScrollViewSlidesAndNotUnderAViewAnimatingInFront() throws {
        // A label draws against its bounds: moving their origin does not move its text.
        let label = Label(frame: Rect(x: 10, y: 445, width: 200, height: 30))
        label.text = "Total €12.50"
        label.backgroundColor = .white
        label.clipsToBounds = true
        window.addSubview(label)
        _ = frame()
        label.bounds.origin.y = 10
        #expect(frame().moves.isEmpty)
        try expectSame()
        // The badge in front slides away in an animation: its drawn place is not its model's.
        View.animate(withDuration: 0.3) { self.badge.center.x += 100 }
        table.contentOffset.y = 20
        #expect(frame().moves.isEmpty)
        try expectSame()
    }

    @Test func aWindowAwayFromTheScreensOriginSlidesInItsOwnCoordinates() throws {
        window.frame.origin.y = 20
        _ = frame()
        table.contentOffset.y = 25
        let drawn = frame()
        #expect(drawn.moves.first?.rect == PixelRect(x: 0, y: 40, width: 320, height: 400))
        try expectSame()
    }

    @Test func aContextThatKeepsNoFrameRepaintsWhatSlid() {
        table.contentOffset.y = 10
        let damage = window.takeDamage()
        #expect(damage.rects.contains { $0.contains(PixelRect(x: 0, y: 40, width: 320, height: 400)) })
        #expect(window.takeFrame().isEmpty)
    }
}

import Testing
import TouchUI

/// Auto Layout as UIKit documents it: anchors and their forms, intrinsic
/// sizes with hugging and compression resistance, guides and margins, the
/// constraint pass, animation of a constant, fitting sizes, ambiguity, and
/// the log of what cannot hold.
@MainActor
struct AutoLayoutTests {
    /// A view with a fixed natural size.
    final class Box: View {
        var natural: Size { didSet { invalidateIntrinsicContentSize() } }
        init(_ width: Double, _ height: Double) {
            natural = Size(width: width, height: height)
            super.init(frame: .zero)
            translatesAutoresizingMaskIntoConstraints = false
        }
        override var intrinsicContentSize: Size { natural }
    }

    func placed(_ view: View = View()) -> View {
        view.translatesAutoresizingMaskIntoConstraints = false
        return view
    }

    /// What the layout logs while `body` runs.
    func logged(_ body: () -> Void) -> [String] {
        var messages: [String] = []
        let old = LayoutConstraint.diagnosticHandler
        LayoutConstraint.diagnosticHandler = { messages.append($0) }
        body()
        LayoutConstraint.diagnosticHandler = old
        return messages
    }

    @Test func edgesPinnedWithConstants() {
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let child = placed()
        container.addSubview(child)
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
            child.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -20),
            child.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
            child.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -30),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == Rect(x: 20, y: 10, width: 360, height: 260))
        // The container's constraints are installed on it, the closest common ancestor.
        #expect(container.constraints.count == 4)
        // Another panel: the same constraints, another frame.
        container.frame = Rect(x: 0, y: 0, width: 1024, height: 600)
        container.layoutIfNeeded()
        #expect(child.frame == Rect(x: 20, y: 10, width: 984, height: 560))
    }

    /// A subtree taken out of one tree and put in a tree of frames keeps its
    /// own constraints, and lays out by them there.
    /// A 200 x 100 card in `tree`, with a 30-point bar pinned across its top 10 points in from each side.
    func card(in tree: View) -> (card: View, bar: View) {
        let card = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let bar = placed()
        card.addSubview(bar)
        tree.addSubview(card)
        LayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            bar.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -10),
            bar.topAnchor.constraint(equalTo: card.topAnchor),
            bar.heightAnchor.constraint(equalToConstant: 30),
        ])
        return (card, bar)
    }

    @Test func aSubtreeMovedToAnotherTreeKeepsItsConstraints() {
        let first = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let (card, child) = card(in: first)
        first.layoutIfNeeded()
        #expect(child.frame == Rect(x: 10, y: 0, width: 180, height: 30))
        card.removeFromSuperview()
        let second = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        second.addSubview(card)
        card.frame = Rect(x: 0, y: 0, width: 500, height: 100)
        second.layoutIfNeeded()
        #expect(child.frame == Rect(x: 10, y: 0, width: 480, height: 30))
        #expect(card.constraints.count == 3 && child.constraints.count == 1, "a constant size is installed on the view itself")
    }

    /// A view moved straight from a constrained tree into a tree of frames
    /// brings its constraints along, and they lay it out there.
    @Test func aViewMovedStraightIntoATreeOfFramesKeepsItsConstraints() {
        let first = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let anchorBox = placed(Box(20, 20))
        first.addSubview(anchorBox)
        anchorBox.leadingAnchor.constraint(equalTo: first.leadingAnchor).isActive = true
        anchorBox.topAnchor.constraint(equalTo: first.topAnchor).isActive = true
        let (card, child) = card(in: first)
        first.layoutIfNeeded()
        let frames = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        frames.addSubview(card)  // no removeFromSuperview first
        card.frame = Rect(x: 0, y: 0, width: 300, height: 100)
        frames.layoutIfNeeded()
        #expect(child.frame == Rect(x: 10, y: 0, width: 280, height: 30))
        first.layoutIfNeeded()
        #expect(anchorBox.frame == Rect(x: 0, y: 0, width: 20, height: 20))
    }

    /// A screen taken out of a window that stays, as a navigation pop does,
    /// is freed, and the window's engine keeps nothing of it: the next pass
    /// touches none of its views.
    @Test func aScreenTakenOutOfALiveWindowIsFreed() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: Application())
        let anchor = Box(40, 20)
        window.addSubview(anchor)
        anchor.leadingAnchor.constraint(equalTo: window.leadingAnchor).isActive = true
        anchor.topAnchor.constraint(equalTo: window.topAnchor).isActive = true
        weak var released: View?
        weak var releasedLabel: Label?
        do {
            let screen = View(frame: window.bounds)
            let label = Label(frame: .zero, text: "Total")
            label.translatesAutoresizingMaskIntoConstraints = false
            let box = placed(Box(30, 30))
            screen.addSubview(label)
            screen.addSubview(box)
            LayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: screen.layoutMarginsGuide.leadingAnchor),
                label.topAnchor.constraint(equalTo: screen.safeAreaLayoutGuide.topAnchor),
                box.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
                box.centerYAnchor.constraint(equalTo: label.centerYAnchor),
            ])
            window.addSubview(screen)
            window.layoutIfNeeded()
            #expect(label.frame.minX == 8)
            screen.removeFromSuperview()
            released = screen
            releasedLabel = label
        }
        #expect(released == nil && releasedLabel == nil)
        anchor.natural = Size(width: 60, height: 20)
        window.layoutIfNeeded()
        #expect(anchor.frame == Rect(x: 0, y: 0, width: 60, height: 20))
    }

    /// A scroll view's content guide: pinned to the content's origin, sized
    /// by the constraints on it, and its size is the content size.
    @Test func theContentGuideSizesAScrollViewsContent() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let scroll = ScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(scroll)
        let rows = [placed(Box(50, 120)), placed(Box(50, 150))]
        for row in rows { scroll.addSubview(row) }
        let content = scroll.contentLayoutGuide
        LayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: root.topAnchor),
            scroll.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            scroll.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            scroll.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            content.widthAnchor.constraint(equalTo: scroll.widthAnchor),
            rows[0].topAnchor.constraint(equalTo: content.topAnchor, constant: 10),
            rows[0].leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 20),
            rows[1].topAnchor.constraint(equalTo: rows[0].bottomAnchor, constant: 10),
            rows[1].leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 20),
            content.bottomAnchor.constraint(equalTo: rows[1].bottomAnchor, constant: 10),
        ])
        root.layoutIfNeeded()
        #expect(rows[0].frame == Rect(x: 20, y: 10, width: 50, height: 120))
        #expect(rows[1].frame == Rect(x: 20, y: 140, width: 50, height: 150))
        #expect(content.layoutFrame == Rect(x: 0, y: 0, width: 300, height: 300))
        #expect(scroll.contentSize == Size(width: 300, height: 300))
        // Scrolled, the content keeps its place in the content.
        scroll.setContentOffset(Point(x: 0, y: 100), animated: false)
        root.layoutIfNeeded()
        #expect(rows[1].frame.minY == 140)
    }

    /// A scroll view's frame guide is its visible rectangle: the content is
    /// sized against it, and a view pinned to it stays put while the
    /// content scrolls ("to allow adding non-scrolling elements").
    @Test func theFrameGuideSizesTheContentAndHoldsAViewInPlace() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let scroll = ScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(scroll)
        let row = placed(Box(50, 500)), badge = placed(Box(40, 20))
        scroll.addSubview(row)
        scroll.addSubview(badge)
        let content = scroll.contentLayoutGuide, frame = scroll.frameLayoutGuide
        LayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            scroll.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            scroll.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            scroll.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            row.topAnchor.constraint(equalTo: content.topAnchor),
            row.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            row.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            row.bottomAnchor.constraint(equalTo: content.bottomAnchor),
            row.widthAnchor.constraint(equalTo: frame.widthAnchor),
            badge.trailingAnchor.constraint(equalTo: frame.trailingAnchor, constant: -8),
            badge.bottomAnchor.constraint(equalTo: frame.bottomAnchor, constant: -8),
        ])
        root.layoutIfNeeded()
        #expect(frame.identifier == "UIScrollViewFrameLayoutGuide")
        #expect(frame.layoutFrame == Rect(x: 0, y: 0, width: 300, height: 180))
        #expect(row.frame == Rect(x: 0, y: 0, width: 300, height: 500), "as wide as the scroll view")
        #expect(scroll.contentSize == Size(width: 300, height: 500))
        #expect(badge.frame == Rect(x: 252, y: 152, width: 40, height: 20))
        scroll.setContentOffset(Point(x: 0, y: 120), animated: false)
        root.layoutIfNeeded()
        #expect(frame.layoutFrame == Rect(x: 0, y: 120, width: 300, height: 180))
        #expect(badge.convert(badge.bounds, to: root) == Rect(x: 252, y: 172, width: 40, height: 20), "where it was on screen")
        #expect(row.frame.minY == 0, "the content scrolled")
    }

    /// Constraints hold their views weakly, as UIKit's: a screen let go is freed, engine and all.
    @Test func aScreenLetGoIsFreed() {
        weak var released: View?
        weak var releasedChild: View?
        do {
            let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            let child = Box(10, 10)
            root.addSubview(child)
            LayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
                child.topAnchor.constraint(equalTo: root.topAnchor),
            ])
            root.layoutIfNeeded()
            #expect(child.frame == Rect(x: 8, y: 0, width: 10, height: 10))
            released = root
            releasedChild = child
        }
        #expect(released == nil && releasedChild == nil)
    }

    @Test func centreSizeMultiplierAndAspectRatio() {
        let container = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let child = placed()
        container.addSubview(child)
        LayoutConstraint.activate([
            child.centerXAnchor.constraint(equalTo: container.centerXAnchor),
            child.centerYAnchor.constraint(equalTo: container.centerYAnchor, constant: -40),
            child.widthAnchor.constraint(equalTo: container.widthAnchor, multiplier: 0.5),
            child.heightAnchor.constraint(equalTo: child.widthAnchor, multiplier: 0.25),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == Rect(x: 200, y: 150, width: 400, height: 100))
    }

    @Test func inequalitiesAndPriorities() {
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let child = placed()
        container.addSubview(child)
        let preferred = child.widthAnchor.constraint(equalToConstant: 500)
        preferred.priority = .defaultHigh
        LayoutConstraint.activate([
            child.leftAnchor.constraint(equalTo: container.leftAnchor),
            child.topAnchor.constraint(equalTo: container.topAnchor),
            child.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
            child.heightAnchor.constraint(lessThanOrEqualToConstant: 44),
            child.rightAnchor.constraint(lessThanOrEqualTo: container.rightAnchor, constant: -10),
            preferred,
        ])
        container.layoutIfNeeded()
        #expect(child.frame == Rect(x: 0, y: 0, width: 290, height: 44))
        preferred.constant = 100
        container.layoutIfNeeded()
        #expect(child.frame.width == 100)
    }

    @Test func systemSpacingAndSiblings() {
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let a = Box(50, 20), b = Box(60, 20)
        container.addSubview(a)
        container.addSubview(b)
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            a.topAnchor.constraint(equalTo: container.topAnchor),
            b.leadingAnchor.constraint(equalToSystemSpacingAfter: a.trailingAnchor, multiplier: 2),
            b.topAnchor.constraint(equalToSystemSpacingBelow: a.bottomAnchor, multiplier: 1),
        ])
        container.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 0, width: 50, height: 20))
        #expect(b.frame == Rect(x: 66, y: 28, width: 60, height: 20))
    }

    @Test func huggingDecidesWhichViewStretches() {
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 40))
        let title = Box(100, 20), value = Box(50, 20)
        for view in [title, value] { container.addSubview(view) }
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            value.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 10),
            value.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            title.centerYAnchor.constraint(equalTo: container.centerYAnchor),
            value.centerYAnchor.constraint(equalTo: container.centerYAnchor),
        ])
        // The value hugs harder: the title takes the spare room.
        value.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        container.layoutIfNeeded()
        #expect(title.frame.width == 240 && value.frame == Rect(x: 250, y: 10, width: 50, height: 20))
        // The other way round.
        value.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        container.layoutIfNeeded()
        #expect(title.frame.width == 100 && value.frame.width == 190)
    }

    @Test func compressionResistanceDecidesWhichViewShrinks() {
        let container = View(frame: Rect(x: 0, y: 0, width: 120, height: 40))
        let title = Box(100, 20), value = Box(50, 20)
        for view in [title, value] { container.addSubview(view) }
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            value.leadingAnchor.constraint(equalTo: title.trailingAnchor),
            value.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            title.topAnchor.constraint(equalTo: container.topAnchor),
            value.topAnchor.constraint(equalTo: container.topAnchor),
        ])
        title.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        container.layoutIfNeeded()
        #expect(title.frame.width == 70 && value.frame.width == 50)
        // A new intrinsic size is taken at the next layout.
        value.natural = Size(width: 80, height: 20)
        container.layoutIfNeeded()
        #expect(title.frame.width == 40 && value.frame.width == 80)
    }

    @Test func constraintsAcrossContainersUseEachContainersOrigin() {
        let window = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let panel = View(frame: Rect(x: 100, y: 50, width: 400, height: 300))  // frame-based
        let badge = placed(), caption = placed()
        window.addSubview(panel)
        panel.addSubview(badge)
        window.addSubview(caption)
        LayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 10),
            badge.topAnchor.constraint(equalTo: panel.topAnchor, constant: 10),
            badge.widthAnchor.constraint(equalToConstant: 40),
            badge.heightAnchor.constraint(equalToConstant: 40),
            // A sibling of the panel, lined up with the badge inside it.
            caption.leadingAnchor.constraint(equalTo: badge.trailingAnchor, constant: 8),
            caption.centerYAnchor.constraint(equalTo: badge.centerYAnchor),
            caption.widthAnchor.constraint(equalToConstant: 100),
            caption.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.layoutIfNeeded()
        #expect(badge.frame == Rect(x: 10, y: 10, width: 40, height: 40))
        #expect(caption.frame == Rect(x: 158, y: 70, width: 100, height: 20))
        // The frame-based panel moves: what is tied to it follows.
        panel.frame.origin = Point(x: 200, y: 100)
        window.layoutIfNeeded()
        #expect(caption.frame == Rect(x: 258, y: 120, width: 100, height: 20))
        // Its constraints to the outside go when the badge leaves the tree, as in UIKit.
        badge.removeFromSuperview()
        window.layoutIfNeeded()
        #expect(!window.constraints.contains { $0.firstItem === caption && $0.firstAttribute == .leading })
        #expect(badge.constraints.count == 2)
    }

    @Test func layoutMarginsAndSafeAreaGuides() {
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        window.screenSafeAreaInsets = EdgeInsets(top: 24, left: 0, bottom: 0, right: 40)
        let controller = ViewController()
        window.rootViewController = controller
        let content = placed(), header = placed()
        controller.view.addSubview(content)
        controller.view.addSubview(header)
        let safe = controller.view.safeAreaLayoutGuide, margins = controller.view.layoutMarginsGuide
        LayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: safe.topAnchor),
            header.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            header.heightAnchor.constraint(equalToConstant: 44),
            content.topAnchor.constraint(equalTo: header.bottomAnchor),
            content.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(controller.view.safeAreaInsets == EdgeInsets(top: 24, left: 0, bottom: 0, right: 40))
        #expect(header.frame == Rect(x: 0, y: 24, width: 760, height: 44))
        // A root view's margins are 16 at the sides, outside the safe area.
        #expect(content.frame == Rect(x: 16, y: 68, width: 728, height: 412))
        #expect(safe.layoutFrame == Rect(x: 0, y: 24, width: 760, height: 456))
        controller.view.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 20, trailing: 30)
        window.layoutIfNeeded()
        #expect(content.frame == Rect(x: 30, y: 68, width: 700, height: 392))
    }

    @Test func theRootViewFollowsTheWindowAndTheControllerHearsOfIt() {
        final class Screen: ViewController {
            var calls: [String] = []
            let box = View()
            override func viewDidLoad() {
                box.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(box)
                LayoutConstraint.activate([
                    box.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                    box.centerYAnchor.constraint(equalTo: view.centerYAnchor),
                    box.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
                    box.heightAnchor.constraint(equalToConstant: 100),
                ])
            }
            override func viewWillLayoutSubviews() { calls.append("will \(Int(view.bounds.width))") }
            override func viewDidLayoutSubviews() { calls.append("did \(Int(box.frame.width))") }
        }
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        let screen = Screen()
        window.rootViewController = screen
        window.layoutIfNeeded()
        #expect(screen.box.frame == Rect(x: 200, y: 190, width: 400, height: 100))
        // Portrait.
        window.frame = Rect(x: 0, y: 0, width: 600, height: 1024)
        window.layoutIfNeeded()
        #expect(screen.view.frame == window.bounds)
        #expect(screen.box.frame == Rect(x: 150, y: 462, width: 300, height: 100))
        #expect(screen.calls.last == "did 300")
        #expect(screen.calls.contains("will 600"))
    }

    @Test func aConstantAnimatesInsideViewAnimate() {
        let app = Application()
        app.timeline = VirtualTimeline()
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        window.makeKeyAndVisible()
        let drawer = placed()
        window.addSubview(drawer)
        let leading = drawer.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: -300)
        LayoutConstraint.activate([
            leading, drawer.topAnchor.constraint(equalTo: window.topAnchor),
            drawer.bottomAnchor.constraint(equalTo: window.bottomAnchor), drawer.widthAnchor.constraint(equalToConstant: 300),
        ])
        window.layoutIfNeeded()
        #expect(drawer.frame.minX == -300)
        View.animate(withDuration: 0.3) {
            leading.constant = 0
            window.layoutIfNeeded()
        }
        // The model is there at once; what is drawn gets there over the duration.
        #expect(drawer.frame.minX == 0)
        #expect(drawer.isAnimating)
        app.virtualTimeline.advance(to: app.virtualTimeline.now + 0.5)
        #expect(!drawer.isAnimating)
    }

    @Test func unsatisfiableConstraintsAreLoggedAndOneIsBroken() {
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let child = placed()
        container.addSubview(child)
        let narrow = child.widthAnchor.constraint(equalToConstant: 100)
        narrow.identifier = "narrow"
        let wide = child.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "wide"
        let log = logged {
            LayoutConstraint.activate([
                child.leftAnchor.constraint(equalTo: container.leftAnchor),
                child.topAnchor.constraint(equalTo: container.topAnchor),
                child.heightAnchor.constraint(equalToConstant: 10),
                narrow, wide,
            ])
            container.layoutIfNeeded()
        }
        #expect(log.count == 1)
        let message = log.first ?? ""
        #expect(message.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(message.contains("'narrow'") && message.contains("'wide'"))
        #expect(!message.contains(".height"))
        #expect(message.hasSuffix("Will attempt to recover by breaking constraint\n\(wide)"))
        // The app goes on, with the constraint that held.
        #expect(child.frame.width == 100)
        // Once the other goes, the broken one holds.
        narrow.isActive = false
        container.layoutIfNeeded()
        #expect(child.frame.width == 200)
    }

    @Test func aFrameBasedViewHeldByItsFrameIsNamedInTheConflict() {
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))  // forgot translatesAutoresizingMaskIntoConstraints
        container.addSubview(child)
        let log = logged {
            child.widthAnchor.constraint(equalToConstant: 80).isActive = true
            container.layoutIfNeeded()
        }
        #expect(log.first?.contains("(autoresizing mask)") == true)
        #expect(child.frame.width == 50)
    }

    @Test func badConstraintsAreRefusedWithTheirItemsNamed() {
        let a = View(), b = View()
        let log = logged {
            let orphan = a.leadingAnchor.constraint(equalTo: b.leadingAnchor)
            orphan.isActive = true
            #expect(!orphan.isActive)
            let container = View()
            container.addSubview(a)
            let bad = a.widthAnchor.constraint(equalToConstant: .nan)
            bad.isActive = true
            #expect(!bad.isActive)
            let good = a.widthAnchor.constraint(equalToConstant: 10)
            good.isActive = true
            good.constant = .infinity
            #expect(good.constant == 10)
        }
        #expect(log.count == 3)
        #expect(log[0].contains("no common ancestor") && log[0].contains("View:0x"))
        #expect(log[1].contains("the constant nan is not a finite number"))
        #expect(log[2].contains("the constant inf is not a finite number; it stays 10"))
    }

    @Test func baselinesLineUpTextOfDifferentSizes() {
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        let big = Label(text: "Total"), small = Label(text: "incl. VAT")
        big.font = .systemFont(ofSize: 32)
        small.font = .systemFont(ofSize: 12)
        for label in [big, small] {
            label.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(label)
        }
        LayoutConstraint.activate([
            big.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            big.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
            small.leadingAnchor.constraint(equalToSystemSpacingAfter: big.trailingAnchor, multiplier: 1),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        container.layoutIfNeeded()
        let bigBaseline = big.frame.minY + big.frame.height / 2 + TextLayout("Total", font: big.font).baselinesFromCentre.first
        let smallBaseline = small.frame.minY + small.frame.height / 2 + TextLayout("incl. VAT", font: small.font).baselinesFromCentre.first
        #expect(abs(bigBaseline - smallBaseline) <= 1)
        #expect(small.frame.minY > big.frame.minY + 10)
    }

    @Test func fittingSizeOfACard() {
        let card = View()
        let title = Label(text: "Cappuccino")
        title.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(title)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            title.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
            title.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -8),
        ])
        let natural = title.intrinsicContentSize
        let size = card.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(abs(size.width - (natural.width + 24)) < 0.001 && abs(size.height - (natural.height + 16)) < 0.001)
        // Held to a width, it grows only in height.
        let wide = card.systemLayoutSizeFitting(
            Size(width: 320, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(wide.width == 320 && abs(wide.height - size.height) < 0.001)
        // Measuring moved nothing.
        #expect(title.frame == .zero)
    }

    @Test func ambiguityIsFoundAndExercised() {
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let child = placed()
        container.addSubview(child)
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(greaterThanOrEqualTo: container.leadingAnchor),
            child.topAnchor.constraint(equalTo: container.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 50),
            child.heightAnchor.constraint(equalToConstant: 50),
        ])
        container.layoutIfNeeded()
        #expect(child.hasAmbiguousLayout)
        let before = child.frame
        child.exerciseAmbiguityInLayout()
        #expect(child.frame.minX != before.minX && child.frame.minX >= 0 && child.frame.width == 50)
        child.trailingAnchor.constraint(equalTo: container.trailingAnchor).isActive = true
        container.layoutIfNeeded()
        #expect(!child.hasAmbiguousLayout)
        #expect(child.frame.minX == 250)
    }

    @Test func theConstraintPassRunsBeforeLayout() {
        final class Meter: View {
            var wide = false { didSet { setNeedsUpdateConstraints() } }
            var passes = 0
            lazy var width = widthAnchor.constraint(equalToConstant: 10)
            override func updateConstraints() {
                passes += 1
                width.constant = wide ? 200 : 10
                super.updateConstraints()
            }
        }
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let meter = Meter()
        meter.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(meter)
        LayoutConstraint.activate([
            meter.leftAnchor.constraint(equalTo: container.leftAnchor), meter.topAnchor.constraint(equalTo: container.topAnchor),
            meter.heightAnchor.constraint(equalToConstant: 10), meter.width,
        ])
        container.layoutIfNeeded()
        #expect(meter.frame.width == 10 && meter.passes == 0)
        meter.wide = true
        #expect(meter.needsUpdateConstraints)
        container.layoutIfNeeded()
        #expect(meter.frame.width == 200 && meter.passes == 1 && !meter.needsUpdateConstraints)
        container.layoutIfNeeded()
        #expect(meter.passes == 1)
    }

    @Test func autoresizingMasksFollowTheSuperview() {
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let bar = View(frame: Rect(x: 0, y: 260, width: 400, height: 40))
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        let badge = View(frame: Rect(x: 360, y: 10, width: 30, height: 30))
        badge.autoresizingMask = [.flexibleLeftMargin]
        let middle = View(frame: Rect(x: 100, y: 100, width: 200, height: 100))
        middle.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleWidth]
        for view in [bar, badge, middle] { container.addSubview(view) }
        container.frame = Rect(x: 0, y: 0, width: 800, height: 480)
        #expect(bar.frame == Rect(x: 0, y: 440, width: 800, height: 40))
        #expect(badge.frame == Rect(x: 760, y: 10, width: 30, height: 30))
        // 400 more points, shared by 100, 200 and 100.
        #expect(middle.frame == Rect(x: 200, y: 100, width: 400, height: 100))
    }
}

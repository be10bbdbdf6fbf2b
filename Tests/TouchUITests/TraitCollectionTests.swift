import Testing
import TouchUI

/// Traits as UIKit hands them down: size classes from the screen's size,
/// the display scale, light and dark with overrides, the change calls, and
/// the transition call when the screen's size changes.
@MainActor
struct TraitCollectionTests {
    final class Recorder: ViewController {
        var changes: [TraitCollection] = []
        var transitions: [Size] = []
        var rootSizeAtTransition: Size?
        var alongside = 0, completed = 0
        var sizeAtCompletion: Size?
        var traitsWhenAppearing: TraitCollection?
        override func traitCollectionDidChange(_ previous: TraitCollection?) { changes.append(traitCollection) }
        override func viewWillAppear(_ animated: Bool) { traitsWhenAppearing = traitCollection }
        override func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            transitions.append(size)
            rootSizeAtTransition = view.bounds.size
            coordinator.animate(alongsideTransition: { _ in self.alongside += 1 }, completion: { _ in
                self.completed += 1
                self.sizeAtCompletion = self.view.bounds.size
            })
        }
    }

    final class Watcher: View {
        var previous: [TraitCollection?] = []
        var currentDuringChange: TraitCollection?
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            previous.append(previousTraitCollection)
            currentDuringChange = TraitCollection.current
        }
    }

    func window(_ width: Double, _ height: Double, _ application: Application = Application()) -> Window {
        Window(frame: Rect(x: 0, y: 0, width: width, height: height), application: application)
    }

    @Test(arguments: [
        (800.0, 480.0, UserInterfaceSizeClass.regular, UserInterfaceSizeClass.compact),
        (1024, 600, .regular, .regular),
        (1280, 800, .regular, .regular),
        (1920, 1080, .regular, .regular),
        (600, 1024, .regular, .regular),
        (480, 800, .compact, .regular),
        (320, 240, .compact, .compact),
    ])
    func sizeClassesFollowThePanel(width: Double, height: Double, horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass) {
        let window = window(width, height)
        let view = View()
        window.addSubview(view)
        #expect(view.traitCollection.horizontalSizeClass == horizontal)
        #expect(view.traitCollection.verticalSizeClass == vertical)
        #expect(view.traitCollection.displayScale == 1)
        #expect(view.traitCollection.userInterfaceStyle == .light)
    }

    @Test func traitsReachControllersAndViewsAndChangeOnlyWhenTheyDo() {
        let window = window(800, 480)
        let controller = Recorder()
        let watcher = Watcher()
        controller.view.addSubview(watcher)
        window.rootViewController = controller
        window.layoutIfNeeded()
        #expect(controller.traitCollection.verticalSizeClass == .compact)
        #expect(controller.changes.count == 1)
        #expect(watcher.previous.count == 1)

        // Another size in the same classes: no change call, but a transition.
        window.frame = Rect(x: 0, y: 0, width: 1000, height: 500)
        window.layoutIfNeeded()
        #expect(controller.changes.count == 1)
        #expect(controller.transitions == [Size(width: 1000, height: 500)])
        #expect(controller.rootSizeAtTransition == Size(width: 800, height: 480), "heard before the root view took the new size")
        #expect(controller.view.bounds.size == Size(width: 1000, height: 500))
        #expect(controller.alongside == 1 && controller.completed == 1)
        #expect(controller.sizeAtCompletion == Size(width: 1000, height: 500), "completions run once the new size is laid out")
        #expect(controller.traitsWhenAppearing?.verticalSizeClass == .compact, "the traits are there when it will appear")

        // Taller than 600: the vertical class becomes regular, and each hears of it once.
        window.frame = Rect(x: 0, y: 0, width: 1024, height: 768)
        window.layoutIfNeeded()
        #expect(controller.changes.map(\.verticalSizeClass) == [.compact, .regular])
        #expect(watcher.previous.count == 2)
        #expect(watcher.previous.last??.verticalSizeClass == .compact)
        #expect(watcher.currentDuringChange?.verticalSizeClass == .regular)
        #expect(controller.transitions.count == 2)
    }

    @Test func childrenAndPresentedControllersHearOfTheTransition() {
        let window = window(800, 480)
        let parent = ViewController(), child = Recorder(), presented = Recorder(), overChild = Recorder()
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        window.rootViewController = parent
        window.layoutIfNeeded()
        parent.present(presented)
        #expect(presented.traitsWhenAppearing?.verticalSizeClass == .compact)
        presented.present(overChild)
        window.frame = Rect(x: 0, y: 0, width: 600, height: 1024)
        window.layoutIfNeeded()
        #expect(child.transitions == [Size(width: 600, height: 1024)])
        #expect(presented.transitions == [Size(width: 600, height: 1024)])
        #expect(overChild.transitions == [Size(width: 600, height: 1024)])
        // A page sheet (the default) covers a window of compact height, and is a centred card once both size classes are regular.
        let card = Rect(x: 20, y: 20, width: 560, height: 984)
        #expect(presented.view.frame == card, "a presented view follows the window's size")
        #expect(overChild.view.frame == card, "so does one presented by a presented controller")
    }

    @Test func theAppearanceComesFromTheAppAndCanBeOverridden() throws {
        let application = Application()
        let window = window(40, 20, application)
        let plain = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let forcedLight = View(frame: Rect(x: 20, y: 0, width: 20, height: 20))
        let inner = Watcher(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        for view in [plain, forcedLight] { view.backgroundColor = .systemBackground }
        forcedLight.overrideUserInterfaceStyle = .light
        forcedLight.addSubview(inner)
        window.addSubview(plain)
        window.addSubview(forcedLight)

        let bitmap = try Bitmap(width: 40, height: 20)
        let context = GraphicsContext(bitmap: bitmap)
        func draw() {
            window.render(window.takeDamage(), in: context)
            bitmap.finishDrawing()
        }
        draw()
        #expect(bitmap.pixel(x: 5, y: 5) == PixelColor(red: 255, green: 255, blue: 255))
        #expect(bitmap.pixel(x: 25, y: 5) == PixelColor(red: 255, green: 255, blue: 255))

        inner.previous = []
        application.userInterfaceStyle = .dark
        #expect(plain.traitCollection.userInterfaceStyle == .dark)
        #expect(forcedLight.traitCollection.userInterfaceStyle == .light)
        #expect(inner.previous.isEmpty, "a view under a light override sees no change")
        draw()
        #expect(bitmap.pixel(x: 5, y: 5) == PixelColor(red: 0, green: 0, blue: 0), "repainted in the dark form without being asked")
        #expect(bitmap.pixel(x: 25, y: 5) == PixelColor(red: 255, green: 255, blue: 255))

        forcedLight.overrideUserInterfaceStyle = .unspecified
        #expect(inner.previous.count == 1)
        draw()
        #expect(bitmap.pixel(x: 25, y: 5) == PixelColor(red: 0, green: 0, blue: 0))
    }

    @Test func adaptiveColoursResolveAndCompare() {
        let dark = TraitCollection(userInterfaceStyle: .dark)
        #expect(Color.label.resolvedColor(with: dark) == .white)
        #expect(Color.label.resolvedColor(with: TraitCollection()) == .black)
        #expect(Color.label != .black, "an adaptive colour is not its light form")
        #expect(Color.systemBlue.resolved(for: .light) == Color(red: 0, green: 122.0 / 255, blue: 1))
        let custom = Color { traits in traits.userInterfaceStyle == .dark ? .orange : .purple }
        #expect(custom.resolvedColor(with: dark) == .orange)
        #expect(custom.resolvedColor(with: TraitCollection(userInterfaceStyle: .light)) == .purple)
        #expect(Color.separator.withAlphaComponent(1).resolvedColor(with: dark).alpha == 1)
        #expect(TraitCollection(userInterfaceStyle: .dark).hasDifferentColorAppearance(comparedTo: TraitCollection()))
        #expect(!TraitCollection(horizontalSizeClass: .compact).hasDifferentColorAppearance(comparedTo: TraitCollection()))
        let merged = TraitCollection(traitsFrom: [TraitCollection(horizontalSizeClass: .compact), TraitCollection(userInterfaceStyle: .dark)])
        #expect(merged.containsTraits(in: TraitCollection(userInterfaceStyle: .dark)))
        #expect(!merged.containsTraits(in: TraitCollection(verticalSizeClass: .regular)))
        #expect(merged.horizontalSizeClass == .compact)
    }

    @Test func aControllerOverrideReachesItsViewsOnly() {
        let window = window(800, 480)
        let controller = Recorder()
        controller.overrideUserInterfaceStyle = .dark
        window.rootViewController = controller
        let sibling = View()
        window.addSubview(sibling)
        #expect(controller.traitCollection.userInterfaceStyle == .dark)
        #expect(controller.view.traitCollection.userInterfaceStyle == .dark)
        #expect(sibling.traitCollection.userInterfaceStyle == .light)
        controller.overrideUserInterfaceStyle = .unspecified
        #expect(controller.view.traitCollection.userInterfaceStyle == .light)
        #expect(controller.changes.last?.userInterfaceStyle == .light)
    }
}

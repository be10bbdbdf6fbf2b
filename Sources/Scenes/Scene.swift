import TouchUI

/// A fixture for `replay --scene` and the tests: one experiment of the
/// behaviour spec (docs/event-delivery.md), built on a 375 x 667 point
/// screen, or `gestures`, `controls` and `markers` (a finger marker under
/// each touch on white, full screen, for the touch-to-photon benchmark). Apps are not scenes: they are
/// ApplicationDelegates hosted by Bridge's AppHost.
@MainActor
public struct Scene {
    public let name: String
    public let window: Window
    public let tracer: Tracer
    public let controller: ViewController
    /// Keeps the gestures scene's recognizer delegate alive.
    let keepAlive: AnyObject?

    /// The screen the experiments were written for (kScreenWidth = 375).
    public nonisolated static let screen = Size(width: 375, height: 667)

    public nonisolated static let names = [
        "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E8b", "E8c", "E9", "E10", "E11", "E12", "E13", "E14",
        "E15a", "E15b", "E15c", "gestures", "controls", "markers",
    ]

    /// Builds the scene `name` in `application`, its window made key; nil for an unknown name.
    /// The experiments are laid out for 375 x 667; `gestures` fills whatever `screen` is.
    public static func make(_ name: String, application: Application, screen: Size = Scene.screen) -> Scene? {
        let tracer = Tracer()
        let controller = ViewController(tracer: tracer)
        var keepAlive: AnyObject?
        let fullScreen = name == "gestures" || name == "markers"
        let window = Window(frame: Rect(origin: .zero, size: fullScreen ? screen : Scene.screen), application: application)
        window.setRootViewController(controller)
        window.makeKeyAndVisible()
        let root = controller.view
        switch name {
        case "E1", "E2":
            let traces: TraceKinds = name == "E1" ? [.hitTest, .pointInside] : [.touches]
            let gray = LMGrayView(frame: Rect(x: 100, y: 200, width: 187.5, height: 400), tracer: tracer, traces: traces)
            let red = LMRedView(frame: Rect(x: 0, y: 0, width: 93.75, height: 133.3), tracer: tracer, traces: traces)
            let blue = LMBlueView(
                frame: Rect(x: 93.75, y: 266.7, width: 93.75, height: 133.3), tracer: tracer,
                traces: name == "E1" ? traces : [])
            let yellow = LMYellowView(
                frame: Rect(x: 100, y: 620, width: 187.5, height: 100), tracer: tracer,
                traces: name == "E1" ? traces : [])
            root.addSubview(gray)
            gray.addSubview(red)
            gray.addSubview(blue)
            root.addSubview(yellow)
            controller.tracesTouches = name == "E2"
        case "E3":
            let button = LMButton(frame: Rect(x: 100, y: 200, width: 187.5, height: 400), tracer: tracer)
            let red = LMRedView(frame: Rect(x: 0, y: 0, width: 93.75, height: 133.3), tracer: tracer, traces: [.touches])
            root.addSubview(button)
            button.addSubview(red)
            controller.tracesTouches = true
        case "E4":
            let scroll = LMScrollView(frame: Rect(x: 100, y: 200, width: 187.5, height: 400), tracer: tracer)
            scroll.contentSize = Size(width: 187.5, height: 800)
            let red = LMRedView(frame: Rect(x: 0, y: 0, width: 93.75, height: 133.3), tracer: tracer, traces: [.touches])
            root.addSubview(scroll)
            scroll.addSubview(red)
            controller.tracesTouches = true
        case "E8", "E8b", "E8c":
            let gray = LMGrayView(frame: Rect(x: 100, y: 200, width: 187.5, height: 400), tracer: tracer, traces: [])
            let table = LMTableView(frame: Rect(x: 0, y: 0, width: 93.75, height: 133.3), rows: 10, tracer: tracer) { row in
                tracer.log(controller, "didSelectRow", "row=\(row)")
            }
            root.addSubview(gray)
            gray.addSubview(table)
            if name != "E8b" {
                let tap = LMGrayGestureRecognizer(tracer: tracer) { _ in controller.perform("grayViewClick", with: nil) }
                tap.cancelsTouchesInView = name != "E8c"
                gray.addGestureRecognizer(tap)
            }
        case "E12":
            let gray = LMGrayView(frame: Rect(x: 0, y: 200, width: 375, height: 150), tracer: tracer, traces: [])
            let scroll = LMScrollView(frame: Rect(x: 40, y: 0, width: 295, height: 150), tracer: tracer)
            scroll.isPagingEnabled = true
            scroll.contentSize = Size(width: 1475, height: 150)
            scroll.clipsToBounds = false
            scroll.horizontalEnlargement = 40
            scroll.delegate = controller
            root.addSubview(gray)
            gray.addSubview(scroll)
        case "E5":
            let gray = LMGrayView(frame: Rect(x: 100, y: 200, width: 187.5, height: 400), tracer: tracer, traces: [.touches])
            let red = LMRedView(frame: Rect(x: 0, y: 0, width: 93.75, height: 133.3), tracer: tracer, traces: [.touches])
            let blue = LMBlueView(frame: Rect(x: 93.75, y: 266.7, width: 93.75, height: 133.3), tracer: tracer, traces: [])
            root.addSubview(gray)
            gray.addSubview(red)
            gray.addSubview(blue)
            gray.addGestureRecognizer(LMGrayGestureRecognizer(tracer: tracer) { _ in controller.perform("grayViewClick", with: nil) })
            red.addGestureRecognizer(LMRedGestureRecognizer(tracer: tracer) { _ in controller.perform("redViewClick", with: nil) })
            blue.addGestureRecognizer(LMBlueGestureRecognizer(tracer: tracer) { _ in controller.perform("blueViewClick", with: nil) })
            controller.tracesTouches = true
        case "E6", "E7":
            let gray = LMGrayView(frame: Rect(x: 100, y: 200, width: 187.5, height: 400), tracer: tracer, traces: [.touches])
            let button = LMButton(frame: Rect(x: 0, y: 0, width: 93.75, height: 133.3), tracer: tracer)
            button.addTarget(controller, action: "buttonClick", for: .touchUpInside)
            root.addSubview(gray)
            gray.addSubview(button)
            gray.addGestureRecognizer(LMGrayGestureRecognizer(tracer: tracer) { _ in controller.perform("grayViewClick", with: nil) })
            if name == "E7" {
                button.addSubview(LMBlueView(frame: Rect(x: 0, y: 0, width: 46.9, height: 66.7), tracer: tracer, traces: [.touches]))
            }
            controller.tracesTouches = true
        case "E9":
            let button = LMButton(frame: Rect(x: 180, y: 320, width: 10, height: 10), tracer: tracer)
            button.enlargement = 20
            button.tracesTouches = false
            button.addTarget(controller, action: "buttonClick", for: .touchUpInside)
            root.addSubview(button)
        case "E11":
            let button = LMButton(frame: Rect(x: 100, y: 200, width: 175, height: 100), tracer: tracer)
            button.tracesTouches = false
            button.addTarget(controller, action: "buttonClick", for: .touchUpInside)
            let gray = LMGrayView(frame: Rect(x: 100, y: 200, width: 175, height: 200), tracer: tracer, traces: [])
            gray.passesThroughItself = true
            let red = LMRedView(frame: Rect(x: 0, y: 150, width: 175, height: 50), tracer: tracer, traces: [.touches])
            root.addSubview(button)
            root.addSubview(gray)
            gray.addSubview(red)
        case "gestures":
            let surface = View(frame: root.bounds)
            surface.isMultipleTouchEnabled = true
            root.addSubview(surface)
            let playground = GesturePlayground(tracer: tracer)
            playground.install(on: surface)
            keepAlive = playground
        case "markers":
            // A marker under each finger on white, and nothing else: what the photon benchmark's Qt widget does.
            root.addSubview(MarkerSurface(frame: root.bounds))
        case "E10":
            let gray = LMGrayView(frame: Rect(x: 100, y: 200, width: 100, height: 100), tracer: tracer, traces: [])
            gray.acceptsPointsInSubviews = true
            let red = LMRedView(frame: Rect(x: 50, y: 50, width: 100, height: 100), tracer: tracer, traces: [.touches])
            root.addSubview(gray)
            gray.addSubview(red)
        case "E13":
            let gray = LMGrayView(frame: Rect(x: 0, y: 0, width: 375, height: 667), tracer: tracer, traces: [.touches])
            gray.isMultipleTouchEnabled = true
            gray.reportsTouchCount = true
            root.addSubview(gray)
        case "E14":
            let red = LMRedView(frame: Rect(x: 100, y: 100, width: 100, height: 100), tracer: tracer, traces: [.touches])
            red.followsDrag = true
            root.addSubview(red)
        case "E15a", "E15b", "E15c":
            let gray = LMGrayView(frame: Rect(x: 100, y: 200, width: 200, height: 200), tracer: tracer, traces: [.touches])
            let red = LMRedView(frame: Rect(x: 150, y: 250, width: 200, height: 200), tracer: tracer, traces: [.touches])
            switch name {
            case "E15a": red.isHidden = true
            case "E15b": red.isUserInteractionEnabled = false
            default: red.alpha = 0.005
            }
            root.addSubview(gray)
            root.addSubview(red)
        case "controls":
            // Every control in each of its looks, for snapshots.
            let title = Label(frame: Rect(x: 20, y: 20, width: 335, height: 30), text: "Controls")
            title.font = .boldSystemFont(ofSize: 22)
            root.addSubview(title)
            let normal = Button(frame: Rect(x: 20, y: 70, width: 150, height: 44), title: "Button")
            let highlighted = Button(frame: Rect(x: 190, y: 70, width: 150, height: 44), title: "Highlighted")
            highlighted.isHighlighted = true
            let disabled = Button(frame: Rect(x: 20, y: 124, width: 150, height: 44), title: "Disabled")
            disabled.isEnabled = false
            let off = Switch(frame: Rect(x: 20, y: 190, width: 51, height: 31))
            let on = Switch(frame: Rect(x: 100, y: 190, width: 51, height: 31), isOn: true)
            let slider = Slider(frame: Rect(x: 20, y: 250, width: 300, height: 30))
            slider.setValue(0.3)
            let wrapped = Label(
                frame: Rect(x: 20, y: 300, width: 200, height: 60),
                text: "A label wraps onto two lines and is truncated after that, however long it gets")
            wrapped.numberOfLines = 2
            wrapped.font = .systemFont(ofSize: 14)
            let bordered = View(frame: Rect(x: 20, y: 380, width: 120, height: 80))
            bordered.backgroundColor = .yellow
            bordered.cornerRadius = 12
            bordered.borderWidth = 3
            bordered.borderColor = .blue
            for control in [normal, highlighted, disabled, off, on, slider, wrapped, bordered] as [View] { root.addSubview(control) }
        default:
            return nil
        }
        return Scene(name: name, window: window, tracer: tracer, controller: controller, keepAlive: keepAlive)
    }
}

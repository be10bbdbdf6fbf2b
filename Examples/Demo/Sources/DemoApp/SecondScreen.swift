import TouchBridge

/// What the demo shows on each screen after the first (a kiosk's second
/// panel, an instrument's remote display): the screen's name over a canvas
/// that fills it, painted in blue, so a technician sees at once which
/// touchscreen reaches which panel.
@MainActor
public final class SecondScreen {
    public let window: DemoWindow
    public let canvas: PaintCanvasView
    public let title: Label

    public init(screen: Screen, number: Int, application: Application) {
        let size = screen.bounds.size
        window = DemoWindow(frame: Rect(origin: .zero, size: size), application: application)
        window.screen = screen
        window.backgroundColor = Color(white: 0.93)
        let bar = View(frame: Rect(x: 0, y: 0, width: size.width, height: DemoApp.statusHeight))
        bar.backgroundColor = Color(white: 0.2)
        title = Label(frame: Rect(x: 8, y: 0, width: size.width - 16, height: DemoApp.statusHeight))
        title.textColor = .white
        title.font = .systemFont(ofSize: 15)
        title.text = "Screen \(number)\(screen.name.map { ": \($0)" } ?? "")  ·  paint here"
        let top = DemoApp.statusHeight + 8
        canvas = PaintCanvasView(frame: Rect(x: 8, y: top, width: size.width - 16, height: size.height - top - 8))
        canvas.paintColor = .systemBlue
        bar.addSubview(title)
        window.addSubview(canvas)
        window.addSubview(bar)
        // Shown, not key: presses and actions without a target stay with the main screen.
        window.isHidden = false
    }
}

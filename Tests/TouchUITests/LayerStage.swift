import TouchUI

/// Where the layer animation tests play: a white 240x200 window on a
/// virtual clock, and a view at 20,20 to host the layers.
@MainActor
struct LayerStage {
    let app = Application()
    let window: Window
    let holder = View(frame: CGRect(x: 20, y: 20, width: 200, height: 160))

    init() {
        window = Window(frame: CGRect(x: 0, y: 0, width: 240, height: 200), application: app)
        app.timeline = VirtualTimeline()
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        window.addSubview(holder)
    }

    /// The virtual clock moved to `time`, the display ticks due by then run.
    func at(_ time: Double) { app.virtualTimeline.advance(to: time) }
}

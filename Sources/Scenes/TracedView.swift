import TouchUI

/// The seeds' views: each traces the calls its experiment logs and then
/// does what UIView does (calls super). A few switches give the
/// experiments' variations (seed 003's enlarged hit area, seed 002's drag).
@MainActor
open class TracedView: View {
    public let tracer: Tracer
    public var traces: TraceKinds
    /// point(inside:) also accepts points inside any subview's frame (seed 003 §2).
    public var acceptsPointsInSubviews = false
    /// touchesBegan reports how many touches it got (seed 002).
    public var reportsTouchCount = false
    /// Follows a dragging finger by translating its transform, and reports
    /// its frame when the finger lifts (seed 002 §touchesMoved).
    public var followsDrag = false
    /// hitTest answers nil where it would answer this view itself, so
    /// touches fall through to what is below while subviews still get theirs (seed 003 §3).
    public var passesThroughItself = false

    public init(frame: Rect, tracer: Tracer, traces: TraceKinds) {
        self.tracer = tracer
        self.traces = traces
        super.init(frame: frame)
        backgroundColor = Self.defaultBackgroundColor
    }

    /// The colour the seeds give each view: UIKit's gray, red, blue and yellow.
    open class var defaultBackgroundColor: Color? { nil }

    open override func hitTest(_ point: Point, with event: Event?) -> View? {
        if traces.contains(.hitTest) { tracer.log(self, "hitTest") }
        let hit = super.hitTest(point, with: event)
        return passesThroughItself && hit === self ? nil : hit
    }

    open override func point(inside point: Point, with event: Event?) -> Bool {
        if traces.contains(.pointInside) { tracer.log(self, "pointInside") }
        if acceptsPointsInSubviews && subviews.contains(where: { $0.frame.contains(point) }) { return true }
        return super.point(inside: point, with: event)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if traces.contains(.touches) { tracer.log(self, "touchesBegan", reportsTouchCount ? "touches=\(touches.count)" : nil) }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if traces.contains(.touches) && !followsDrag { tracer.log(self, "touchesMoved") }
        if followsDrag, let touch = touches.first {
            let now = touch.location(in: self)
            let before = touch.previousLocation(in: self)
            transform = transform.translatedBy(x: now.x - before.x, y: now.y - before.y)
        }
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if traces.contains(.touches) { tracer.log(self, "touchesEnded", followsDrag ? "frame=\(frame)" : nil) }
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if traces.contains(.touches) { tracer.log(self, "touchesCancelled") }
        super.touchesCancelled(touches, with: event)
    }
}

/// The seeds' button: traces its touches (a Control's, which stop here).
@MainActor
public final class LMButton: Button {
    public let tracer: Tracer
    /// point(inside:) with the bounds inset by -enlargement: a bigger hit area (seed 003 §1).
    public var enlargement = 0.0
    /// Off where the experiment's log shows only the button's action.
    public var tracesTouches = true

    public init(frame: Rect, tracer: Tracer) {
        self.tracer = tracer
        super.init(frame: frame, title: "LMButton")
        backgroundColor = Color(white: 0.93)
    }

    public override func point(inside point: Point, with event: Event?) -> Bool {
        bounds.insetBy(dx: -enlargement, dy: -enlargement).contains(point)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if tracesTouches { tracer.log(self, "touchesBegan") }
        super.touchesBegan(touches, with: event)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if tracesTouches { tracer.log(self, "touchesMoved") }
        super.touchesMoved(touches, with: event)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if tracesTouches { tracer.log(self, "touchesEnded") }
        super.touchesEnded(touches, with: event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if tracesTouches { tracer.log(self, "touchesCancelled") }
        super.touchesCancelled(touches, with: event)
    }
}

/// The seeds' tap recognizers: trace their touches, then recognize as taps do.
@MainActor
open class TracedTapRecognizer: TapGestureRecognizer {
    public let tracer: Tracer

    public init(tracer: Tracer, action: @escaping (GestureRecognizer) -> Void) {
        self.tracer = tracer
        super.init(action: action)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        tracer.log(self, "touchesBegan")
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        tracer.log(self, "touchesMoved")
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        tracer.log(self, "touchesEnded")
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        tracer.log(self, "touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }
}

public final class LMGrayGestureRecognizer: TracedTapRecognizer {}
public final class LMRedGestureRecognizer: TracedTapRecognizer {}
public final class LMBlueGestureRecognizer: TracedTapRecognizer {}

public final class LMGrayView: TracedView {
    public override class var defaultBackgroundColor: Color? { .gray }
}
public final class LMRedView: TracedView {
    public override class var defaultBackgroundColor: Color? { .red }
}
public final class LMBlueView: TracedView {
    public override class var defaultBackgroundColor: Color? { .blue }
}
public final class LMYellowView: TracedView {
    public override class var defaultBackgroundColor: Color? { .yellow }
}

/// The seeds' view controller: traces the touches that reach it along the chain.
@MainActor
public final class ViewController: TouchUI.ViewController {
    public let tracer: Tracer
    public var tracesTouches = false

    public init(tracer: Tracer) {
        self.tracer = tracer
        super.init()
        view.backgroundColor = .white
        for action in ["buttonClick", "grayViewClick", "redViewClick", "blueViewClick"] {
            addAction(Selector(action)) { [unowned self] _ in self.tracer.log(self, action) }
        }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if tracesTouches { tracer.log(self, "touchesBegan") }
        super.touchesBegan(touches, with: event)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if tracesTouches { tracer.log(self, "touchesMoved") }
        super.touchesMoved(touches, with: event)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if tracesTouches { tracer.log(self, "touchesEnded") }
        super.touchesEnded(touches, with: event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if tracesTouches { tracer.log(self, "touchesCancelled") }
        super.touchesCancelled(touches, with: event)
    }
}

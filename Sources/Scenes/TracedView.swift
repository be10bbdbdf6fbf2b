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

    public init(frame: Rect, tracer: Tracer, traces: TraceKinds) {
        self.tracer = tracer
        self.traces = traces
        super.init(frame: frame)
    }

    open override func hitTest(_ point: Point, with event: Event?) -> View? {
        if traces.contains(.hitTest) { tracer.log(self, "hitTest") }
        return super.hitTest(point, with: event)
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

public final class LMGrayView: TracedView {}
public final class LMRedView: TracedView {}
public final class LMBlueView: TracedView {}
public final class LMYellowView: TracedView {}

/// The seeds' view controller: traces the touches that reach it along the chain.
@MainActor
public final class ViewController: TouchUI.ViewController {
    public let tracer: Tracer
    public var tracesTouches = false

    public init(tracer: Tracer) {
        self.tracer = tracer
        super.init()
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

import TouchUI

/// The `gestures` scene: one full-screen view with every recognizer, all
/// allowed to recognize together, tracing what they recognize as
/// `Recognizer.state` with the gesture's numbers.
@MainActor
final class GesturePlayground: GestureRecognizerDelegate {
    let tracer: Tracer

    init(tracer: Tracer) { self.tracer = tracer }

    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { true }

    func install(on view: View) {
        let tap = TapGestureRecognizer { [tracer] recognizer in
            let taps = recognizer.touches.first?.tapCount ?? 1
            tracer.log(recognizer, "\(recognizer.state)", "tapCount=\(taps)")
        }
        let longPress = LongPressGestureRecognizer { [tracer] recognizer in
            guard recognizer.state != .changed else { return }
            tracer.log(recognizer, "\(recognizer.state)", "touches=\(recognizer.numberOfTouches)")
        }
        let pan = PanGestureRecognizer { [tracer] recognizer in
            guard recognizer.state != .changed, let pan = recognizer as? PanGestureRecognizer else { return }
            let t = pan.translation(in: nil)
            tracer.log(
                recognizer, "\(recognizer.state)",
                "touches=\(pan.numberOfTouches) translation=(\(format(t.x)), \(format(t.y)))")
        }
        let swipe = SwipeGestureRecognizer { [tracer] recognizer in
            tracer.log(recognizer, "\(recognizer.state)")
        }
        swipe.direction = [.left, .right, .up, .down]
        let pinch = PinchGestureRecognizer { [tracer] recognizer in
            guard recognizer.state != .changed, let pinch = recognizer as? PinchGestureRecognizer else { return }
            tracer.log(recognizer, "\(recognizer.state)", "scale=\(format(pinch.scale))")
        }
        let rotation = RotationGestureRecognizer { [tracer] recognizer in
            guard recognizer.state != .changed, let rotation = recognizer as? RotationGestureRecognizer else { return }
            tracer.log(recognizer, "\(recognizer.state)", "rotation=\(format(rotation.rotation))")
        }
        for recognizer in [tap, longPress, pan, swipe, pinch, rotation] as [GestureRecognizer] {
            recognizer.delegate = self
            recognizer.cancelsTouchesInView = false
            view.addGestureRecognizer(recognizer)
        }
    }
}

private func format(_ value: Double) -> String { String(printf: "%.2f", value) }

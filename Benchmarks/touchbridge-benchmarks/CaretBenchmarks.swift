import Foundation
import TouchUI

/// A text field's caret blinking over a kiosk's menu at 1280 x 800: the
/// frames a field being edited costs while nobody types, two a second for
/// as long as it waits. Each blink frame is the window's repaint of what
/// the blink changed. `BENCH_CARET_BLINKS` (40 by default) blinks are
/// timed, with a memcpy of the frame beside them; callgrind counts the
/// blinks alone (`caretBlinkStep`, Benchmarks/caret-instructions).
@MainActor
func benchmarkCaretBlink() -> String {
    let blinks = Int(ProcessInfo.processInfo.environment["BENCH_CARET_BLINKS"] ?? "") ?? 40
    let bitmap = try! Bitmap(width: 1280, height: 800)
    let context = GraphicsContext(bitmap: bitmap)
    let (application, clock, window, _) = menuWindow(MenuList(style: .insetGrouped, sections: 2, rowsPerSection: 7), drawnInto: context)
    application.caretBlinks = true
    let card = View(frame: Rect(x: 340, y: 160, width: 600, height: 120))
    card.backgroundColor = .systemBackground
    card.layer.cornerRadius = 16
    let field = TextField(frame: Rect(x: 24, y: 38, width: 552, height: 44))
    field.borderStyle = .roundedRect
    field.font = .systemFont(ofSize: 20)
    field.text = "Flat white for Amélie, oat milk, extra hot"
    card.addSubview(field)
    window.addSubview(card)
    _ = field.becomeFirstResponder()
    // The keyboard slides in: let it settle, so only blinks are left.
    for _ in 0..<120 {
        clock.advance(to: clock.now + 1.0 / 60)
        window.layoutIfNeeded()
        window.render(window.takeFrame(), in: context)
    }
    context.flush()
    var repainted = 0.0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<blinks { repainted += caretBlinkStep(window, clock: clock, in: context) }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    let copy = FrameCopy(bytes: 1280 * 800 * 4)
    let memcpy = (0..<9).map { _ in copy.time() * 1000 }.sorted()[4]
    let mean = elapsed / Double(max(blinks, 1))
    return """
        caret: \(blinks) blinks of a text field's caret over a menu at 1280x800
          a blink frame: \(String(format: "%.4f", mean)) ms (\(String(format: "%.2f", mean / memcpy))x a memcpy of the frame, \(String(format: "%.4f", memcpy)) ms)
          pixels repainted a blink: \(Int(repainted / Double(max(blinks, 1))))
        """
}

/// One blink: its timer fires (the caret shown or hidden), and the window
/// repaints what that changed. Out of line, so that callgrind counts blinks
/// alone (the run's memcpy timing around them varies run to run). Returns the pixels repainted.
@inline(never) @MainActor
func caretBlinkStep(_ window: Window, clock: VirtualTimeline, in context: GraphicsContext) -> Double {
    clock.advance(to: clock.now + TextField.caretBlinkInterval)
    return blinkFrame(window, in: context)
}

/// One blink's frame: the window repaints what the blink changed. Returns the pixels repainted.
@inline(never) @MainActor
func blinkFrame(_ window: Window, in context: GraphicsContext) -> Double {
    let frame = window.takeFrame()
    let pixels = frame.repaint.rects.reduce(0.0) { $0 + Double($1.width * $1.height) }
    window.render(frame, in: context)
    context.flush()
    return pixels
}

import Foundation
import Layers
import TouchUI

/// A navigation push frame at 1280 x 800 made from layers: the screen
/// leaving and the screen arriving, each drawn once into a backing store,
/// composited at this frame's offsets. Beside it, a memcpy of the frame
/// (the issue's yardstick) and today's way, the same screen repainted
/// through the view tree; each alternated in one run.
@MainActor
func benchmarkLayers() -> String {
    let width = 1280, height = 800
    let window = fiftyViewScreen()
    let picture = try! Bitmap(width: width, height: height)
    let viewContext = GraphicsContext(bitmap: picture)
    func repaint() {
        window.setNeedsDisplay()
        window.render(window.takeDamage(), in: viewContext)
        viewContext.flush()
    }

    let tree = LayerTree()
    tree.root.bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    let leaving = Layer(), arriving = Layer()
    for layer in [leaving, arriving] {
        layer.frame = tree.root.bounds
        layer.isOpaque = true
        // The screen's content, drawn by the views once.
        layer.draw = { context in window.render(Region(PixelRect(x: 0, y: 0, width: width, height: height)), in: context) }
        tree.root.addSublayer(layer)
    }
    let compositor = LayerCompositor()
    let frame = try! Bitmap(width: width, height: height)
    let frameContext = GraphicsContext(bitmap: frame)
    let whole = Region(PixelRect(x: 0, y: 0, width: width, height: height))
    var step = 0
    func pushFrame() {
        // A third of the way: the arriving screen slides in from the right, the leaving one a third as fast.
        step += 1
        let progress = 0.2 + Double(step % 30) / 50
        arriving.position.x = Double(width) * (0.5 + (1 - progress))
        leaving.position.x = Double(width) * (0.5 - progress / 3)
        compositor.composite(tree, region: whole, into: frameContext)
        frameContext.flush()
    }
    pushFrame()  // the one time the content is drawn
    let drawsAfterFirst = compositor.contentDraws

    let bytes = width * height * 4
    let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    memset(source, 0x5a, bytes)
    defer {
        source.deallocate()
        destination.deallocate()
    }
    var memcpyTimes: [Double] = [], layerTimes: [Double] = [], repaintTimes: [Double] = []
    for _ in 0..<25 {
        memcpyTimes.append(best(runs: 1) { _ in memcpy(destination, source, bytes) })
        layerTimes.append(best(runs: 1) { _ in pushFrame() })
        repaintTimes.append(best(runs: 1) { _ in repaint() })
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func ratio(_ a: [Double], _ b: [Double]) -> Double { median(zip(a, b).map { $0 / $1 }) }
    let layerRatio = ratio(layerTimes, memcpyTimes), repaintRatio = ratio(repaintTimes, memcpyTimes)
    func ms(_ values: [Double]) -> String { String(format: "%.3f ms", median(values) * 1000) }
    return """
        ### Layers: a push frame composited from two stored screens (1280x800)

        | | median | ratio (median of paired ratios) | target |
        |---|---|---|---|
        | memcpy of one frame | \(ms(memcpyTimes)) | 1 | |
        | push frame from layers (two full-screen stores, composited) | \(ms(layerTimes)) | \(String(format: "%.2f", layerRatio))x memcpy | at most 3x: \(layerRatio <= 3 ? "met" : "MISSED") |
        | the same screen repainted through the view tree | \(ms(repaintTimes)) | \(String(format: "%.2f", repaintRatio))x memcpy | |

        Content drawn: \(drawsAfterFirst) times for the first frame, \(compositor.contentDraws - drawsAfterFirst) times in the \(step - 1) frames after it.

        """
}

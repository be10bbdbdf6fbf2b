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

    let frameCopy = FrameCopy(bytes: width * height * 4)
    var memcpyTimes: [Double] = [], layerTimes: [Double] = [], repaintTimes: [Double] = []
    for _ in 0..<25 {
        memcpyTimes.append(frameCopy.time())
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

/// A menu a kiosk shows: rows with titles, details and disclosure
/// indicators under a navigation bar. The push uses two inset-grouped
/// sections of 7; the drag a long plain list.
@MainActor
final class MenuList: ViewController, TableViewDataSource {
    let table: TableView
    let sections: Int, rowsPerSection: Int

    init(style: TableView.Style = .insetGrouped, sections: Int = 2, rowsPerSection: Int = 7) {
        table = TableView(frame: .zero, style: style)
        (self.sections, self.rowsPerSection) = (sections, rowsPerSection)
        super.init()
    }

    override func loadView() {
        table.dataSource = self
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        view = table
    }
    func numberOfSections(in tableView: TableView) -> Int { sections }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rowsPerSection }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sections == 1 ? nil : section == 0 ? "Coffee" : "Bakery"
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        let number = indexPath.section * rowsPerSection + indexPath.row
        var content = cell.defaultContentConfiguration()
        content.text = "Item \(number + 1): a flat white with oat milk"
        content.secondaryText = "Espresso and a thin layer of steamed milk, €\(3 + number % 4).40"
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}

/// Every frame of a navigation push between two such screens, drawn into a
/// 1280 x 800 bitmap: with the screens sliding as pictures, and with every
/// view drawn again each frame (how it was), alternated, beside a memcpy.
@MainActor
func benchmarkPush() -> String {
    let width = 1280, height = 800
    let bitmap = try! Bitmap(width: width, height: height)
    let context = GraphicsContext(bitmap: bitmap)
    func pushFrames(rasterized: Bool) -> (frameTime: Double, frames: Int, first: Double, medianFrame: Double) {
        NavigationController.rasterizesTransitions = rasterized
        let (application, clock, window, navigation) = menuWindow(MenuList(), drawnInto: context)
        let second = MenuList()
        second.title = "Coffee"
        navigation.pushViewController(second, animated: true)
        var total = 0.0, frames = 0, times: [Double] = []
        while application.hasRunningAnimations {
            clock.advance(to: clock.now + 1.0 / 60)
            let time = best(runs: 1) { _ in
                window.layoutIfNeeded()
                window.render(window.takeFrame(), in: context)
                context.flush()
            }
            if ProcessInfo.processInfo.environment["BENCH_PUSH_FRAMES"] != nil { print(rasterized, frames, time * 1000) }
            total += time
            times.append(time)
            frames += 1
        }
        return (total / Double(frames), frames, times[0], times.sorted()[times.count / 2])
    }
    let frameCopy = FrameCopy(bytes: width * height * 4)
    var memcpyTimes: [Double] = [], pictureTimes: [Double] = [], redrawTimes: [Double] = []
    var pictureFirst: [Double] = [], redrawFirst: [Double] = [], pictureMedian: [Double] = [], redrawMedian: [Double] = []
    var frames = 0
    for _ in 0..<7 {
        memcpyTimes.append(frameCopy.time())
        let pictures = pushFrames(rasterized: true)
        pictureTimes.append(pictures.frameTime)
        pictureFirst.append(pictures.first)
        pictureMedian.append(pictures.medianFrame)
        frames = pictures.frames
        let redraws = pushFrames(rasterized: false)
        redrawTimes.append(redraws.frameTime)
        redrawFirst.append(redraws.first)
        redrawMedian.append(redraws.medianFrame)
    }
    NavigationController.rasterizesTransitions = true
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func ratio(_ a: [Double], _ b: [Double]) -> Double { median(zip(a, b).map { $0 / $1 }) }
    let pictureRatio = ratio(pictureTimes, memcpyTimes), redrawRatio = ratio(redrawTimes, memcpyTimes)
    func ms(_ values: [Double]) -> String { String(format: "%.3f ms", median(values) * 1000) }
    return """
        ### A navigation push between two grouped tables, 1280x800 (issue 27)

        The mean frame of a \(frames)-frame push (`NavigationController`, two 14-row inset-grouped tables
        with titles, details and disclosure indicators), rendered into a bitmap; seven pushes each way,
        alternated with a memcpy of the frame. Ratios are medians of paired ratios.

        | | mean frame (median of 7) | ratio | median frame | first frame | target |
        |---|---|---|---|---|---|
        | memcpy of one frame | \(ms(memcpyTimes)) | 1 | | | |
        | screens slide as pictures (`shouldRasterize` during the push) | \(ms(pictureTimes)) | \(String(format: "%.2f", pictureRatio))x memcpy | \(ms(pictureMedian)), \(String(format: "%.2f", ratio(pictureMedian, memcpyTimes)))x | \(ms(pictureFirst)) | at most 3x: \(pictureRatio <= 3 ? "met" : "MISSED") |
        | every view drawn again each frame (as before) | \(ms(redrawTimes)) | \(String(format: "%.2f", redrawRatio))x memcpy | \(ms(redrawMedian)), \(String(format: "%.2f", ratio(redrawMedian, memcpyTimes)))x | \(ms(redrawFirst)) | |

        """
}

/// A window the size of `context`'s bitmap, on a virtual clock, showing
/// `menu` in a navigation controller, drawn once as the compositor draws:
/// laid out, into a frame `context` keeps.
@MainActor
func menuWindow(_ menu: MenuList, drawnInto context: GraphicsContext)
    -> (application: Application, clock: VirtualTimeline, window: Window, navigation: NavigationController)
{
    let application = Application()
    let clock = VirtualTimeline()
    application.timeline = clock
    let size = Rect(x: 0, y: 0, width: Double(context.bitmap.width), height: Double(context.bitmap.height))
    let window = Window(frame: size, application: application)
    menu.title = "Menu"
    let navigation = NavigationController(rootViewController: menu)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    window.render(window.takeFrame(), in: context)
    return (application, clock, window, navigation)
}

/// The yardstick the drawing figures are given in: one memcpy of a frame,
/// timed once, between the runs it is compared with.
final class FrameCopy {
    let bytes: Int
    private let source: UnsafeMutableRawPointer, destination: UnsafeMutableRawPointer

    init(bytes: Int) {
        self.bytes = bytes
        source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        destination = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        memset(source, 0x5a, bytes)
    }

    deinit {
        source.deallocate()
        destination.deallocate()
    }

    func time() -> Double { best(runs: 1) { _ in memcpy(destination, source, bytes) } }
}

import Foundation
import TouchUI

/// Presenting a page sheet over a menu at 1280 x 800, every frame of its
/// slide up drawn as the compositor draws: with the sheet drawn once into a
/// picture for the animation, and with every view of it drawn again each
/// frame (how it was), alternated, beside a memcpy of the frame.
@MainActor
func benchmarkSheet() -> String {
    let width = 1280, height = 800
    let bitmap = try! Bitmap(width: width, height: height)
    let context = GraphicsContext(bitmap: bitmap)
    func presentFrames(rasterized: Bool) -> (mean: Double, first: Double, frames: Int) {
        View.rasterizesAnimatedViews = rasterized
        let menu = MenuList()
        let (application, clock, window, _) = menuWindow(menu, drawnInto: context)
        let sheet = NavigationController(rootViewController: MenuList(style: .insetGrouped, sections: 2, rowsPerSection: 7))
        menu.present(sheet, animated: true)
        var times: [Double] = []
        while application.hasRunningAnimations {
            clock.advance(to: clock.now + 1.0 / 60)
            let start = now()
            window.layoutIfNeeded()
            window.render(window.takeFrame(), in: context)
            context.flush()
            times.append(Double(now() - start) / 1e9)
        }
        return (times.reduce(0, +) / Double(times.count), times[0], times.count)
    }
    let frameCopy = FrameCopy(bytes: width * height * 4)
    var copies: [Double] = [], pictures: [Double] = [], redraws: [Double] = [], pictureFirst: [Double] = [], redrawFirst: [Double] = []
    var frames = 0
    for _ in 0..<7 {
        copies.append(frameCopy.time())
        let picture = presentFrames(rasterized: true)
        let redraw = presentFrames(rasterized: false)
        pictures.append(picture.mean)
        pictureFirst.append(picture.first)
        redraws.append(redraw.mean)
        redrawFirst.append(redraw.first)
        frames = picture.frames
    }
    View.rasterizesAnimatedViews = true
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func ratio(_ a: [Double], _ b: [Double]) -> Double { median(zip(a, b).map { $0 / $1 }) }
    func ms(_ values: [Double]) -> String { String(format: "%.3f ms", median(values) * 1000) }
    return """
        ### Presenting a page sheet, 1280x800 (issue 27)

        Every frame of a \(frames)-frame page sheet sliding up (a navigation controller holding a
        14-row inset-grouped table) over a menu, rendered as the compositor renders, into a frame it
        keeps. Seven presentations each way, alternated with a memcpy of the frame; ratios are
        medians of paired ratios.

        | | mean frame | ratio to memcpy | first frame |
        |---|---|---|---|
        | memcpy of one frame | \(ms(copies)) | 1 | |
        | the sheet drawn once into a picture for its animation | \(ms(pictures)) | \(String(format: "%.2f", ratio(pictures, copies)))x | \(ms(pictureFirst)) |
        | every view of the sheet drawn again each frame (as before) | \(ms(redraws)) | \(String(format: "%.2f", ratio(redraws, copies)))x | \(ms(redrawFirst)) |

        """
}

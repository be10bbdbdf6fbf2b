import Foundation
import TouchUI

/// A screen of sixteen cards cross-dissolving into new ones at 1280 x 800
/// (`View.transition(with:)`, every title changed), and the same screen
/// flipping to them, every frame of it drawn as the compositor draws,
/// beside the same screen drawn whole each frame and a memcpy of the frame.
@MainActor
func benchmarkTransition() -> String {
    let width = 1280, height = 800
    let bitmap = try! Bitmap(width: width, height: height)
    let context = GraphicsContext(bitmap: bitmap)
    /// The frames of one dissolve (`ticks` of them, or all), each timed.
    /// `dissolve` false: no transition, the screen drawn whole each frame instead.
    /// `flip`: a flip from the left instead of the dissolve; `turn`: every card turning 60 degrees in perspective instead.
    func dissolveFrames(dissolve: Bool = true, flip: Bool = false, turn: Bool = false, ticks: Int? = nil) -> (mean: Double, first: Double, frames: Int) {
        let application = Application()
        let clock = VirtualTimeline()
        application.timeline = clock
        let window = Window(frame: CGRect(x: 0, y: 0, width: width, height: height), application: application)
        window.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        let content = View(frame: window.bounds)
        let cards = addTableCards(to: content)
        let titles = cards.map { $0.subviews[0] as! Label }
        window.addSubview(content)
        window.makeKeyAndVisible()
        window.render(window.takeDamage(), in: context)
        if turn {
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 800
            View.animate(withDuration: 0.3, delay: 0, options: .curveLinear, animations: {
                for card in cards { card.transform3D = CATransform3DRotate(perspective, .pi / 3, 0, 1, 0) }
            })
        } else if dissolve {
            View.transition(with: content, duration: 0.3, options: [flip ? .transitionFlipFromLeft : .transitionCrossDissolve, .curveLinear], animations: {
                for (index, title) in titles.enumerated() { title.text = "Table \(index + 1): paid" }
            })
        }
        var times: [Double] = []
        while (dissolve ? application.hasRunningAnimations : times.count < 18), ticks.map({ times.count < $0 }) ?? true {
            clock.advance(to: clock.now + 1.0 / 60)
            if !dissolve { window.setNeedsDisplay() }
            times.append(timedDisplayTick(window, into: context))
        }
        return (times.reduce(0, +) / Double(max(1, times.count)), times.first ?? 0, times.count)
    }
    // BENCH_TRANSITION_ONLY=dissolve|flip|redraw BENCH_TRANSITION_TICKS=N runs N frames of one, for callgrind's counts.
    if let only = ProcessInfo.processInfo.environment["BENCH_TRANSITION_ONLY"] {
        let ticks = ProcessInfo.processInfo.environment["BENCH_TRANSITION_TICKS"].flatMap(Int.init) ?? 18
        let run = dissolveFrames(dissolve: only != "redraw", flip: only == "flip", turn: only == "turn", ticks: ticks)
        return "\(run.frames) frames (\(only))"
    }
    let frameCopy = FrameCopy(bytes: width * height * 4)
    var copies: [Double] = [], dissolves: [Double] = [], redraws: [Double] = [], dissolveFirst: [Double] = []
    var flips: [Double] = [], flipFirst: [Double] = [], turns: [Double] = [], turnFirst: [Double] = []
    var frames = 0
    for _ in 0..<7 {
        copies.append(frameCopy.time())
        let dissolve = dissolveFrames()
        redraws.append(dissolveFrames(dissolve: false).mean)
        dissolves.append(dissolve.mean)
        dissolveFirst.append(dissolve.first)
        frames = dissolve.frames
        let flip = dissolveFrames(flip: true)
        flips.append(flip.mean)
        flipFirst.append(flip.first)
        let turn = dissolveFrames(turn: true)
        turns.append(turn.mean)
        turnFirst.append(turn.first)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func ratio(_ a: [Double], _ b: [Double]) -> Double { median(zip(a, b).map { $0 / $1 }) }
    func ms(_ values: [Double]) -> String { String(format: "%.3f ms", median(values) * 1000) }
    return """
        ### A screen cross-dissolving into the next, 1280x800 (issue 27)

        Sixteen cards (270x150, corner radius 12, two labels) whose titles all
        change in `View.transition(with:duration: 0.3, options:
        .transitionCrossDissolve)`: \(frames) frames, each drawn as the compositor
        draws; beside it, the same screen drawn whole each frame. Seven runs
        each, alternated with a memcpy of the frame; medians, ratios medians
        of paired ratios.

        | | mean frame | ratio to memcpy | first frame |
        |---|---|---|---|
        | memcpy of one frame | \(ms(copies)) | 1 | |
        | **a frame of the dissolve** | \(ms(dissolves)) | **\(String(format: "%.2fx", ratio(dissolves, copies)))** | \(ms(dissolveFirst)) |
        | a frame of a flip from the left | \(ms(flips)) | \(String(format: "%.2fx", ratio(flips, copies))) | \(ms(flipFirst)) |
        | a frame of every card turning 60 degrees in perspective | \(ms(turns)) | \(String(format: "%.2fx", ratio(turns, copies))) | \(ms(turnFirst)) |
        | the screen drawn whole | \(ms(redraws)) | \(String(format: "%.2fx", ratio(redraws, copies))) | |

        """
}

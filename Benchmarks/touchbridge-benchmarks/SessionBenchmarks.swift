import Foundation
import Graphics
import TouchUI

/// A long session of the screens that keep pictures: pushes and pops
/// between two grouped tables and a page sheet presented and dismissed, at
/// 1280x800, every frame rendered. The kept pictures' memory is sampled on
/// every frame and resident memory every 50 rounds: the pictures stay
/// within `View.rasterizationMemoryLimit` (the configuration's
/// `picture-memory`), text's pictures within a quarter of it more, and the
/// process does not grow. Run once at the default limit and once at a limit
/// too small for the two screens of a push.
@MainActor
func benchmarkSession() -> String {
    let rounds = Int(ProcessInfo.processInfo.environment["BENCH_SESSION_ROUNDS"] ?? "") ?? 400
    func residentMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return Double(pages * Int(sysconf(Int32(_SC_PAGESIZE)))) / 1_048_576
    }
    func session(limit: Int) -> (samples: [(round: Int, resident: Double)], peakPictures: Int, peakText: Int, frames: Int) {
        let (saved, savedText) = (View.rasterizationMemoryLimit, TextPictureStore.shared.limit)
        View.rasterizationMemoryLimit = limit
        TextPictureStore.shared.limit = TextPictureStore.limit(forPictureMemory: limit)
        defer { (View.rasterizationMemoryLimit, TextPictureStore.shared.limit) = (saved, savedText) }
        let bitmap = try! Bitmap(width: 1280, height: 800)
        let context = GraphicsContext(bitmap: bitmap)
        let (application, clock, window, navigation) = menuWindow(MenuList(), drawnInto: context)
        var peak = 0, peakText = 0, frames = 0
        func settle() {
            while application.hasRunningAnimations {
                clock.advance(to: clock.now + 1.0 / 60)
                window.layoutIfNeeded()
                window.render(window.takeFrame(), in: context)
                context.flush()
                peak = max(peak, View.rasterizationMemoryInUse)
                peakText = max(peakText, TextPictureStore.shared.bytesInUse)
                frames += 1
            }
        }
        var samples: [(round: Int, resident: Double)] = []
        for round in 1...rounds {
            let second = MenuList()
            second.title = "Coffee"
            navigation.pushViewController(second, animated: true)
            settle()
            let sheet = MenuList(sections: 1, rowsPerSection: 5)
            sheet.modalPresentationStyle = .pageSheet
            second.present(sheet, animated: true)
            settle()
            sheet.dismiss(animated: true)
            settle()
            navigation.popViewController(animated: true)
            settle()
            if round % 50 == 0 { samples.append((round, residentMiB())) }
        }
        return (samples, peak, peakText, frames)
    }
    let standard = session(limit: 64 << 20)
    let tight = session(limit: 6 << 20)
    func table(_ run: (samples: [(round: Int, resident: Double)], peakPictures: Int, peakText: Int, frames: Int), limit: Int) -> String {
        let rows = run.samples.map { "| \($0.round) | \(String(format: "%.2f", $0.resident)) MiB |" }.joined(separator: "\n")
        let growth = (run.samples.last?.resident ?? 0) - (run.samples.first?.resident ?? 0)
        return """
            Limit \(limit >> 20) MB: \(run.frames) frames; the kept pictures at most \(String(format: "%.2f", Double(run.peakPictures) / 1_048_576)) MiB \
            (\(run.peakPictures <= limit ? "within the limit" : "OVER THE LIMIT")); text's pictures at most \(String(format: "%.2f", Double(run.peakText) / 1_048_576)) MiB \
            (\(run.peakText <= TextPictureStore.limit(forPictureMemory: limit) ? "within its share" : "OVER ITS SHARE")); resident growth after the first 50 rounds \(String(format: "%.2f", growth)) MiB.

            | rounds | resident |
            |---:|---:|
            \(rows)

            """
    }
    return """
        ### A long session: pushes, pops and page sheets, 1280x800 (issue 27)

        \(rounds) rounds of a push, a page sheet presented and dismissed, and a pop, every frame rendered.

        \(table(standard, limit: 64 << 20))
        \(table(tight, limit: 6 << 20))
        """
}

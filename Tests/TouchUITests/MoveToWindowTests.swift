import Testing
import TouchUI

/// willMove(toWindow:) and didMoveToWindow(), as UIView's: told to every
/// view in a subtree whose window changes, the view before its subviews,
/// once per change, and not at all when the window stays the same.
@MainActor
struct MoveToWindowTests {
    final class Watcher: View {
        let name: String
        let shared: Log
        init(_ name: String, log: Log) {
            (self.name, self.shared) = (name, log)
            super.init(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        }
        override func willMove(toWindow newWindow: Window?) {
            shared.lines.append("\(name) will \(newWindow.map { "\(Int($0.frame.width))" } ?? "nil") from \(window.map { "\(Int($0.frame.width))" } ?? "nil")")
        }
        override func didMoveToWindow() {
            shared.lines.append("\(name) did \(window.map { "\(Int($0.frame.width))" } ?? "nil")")
        }
    }

    final class Log { var lines: [String] = [] }

    @Test func aSubtreeIsToldOnceWhenItsWindowChanges() {
        let log = Log()
        // The windows are told apart by their widths.
        let first = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let second = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let parent = Watcher("parent", log: log), child = Watcher("child", log: log)
        parent.addSubview(child)
        #expect(log.lines.isEmpty, "no window before or after")

        first.addSubview(parent)
        #expect(log.lines == ["parent will 100 from nil", "child will 100 from nil", "parent did 100", "child did 100"])

        log.lines = []
        let sibling = View(frame: first.bounds)
        first.addSubview(sibling)
        sibling.addSubview(parent)
        #expect(log.lines.isEmpty, "within one window nothing changes")

        second.addSubview(parent)
        #expect(log.lines == ["parent will 200 from 100", "child will 200 from 100", "parent did 200", "child did 200"], "straight from one window to the other")

        log.lines = []
        parent.removeFromSuperview()
        #expect(log.lines == ["parent will nil from 200", "child will nil from 200", "parent did nil", "child did nil"])

        log.lines = []
        let holder = View(frame: first.bounds)
        holder.addSubview(parent)
        #expect(log.lines.isEmpty, "out of any window, still out")
        first.addSubview(holder)
        #expect(log.lines == ["parent will 100 from nil", "child will 100 from nil", "parent did 100", "child did 100"], "an ancestor brings it in")
    }

    /// A window is its own window: put inside another view or taken out, its views stay in it.
    @Test func aWindowMovedIsNoChangeForItsViews() {
        let log = Log()
        let inner = Window(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let outer = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let watcher = Watcher("watcher", log: log)
        inner.addSubview(watcher)
        log.lines = []
        outer.addSubview(inner)
        inner.removeFromSuperview()
        #expect(log.lines.isEmpty)
    }
}

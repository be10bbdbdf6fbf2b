import Testing
import TouchUI

@MainActor
struct ResponderTests {
    final class Delegate: Responder, ApplicationDelegate {
        var window: Window?
    }

    @Test func theChainFromViewToDelegate() {
        let app = Application()
        let delegate = Delegate()
        app.delegate = delegate
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app)
        let controller = ViewController()
        window.setRootViewController(controller)
        let child = View()
        controller.view.addSubview(child)
        #expect(child.next === controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === window)
        #expect(window.next === app)
        #expect(app.next === delegate)
        #expect(delegate.next == nil)
    }

    @Test func aPresentedControllersNextIsItsPresenter() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: Application())
        let presenter = ViewController()
        window.setRootViewController(presenter)
        let presented = ViewController()
        var completed = false
        presenter.present(presented) { completed = true }
        #expect(completed)
        #expect(presented.next === presenter)
        #expect(presented.view.window === window)
        #expect(presenter.presentedViewController === presented)
        let third = ViewController()
        presented.present(third)
        #expect(third.next === presented)
        // Dismissing the presented one takes down what it presented too.
        presented.dismiss()
        #expect(presented.presentedViewController == nil)
        #expect(third.view.superview == nil)
        presented.dismiss()
        #expect(presenter.presentedViewController == nil)
        #expect(presented.view.superview == nil)
    }

    @Test func touchesBubbleUntilSomeoneStops() {
        final class Stopper: View {
            var began = 0
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += 1 }
        }
        final class Passer: View {
            var began = 0
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                began += 1
                super.touchesBegan(touches, with: event)
            }
        }
        let stopper = Stopper()
        let passer = Passer()
        stopper.addSubview(passer)
        passer.touchesBegan([], with: nil)
        #expect(passer.began == 1 && stopper.began == 1)
    }

    @Test func firstResponderRoutesPressesAndMotion() {
        final class Field: View {
            var pressed = 0
            var shaken = 0
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ presses: Set<Press>, with event: Event?) { pressed += presses.count }
            override func motionEnded(_ motion: Event.Subtype, with event: Event?) { if motion == .motionShake { shaken += 1 } }
        }
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app)
        window.makeKeyAndVisible()
        let field = Field()
        let plain = View()
        window.addSubview(field)
        window.addSubview(plain)
        #expect(!plain.becomeFirstResponder())
        #expect(field.becomeFirstResponder())
        #expect(field.isFirstResponder && app.firstResponder === field)
        app.sendEvent(Event(presses: [Press(key: nil, phase: .began, timestamp: 1)], timestamp: 1))
        app.sendEvent(Event(type: .motion, subtype: .motionShake, timestamp: 2))
        #expect(field.pressed == 1 && field.shaken == 1)
        #expect(field.resignFirstResponder())
        #expect(app.firstResponder == nil)
    }

    @Test func nilTargetActionsWalkFromTheFirstResponder() {
        final class Field: View { override var canBecomeFirstResponder: Bool { true } }
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app)
        window.makeKeyAndVisible()
        let controller = ViewController()
        window.setRootViewController(controller)
        let field = Field()
        controller.view.addSubview(field)
        var copied: [String] = []
        controller.addAction("copy:") { _ in copied.append("controller") }
        app.addAction("paste:") { _ in copied.append("application") }
        field.becomeFirstResponder()
        #expect(app.sendAction("copy:", to: nil, from: field, for: nil))
        #expect(app.sendAction("paste:", to: nil, from: field, for: nil))
        #expect(!app.sendAction("cut:", to: nil, from: field, for: nil))
        #expect(copied == ["controller", "application"])
        field.addAction("copy:") { _ in copied.append("field") }
        #expect(app.sendAction("copy:", to: nil, from: nil, for: nil))
        #expect(copied.last == "field")
        #expect(app.sendAction("copy:", to: controller, from: nil, for: nil))
        #expect(copied.last == "controller")
    }

    /// View-controller containment as UIKit documents it: addChild calls the
    /// child's willMove(toParent:), removeFromParent calls didMove(toParent: nil);
    /// the container calls the other two. A child's root view's next is the child.
    @Test func containmentKeepsChildrenAndTheChain() {
        final class Child: ViewController {
            var calls: [String] = []
            override func willMove(toParent parent: ViewController?) { calls.append("willMove \(parent == nil ? "nil" : "parent")") }
            override func didMove(toParent parent: ViewController?) { calls.append("didMove \(parent == nil ? "nil" : "parent")") }
        }
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), application: app)
        let container = ViewController()
        window.setRootViewController(container)
        let child = Child()
        container.addChild(child)
        #expect(child.calls == ["willMove parent"])
        #expect(container.children.count == 1 && child.parent === container)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        #expect(child.view.next === child)
        #expect(child.next === container.view)
        let button = Button(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        child.view.addSubview(button)
        let expected: [Responder] = [button, child.view, child, container.view]
        #expect(zip(chain(from: button), expected).allSatisfy { $0 === $1 })
        child.calls.removeAll()
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(child.calls == ["willMove nil", "didMove nil"])
        #expect(container.children.isEmpty && child.parent == nil)
        // Adding to another parent first leaves the old one.
        let other = ViewController()
        container.addChild(child)
        other.addChild(child)
        #expect(container.children.isEmpty && other.children.first === child)
    }

    private func chain(from responder: Responder) -> [Responder] {
        var result: [Responder] = []
        var current: Responder? = responder
        while let next = current, result.count < 10 {
            result.append(next)
            current = next.next
        }
        return result
    }
}

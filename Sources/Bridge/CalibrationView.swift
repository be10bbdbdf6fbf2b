import TouchUI

/// The screen of an on-screen calibration, as tslib's ts_calibrate shows it:
/// one cross at a time, at the corners and then the centre (five), or the
/// corners, the edges' middles and the centre (nine). Each touch reports
/// the median of where the finger was (a finger rolls as it lands and
/// lifts); the session then says which cross to show next, or that it is done.
@MainActor
public final class CalibrationView: View {
    /// Where the crosses are drawn, in the order they are first shown.
    public let targets: [Point]
    /// The cross shown now.
    public private(set) var current = 0
    public private(set) var isFinished = false
    /// Where the touch of the current cross was: called once per touch.
    public var onTouched: ((Point) -> Void)?
    /// A line under the instructions: why a cross is asked again, or how the fit went.
    public private(set) var note = ""
    private var samples: [Point] = []

    /// The check after a fit, as tslib's ts_verify: every cross shown, each
    /// touch drawn where the new calibration puts it, and two buttons. The
    /// touches still come uncalibrated, so the buttons are hit where the new
    /// calibration puts a touch, not where the panel reports it.
    public var isVerifying: Bool { verification != nil }
    public var onAccept: (() -> Void)?
    /// A touch during the check that was neither Accept nor Redo.
    public var onChecked: (() -> Void)?
    public var onRedo: (() -> Void)?
    public private(set) var acceptButton: Button?
    public private(set) var redoButton: Button?
    private var verification: (map: (Point) -> Point, landed: [Point])?

    /// `points`: 5 or 9 crosses.
    public init(frame: Rect, points: Int = 5) {
        let w = frame.width, h = frame.height
        let inset = max(30, (min(w, h) * 0.1).rounded())
        let (left, right, top, bottom) = (inset, w - inset, inset, h - inset)
        let (midX, midY) = ((w / 2).rounded(), (h / 2).rounded())
        if points == 9 {
            targets = [
                Point(x: left, y: top), Point(x: midX, y: top), Point(x: right, y: top), Point(x: right, y: midY),
                Point(x: right, y: bottom), Point(x: midX, y: bottom), Point(x: left, y: bottom), Point(x: left, y: midY),
                Point(x: midX, y: midY),
            ]
        } else {
            targets = [
                Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom),
                Point(x: midX, y: midY),
            ]
        }
        super.init(frame: frame)
        backgroundColor = .white
    }

    public override convenience init(frame: Rect) { self.init(frame: frame, points: 5) }

    /// Shows every cross and puts each touch where `map` (the new
    /// calibration) takes it, with the distance to the nearest cross, until
    /// Accept or Redo is tapped.
    public func verify(mapping map: @escaping (Point) -> Point) {
        verification = (map, [])
        note = "Touch the crosses to see where touches land now"
        let width = 140.0, height = 44.0, y = (bounds.height * 0.75).rounded()
        let redo = Button(frame: Rect(x: bounds.midX - 10 - width, y: y, width: width, height: height), title: "Redo")
        let accept = Button(frame: Rect(x: bounds.midX + 10, y: y, width: width, height: height), title: "Accept")
        for button in [redo, accept] {
            button.backgroundColor = Color(white: 0.9)
            button.setTitleColor(.black, for: .normal)
            button.isUserInteractionEnabled = false
            addSubview(button)
        }
        (acceptButton, redoButton) = (accept, redo)
        setNeedsDisplay()
    }

    /// Leaves the check: the buttons go, and the crosses are asked again from `ask`.
    public func endVerification() {
        acceptButton?.removeFromSuperview()
        redoButton?.removeFromSuperview()
        (acceptButton, redoButton, verification) = (nil, nil, nil)
        setNeedsDisplay()
    }

    /// Shows cross `index`, with `note` under the instructions.
    public func ask(_ index: Int, note: String = "") {
        setNeedsDisplay(area(of: current))
        current = index
        self.note = note
        isFinished = false
        setNeedsDisplay(area(of: current))
        setNeedsDisplay(instructionsRect)
    }

    /// Takes the last cross away and shows `note`.
    public func finish(note: String) {
        setNeedsDisplay(area(of: current))
        isFinished = true
        self.note = note
        setNeedsDisplay(instructionsRect)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        samples = [touch.location(in: self)]
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        samples.append(touch.location(in: self))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard !isFinished, !samples.isEmpty else { return }
        let xs = samples.map(\.x).sorted(), ys = samples.map(\.y).sorted()
        let median = Point(x: xs[xs.count / 2], y: ys[ys.count / 2])
        samples = []
        if var check = verification {
            let landed = check.map(median)
            if let acceptButton, acceptButton.frame.contains(landed) { return onAccept?() ?? () }
            if let redoButton, redoButton.frame.contains(landed) { return onRedo?() ?? () }
            check.landed.append(landed)
            verification = check
            let nearest = targets.map { $0.distance(to: landed) }.min() ?? 0
            note = String(printf: "That touch landed %.1f px from the nearest cross", nearest)
            setNeedsDisplay()
            onChecked?()
            return
        }
        onTouched?(median)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { samples = [] }

    private func area(of index: Int) -> Rect {
        let target = targets[index]
        return Rect(x: target.x - 24, y: target.y - 24, width: 48, height: 48)
    }

    private var instructionsRect: Rect { Rect(x: 0, y: bounds.midY + 40, width: bounds.width, height: 70) }

    public override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        if let verification {
            for target in targets {
                context.strokeLine(from: Point(x: target.x - 12, y: target.y), to: Point(x: target.x + 12, y: target.y), with: .gray, lineWidth: 1)
                context.strokeLine(from: Point(x: target.x, y: target.y - 12), to: Point(x: target.x, y: target.y + 12), with: .gray, lineWidth: 1)
            }
            for point in verification.landed {
                context.fill(Path(ovalIn: Rect(x: point.x - 4, y: point.y - 4, width: 8, height: 8)), with: .blue)
            }
            let lines = Rect(x: 0, y: instructionsRect.minY, width: bounds.width, height: 30)
            context.draw("Accept this calibration, or redo it", in: lines, font: .systemFont(ofSize: 20), color: .black, alignment: .center)
            context.draw(note, in: lines.offsetBy(dx: 0, dy: 32), font: .systemFont(ofSize: 16), color: .darkGray, alignment: .center)
            return
        }
        if !isFinished {
            let target = targets[current]
            context.strokeLine(from: Point(x: target.x - 20, y: target.y), to: Point(x: target.x + 20, y: target.y), with: .red, lineWidth: 2)
            context.strokeLine(from: Point(x: target.x, y: target.y - 20), to: Point(x: target.x, y: target.y + 20), with: .red, lineWidth: 2)
            context.stroke(Path(ovalIn: Rect(x: target.x - 8, y: target.y - 8, width: 16, height: 16)), with: .red, lineWidth: 2)
        }
        let text = isFinished ? "Calibration finished" : "Touch the centre of the cross (\(current + 1) of \(targets.count))"
        let lines = Rect(x: 0, y: instructionsRect.minY, width: bounds.width, height: 30)
        context.draw(text, in: lines, font: .systemFont(ofSize: 20), color: .black, alignment: .center)
        if !note.isEmpty {
            context.draw(note, in: lines.offsetBy(dx: 0, dy: 32), font: .systemFont(ofSize: 16), color: .darkGray, alignment: .center)
        }
    }
}

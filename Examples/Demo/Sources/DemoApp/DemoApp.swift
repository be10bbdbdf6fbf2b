import TouchBridge

/// The app `touchbridge run` hosts when given none: a touch-test screen a
/// technician would want. Finger markers with ids and tap counts over
/// everything, buttons that highlight (they pick the paint colour or clear
/// the canvas), a scrolling list, a photo to pinch, rotate and drag, a paint
/// canvas, a text field to type into (from a keyboard, a barcode scanner
/// or the on-screen keyboard), and a status line with the devices and the
/// event rate.
///
/// Laid out in proportions of any screen, and again when the screen changes
/// size (a desktop window resized): the list on the left, the canvas with
/// its button bar in the middle, the text field over the photo on the right.
@MainActor
public final class DemoApp {
    public let window: DemoWindow
    public let statusLabel: Label
    public let buttons: [Button]
    public let canvas: PaintCanvasView
    public let photo: PhotoView
    public let list: ScrollView
    public let textField: TextField
    /// What was typed when Return was last pressed in the text field.
    public private(set) var lastEntry: String?
    /// Keys cancelled because their keyboard went away while they were down.
    public private(set) var keysCancelled = 0
    /// The last code a barcode scanner read.
    public private(set) var lastScan: String?
    /// The paint colours the buttons choose, by title.
    public static let paints: [(title: String, color: Color)] = [("Red", .systemRed), ("Blue", .systemBlue)]
    public static let selectedButtonColor = Color(red: 1, green: 0.8, blue: 0)
    public static let statusHeight = 28.0
    /// The list's rows greet in seven scripts, each aligned as its script runs: Arabic and Hebrew on the right.
    public static let greetings = ["Hello", "مرحبا", "שלום", "नमस्ते", "สวัสดี", "你好", "こんにちは"]

    /// The input devices in use, named by the host (the UI model knows nothing of Linux).
    public var deviceNames: [String] = [] { didSet { updateStatus() } }
    /// A line the host may add to the status (say, "device unplugged").
    public var hostMessage = "" { didSet { updateStatus() } }
    public private(set) var lastButton: String?

    private let statusBar: View
    private let rows: [View]
    private static let rowHeight = 44.0

    public init(application: Application, screen: Size) {
        let w = screen.width, h = screen.height
        window = DemoWindow(frame: Rect(origin: .zero, size: screen), application: application)
        window.backgroundColor = Color(white: 0.93)

        statusLabel = Label(frame: .zero)
        statusLabel.backgroundColor = Color(white: 0.2)
        statusLabel.textColor = .white
        statusLabel.font = .systemFont(ofSize: 15)

        list = ScrollView(frame: .zero)
        list.backgroundColor = .white
        rows = (0..<40).map { row in
            let cell = View(frame: Rect(x: 0, y: Double(row) * Self.rowHeight, width: 0, height: Self.rowHeight))
            cell.backgroundColor = row % 2 == 0 ? .white : Color(white: 0.96)
            cell.isUserInteractionEnabled = false
            let label = Label(frame: .zero)
            label.text = "\(Self.greetings[row % Self.greetings.count]) \(row + 1)"
            cell.addSubview(label)
            return cell
        }
        for cell in rows { list.addSubview(cell) }

        // The canvas's painting is a bitmap of its size: made at it, not grown from nothing.
        let top = Self.statusHeight + 8
        canvas = PaintCanvasView(frame: Rect(x: 0, y: 0, width: (w * 0.36).rounded(), height: (h * 0.765).rounded() - top))
        let titles = Self.paints.map(\.title) + ["Clear"]
        buttons = titles.map { title in
            let button = Button(frame: .zero, title: title)
            button.backgroundColor = .white
            button.cornerRadius = 8
            return button
        }

        photo = PhotoView(frame: .zero)
        textField = TextField(frame: .zero)
        textField.placeholder = "Type here"
        textField.borderStyle = .roundedRect

        statusBar = View(frame: .zero)
        statusBar.backgroundColor = statusLabel.backgroundColor
        statusBar.addSubview(statusLabel)
        for view in [list, canvas, photo, textField] as [View] { window.addSubview(view) }
        textField.addAction(for: .primaryActionTriggered) { [unowned self] _, _ in
            self.lastEntry = self.textField.text
            self.updateStatus()
        }
        // Keys typed with nothing focused go to the text field, as a kiosk's search box takes them.
        window.onUnfocusedPresses = { [unowned self] presses, event in
            // Only when nothing has focus: a key the field itself passed on (Tab, a shortcut) goes no further.
            guard application.firstResponder == nil, presses.contains(where: { !($0.key?.characters.isEmpty ?? true) }),
                self.textField.becomeFirstResponder()
            else { return false }
            self.textField.pressesBegan(presses, with: event)
            return true
        }
        window.onPressesCancelled = { [unowned self] count in
            self.keysCancelled += count
            self.updateStatus()
        }
        for button in buttons {
            window.addSubview(button)
            button.addAction(for: .touchUpInside) { [unowned self] control, _ in self.tapped(control as! Button) }
        }
        window.addSubview(statusBar)  // above the photo, wherever it is dragged
        window.onTouchesChanged = { [unowned self] in self.updateStatus() }
        layout(in: screen)
        window.onSizeChanged = { [unowned self] size in self.layout(in: size) }
        window.makeKeyAndVisible()
        select(buttons[0])
        updateStatus()
    }

    /// Every view's place on a screen of `size`.
    private func layout(in size: Size) {
        let w = size.width, h = size.height
        statusBar.frame = Rect(x: 0, y: 0, width: w, height: Self.statusHeight)
        statusLabel.frame = Rect(x: 8, y: 0, width: w - 16, height: Self.statusHeight)

        let top = Self.statusHeight + 8
        let leftWidth = (w * 0.28).rounded() - 16
        list.frame = Rect(x: 8, y: top, width: leftWidth, height: h - top - 8)
        for (row, cell) in rows.enumerated() {
            cell.frame = Rect(x: 0, y: Double(row) * Self.rowHeight, width: leftWidth, height: Self.rowHeight)
            cell.subviews.first?.frame = cell.bounds.insetBy(dx: 12, dy: 0)
        }
        list.contentSize = Size(width: leftWidth, height: Double(rows.count) * Self.rowHeight)

        let middleX = (w * 0.28).rounded(), middleWidth = (w * 0.36).rounded()
        let barTop = (h * 0.78).rounded(), barHeight = (h * 0.12).rounded()
        canvas.frame = Rect(x: middleX, y: top, width: middleWidth, height: (h * 0.765).rounded() - top)
        let buttonWidth = (middleWidth - 2 * 8) / 3
        for (index, button) in buttons.enumerated() {
            button.frame = Rect(x: middleX + Double(index) * (buttonWidth + 8), y: barTop, width: buttonWidth, height: barHeight)
        }

        let rightX = middleX + middleWidth + 8, rightWidth = w - rightX - 8
        let side = min(rightWidth, h - top - 8) * 0.7
        // By centre and bounds: the photo may be pinched or turned (a frame means nothing then).
        photo.bounds = Rect(x: 0, y: 0, width: side, height: side)
        photo.center = Point(x: rightX + rightWidth / 2, y: top + (h - top) / 2)
        textField.frame = Rect(x: rightX, y: top, width: rightWidth, height: min(44, (h * 0.09).rounded()))
        window.markers.frame = Rect(origin: .zero, size: size)
    }

    /// A barcode scanner read `code`: shown in the status line, whatever has focus.
    public func scanned(_ code: String) {
        lastScan = code
        updateStatus()
    }

    private func tapped(_ button: Button) {
        lastButton = button.title
        if button.title == "Clear" {
            canvas.clear()
        } else {
            select(button)
        }
        updateStatus()
    }

    private func select(_ button: Button) {
        for other in buttons where other !== button && other.title != "Clear" { other.backgroundColor = .white }
        button.backgroundColor = Self.selectedButtonColor
        if let paint = Self.paints.first(where: { $0.title == button.title }) { canvas.paintColor = paint.color }
    }

    /// The rate shown, and when it was worked out: it changes a few times a
    /// second at most, so the status line is not redrawn on every event.
    private var shownRate = 0
    private var rateTime = -Double.infinity

    private func updateStatus() {
        let now = window.hostApplication.timeline.now
        if now - rateTime >= 0.5 || window.eventsInLastSecond == 0 {
            shownRate = window.eventsInLastSecond
            rateTime = now
        }
        var parts = [deviceNames.isEmpty ? "no touchscreen" : deviceNames.joined(separator: ", ")]
        parts.append("\(window.fingersDown) down")
        parts.append("\(shownRate) events/s")
        if let lastButton { parts.append("tapped \(lastButton)") }
        if let lastEntry { parts.append("entered \(lastEntry)") }
        if let lastScan { parts.append("scanned \(lastScan)") }
        if keysCancelled > 0 { parts.append("\(keysCancelled) key\(keysCancelled == 1 ? "" : "s") cancelled") }
        if !hostMessage.isEmpty { parts.append(hostMessage) }
        statusLabel.text = parts.joined(separator: "  ·  ")
    }
}

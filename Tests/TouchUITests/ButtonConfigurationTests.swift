import Testing
import TouchUI

/// UIButton.Configuration as Apple documents it: "plain", "tinted", "gray"
/// and "filled" backgrounds, a subtitle under the title, the image beside
/// or above the text with `imagePadding`, corner styles, content insets
/// of 7 and 12 points by default, and an update handler that restyles the
/// button when its state changes.
@MainActor
struct ButtonConfigurationTests {
    let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 60), application: Application())

    init() { window.backgroundColor = .white }

    /// The button drawn alone on white; the pixel at `point`.
    func drawn(_ button: Button, at points: [Point]) throws -> [PixelColor] {
        button.frame = window.bounds
        window.addSubview(button)
        defer { button.removeFromSuperview() }
        let bitmap = try Bitmap(width: 200, height: 60)
        window.render(window.takeDamage(), in: GraphicsContext(bitmap: bitmap))
        return points.map { bitmap.pixel(x: Int($0.x), y: Int($0.y)) }
    }

    func near(_ pixel: PixelColor, _ color: Color) -> Bool { pixel.distance(to: color.pixel) <= 6 }

    /// White blended with `color` at `alpha`, as drawn over the white window.
    func over(_ color: Color, _ alpha: Double) -> Color {
        Color(red: 1 - alpha + color.red * alpha, green: 1 - alpha + color.green * alpha, blue: 1 - alpha + color.blue * alpha)
    }

    @Test func eachStyleFillsItsBackgroundAsDocumented() throws {
        // Just inside the left edge, half way down: background, not text.
        let edge = Point(x: 3, y: 30)
        let filled = Button(configuration: .filled())
        let tinted = Button(configuration: .tinted())
        let gray = Button(configuration: .gray())
        let plain = Button(configuration: .plain())
        #expect(near(try drawn(filled, at: [edge])[0], .systemBlue), "filled: the tint")
        #expect(near(try drawn(tinted, at: [edge])[0], over(.systemBlue, 0.15)), "tinted: a wash of the tint")
        let fill = Color.secondarySystemFill
        #expect(near(try drawn(gray, at: [edge])[0], over(fill, fill.alpha)), "gray: a grey")
        #expect(near(try drawn(plain, at: [edge])[0], .white), "plain: none")
    }

    @Test func theTitleIsWhiteOnFilledAndTheTintElsewhere() throws {
        var filled = Button.Configuration.filled()
        filled.title = "██████"
        var plain = Button.Configuration.plain()
        plain.title = "██████"
        let middle = Point(x: 100, y: 30)
        #expect(near(try drawn(Button(configuration: filled), at: [middle])[0], .white))
        #expect(near(try drawn(Button(configuration: plain), at: [middle])[0], .systemBlue))
        plain.baseForegroundColor = .systemRed
        #expect(near(try drawn(Button(configuration: plain), at: [middle])[0], .systemRed), "baseForegroundColor")
    }

    @Test func aCapsuleHasRoundEnds() throws {
        var capsule = Button.Configuration.filled()
        capsule.cornerStyle = .capsule
        let pixels = try drawn(Button(configuration: capsule), at: [Point(x: 2, y: 2), Point(x: 30, y: 2), Point(x: 2, y: 30)])
        #expect(near(pixels[0], .white), "the corner is outside the round end")
        #expect(near(pixels[1], .systemBlue) && near(pixels[2], .systemBlue))
    }

    @Test func theSizeIsTheContentAndTheDefaultInsets() {
        var configuration = Button.Configuration.gray()
        configuration.title = "Pay"
        let title = TextLayout("Pay", font: Font.systemFont(ofSize: 17)).size
        let button = Button(configuration: configuration)
        #expect(Button.Configuration.defaultContentInsets == DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
        #expect(button.intrinsicContentSize == Size(width: title.width + 24, height: title.height + 14))
        // A subtitle goes under the title, with titlePadding between; the width is the wider line's.
        configuration.subtitle = "2 hours at €2.00 an hour"
        configuration.titlePadding = 3
        button.configuration = configuration
        let subtitle = TextLayout("2 hours at €2.00 an hour", font: Font.systemFont(ofSize: 17 * 0.8)).size
        #expect(button.intrinsicContentSize == Size(width: subtitle.width + 24, height: title.height + 3 + subtitle.height + 14))
        configuration.contentInsets = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
        button.configuration = configuration
        #expect(button.intrinsicContentSize.height == title.height + 3 + subtitle.height)
        configuration.setDefaultContentInsets()
        #expect(configuration.contentInsets == Button.Configuration.defaultContentInsets)
    }

    @Test func theImageSitsWhereItIsPlacedWithItsPadding() throws {
        let image = Image(bitmap: try Bitmap(width: 20, height: 20))
        var configuration = Button.Configuration.plain()
        configuration.title = "Map"
        configuration.image = image
        configuration.imagePadding = 6
        let title = TextLayout("Map", font: Font.systemFont(ofSize: 17)).size
        let beside = Button(configuration: configuration)
        #expect(beside.intrinsicContentSize.width == 20 + 6 + title.width + 24)
        configuration.imagePlacement = .top
        let above = Button(configuration: configuration)
        #expect(above.intrinsicContentSize == Size(width: max(20, title.width) + 24, height: 20 + 6 + title.height + 14))
    }

    /// "Use the configurationUpdateHandler to update the configuration in response to state changes."
    @Test func theUpdateHandlerRestylesTheButtonWhenItsStateChanges() throws {
        let button = Button(configuration: .filled())
        var seen: [Bool] = []
        button.configurationUpdateHandler = { button in
            seen.append(button.isHighlighted)
            button.configuration?.title = button.isHighlighted ? "Paying…" : "Pay"
        }
        #expect(button.configuration?.title == "Pay", "run once when set")
        button.isHighlighted = true
        #expect(button.configuration?.title == "Paying…")
        button.isHighlighted = false
        #expect(seen == [false, true, false])
        // Disabled: the content is grey and the background faint, whatever the style.
        button.isEnabled = false
        let pixel = try drawn(button, at: [Point(x: 3, y: 30)])[0]
        let faint = Color.quaternarySystemFill
        #expect(near(pixel, over(faint, faint.alpha)) && !near(pixel, .white), "a faint grey, not the tint and not nothing")
    }

    /// "Override updateConfiguration() to update the configuration": a subclass hears each state change without a handler.
    @Test func aSubclassUpdatesItsOwnConfiguration() {
        final class PayButton: Button {
            var updates = 0
            override func updateConfiguration() {
                super.updateConfiguration()
                updates += 1
                configuration?.title = isEnabled ? "Pay" : "Closed"
            }
        }
        let button = PayButton(configuration: .filled())
        let before = button.updates
        button.isEnabled = false
        #expect(button.updates == before + 1 && button.configuration?.title == "Closed")
    }

    /// Baselines do not depend on the bounds the button has yet: a label
    /// and a configured button on one baseline line up however they are laid out.
    @Test func aConfiguredButtonSitsOnTheBaselineOfItsNeighbour() {
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        let label = Label()
        label.text = "Total"
        var configuration = Button.Configuration.filled()
        configuration.title = "Pay"
        let button = Button(configuration: configuration)
        for view in [label, button] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
        }
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            label.topAnchor.constraint(equalTo: container.topAnchor, constant: 40),
            button.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 10),
            button.firstBaselineAnchor.constraint(equalTo: label.firstBaselineAnchor),
        ])
        container.layoutIfNeeded()
        // The button's title is centred in it, so its baseline is the label's when both texts are 17 points.
        let labelBaseline = label.frame.minY + label.frame.height / 2 + TextLayout("Total", font: label.font).baselinesFromCentre.first
        let buttonBaseline = button.frame.midY + TextLayout("Pay", font: Font.systemFont(ofSize: 17)).baselinesFromCentre.first
        #expect(abs(labelBaseline - buttonBaseline) < 0.01)
    }
}

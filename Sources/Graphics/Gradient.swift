import CCairo

/// Colours that blend into one another along a line or between circles
/// (CGGradient), drawn with `GraphicsContext.drawLinearGradient` and
/// `drawRadialGradient`.
public struct Gradient: Sendable, Equatable {
    public let colors: [Color]
    /// Where each colour sits, from 0 to 1, one per colour.
    public let locations: [Double]

    /// Nil when there are fewer than two colours, or locations that do not
    /// match them one to one (as CGGradient's initializer returns nil).
    /// Without locations the colours are spread evenly.
    public init?(colors: [Color], locations: [Double]? = nil) {
        guard colors.count >= 2 else { return nil }
        let spread = (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
        let locations = locations ?? spread
        guard locations.count == colors.count else { return nil }
        self.colors = colors
        self.locations = locations.map { min(1, max(0, $0)) }
    }

    /// CGGradient's initializer: the colour space is always the device's RGB.
    public init?(colorsSpace: ColorSpace?, colors: [Color], locations: [Double]?) {
        self.init(colors: colors, locations: locations)
    }

    /// Whether a gradient goes on past its ends in its end colours (CGGradientDrawingOptions).
    public struct DrawingOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let drawsBeforeStartLocation = DrawingOptions(rawValue: 1 << 0)
        public static let drawsAfterEndLocation = DrawingOptions(rawValue: 1 << 1)
    }
}

/// The only colour space there is here: the device's RGB (CGColorSpace).
public struct ColorSpace: Sendable {
    public static let deviceRGB = ColorSpace()
}

public typealias CGGradient = Gradient
public typealias CGGradientDrawingOptions = Gradient.DrawingOptions
public typealias CGColorSpace = ColorSpace

/// The device's RGB colour space, for `CGGradient(colorsSpace:colors:locations:)`.
public func CGColorSpaceCreateDeviceRGB() -> ColorSpace { .deviceRGB }

extension GraphicsContext {
    /// Fills the clip with `gradient` from `start` to `end` (CGContext's):
    /// lines across it, at right angles to it, are one colour. Past the
    /// ends nothing is drawn unless `options` says so.
    public func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point, options: Gradient.DrawingOptions = []) {
        guard let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
        let cr = self.cr
        paint(gradient, pattern: pattern, options: options) {
            // The half-plane past `at` (away from `from`), as a quadrilateral far larger than any screen.
            func beyond(_ at: Point, awayFrom from: Point) {
                let dx = at.x - from.x, dy = at.y - from.y
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 0 else { return }
                let ux = dx / length, uy = dy / length, far = 1e6
                cairo_move_to(cr, at.x - uy * far, at.y + ux * far)
                cairo_line_to(cr, at.x + uy * far, at.y - ux * far)
                cairo_line_to(cr, at.x + uy * far + ux * far, at.y - ux * far + uy * far)
                cairo_line_to(cr, at.x - uy * far + ux * far, at.y + ux * far + uy * far)
                cairo_close_path(cr)
            }
            return (before: { beyond(start, awayFrom: end) }, after: { beyond(end, awayFrom: start) })
        }
    }

    /// Fills the clip with `gradient` between two circles (CGContext's):
    /// the start colour on the first, the end colour on the second.
    public func drawRadialGradient(
        _ gradient: Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
        options: Gradient.DrawingOptions = []
    ) {
        guard let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, max(0, startRadius), endCenter.x, endCenter.y, max(0, endRadius))
        else { return }
        let cr = self.cr
        paint(gradient, pattern: pattern, options: options) {
            (before: { cairo_arc(cr, startCenter.x, startCenter.y, max(0, startRadius), 0, 2 * .pi) },
             after: {
                // Outside the end circle: the whole plane less the circle, filled even-odd.
                cairo_rectangle(cr, -1e6, -1e6, 2e6, 2e6)
                cairo_new_sub_path(cr)
                cairo_arc(cr, endCenter.x, endCenter.y, max(0, endRadius), 0, 2 * .pi)
             })
        }
    }

    /// Paints the clip with `pattern` holding `gradient`'s stops. With one
    /// of the two options only, the other end's region (`regions`) is cut away.
    private func paint(
        _ gradient: Gradient, pattern: OpaquePointer, options: Gradient.DrawingOptions,
        regions: () -> (before: () -> Void, after: () -> Void)
    ) {
        defer { cairo_pattern_destroy(pattern) }
        for (color, location) in zip(gradient.colors, gradient.locations) {
            let color = color.resolved(for: appearance)
            cairo_pattern_add_color_stop_rgba(pattern, location, color.red, color.green, color.blue, color.alpha)
        }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        cairo_pattern_set_extend(pattern, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if before != after {
            // Padded at both ends by cairo: cut away the end that should stay empty.
            let region = regions()
            cairo_new_path(cr)
            cairo_rectangle(cr, -1e6, -1e6, 2e6, 2e6)
            cairo_new_sub_path(cr)
            if before { region.after() } else { region.before() }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_clip(cr)
        }
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }
}

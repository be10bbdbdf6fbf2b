/// How `boundingRect(with:options:context:)` measures, as NSStringDrawingOptions.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Wrapped in the size's width, from the top left; without it, one line from its baseline.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Accepted and ignored: lines are as tall as Pango lays them out.
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Accepted and ignored: the rect is the text's layout box, not its glyphs' ink.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Accepted and ignored: the lines that fit are measured either way.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

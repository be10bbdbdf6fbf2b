extension NSAttributedString {
    /// An attribute's name, as NSAttributedString.Key, with UIKit's raw values.
    public struct Key: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// A `Font`; a 12-point system font when absent.
        public static let font = Key("NSFont")
        /// A `Color` for the glyphs; black when absent.
        public static let foregroundColor = Key("NSColor")
        /// A `Color` behind the text's box; none when absent.
        public static let backgroundColor = Key("NSBackgroundColor")
        /// An `NSParagraphStyle`: its alignment and line break mode.
        public static let paragraphStyle = Key("NSParagraphStyle")
    }
}

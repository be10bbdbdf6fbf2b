import CCairo
import Synchronization

/// A typeface at a size, found through fontconfig, as UIFont.
public struct Font: Hashable, Sendable {
    /// How heavy the strokes are, as UIFont.Weight, by their CSS weights
    /// (fontconfig picks the nearest face the font family has).
    public enum Weight: Int, Sendable, Hashable {
        case ultraLight = 100, thin = 200, light = 300, regular = 400, medium = 500, semibold = 600, bold = 700, heavy = 800, black = 900
    }

    public var family: String
    public var size: Double
    public var weight: Weight

    /// Debian's fonts-dejavu-core: present on every image this project supports.
    public static let defaultFamily = "DejaVu Sans"

    public init(family: String = Font.defaultFamily, size: Double, weight: Weight = .regular) {
        (self.family, self.size, self.weight) = (family, size, weight)
    }

    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    public static func boldSystemFont(ofSize size: Double) -> Font { Font(size: size, weight: .bold) }

    /// Dynamic Type's styles, at the sizes iOS gives them at its default
    /// (Large) text size. Their semibold weights are bold here: fontconfig's
    /// DejaVu has no semibold.
    public enum TextStyle: Sendable, CaseIterable {
        case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

        var size: Double {
            switch self {
            case .largeTitle: 34
            case .title1: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption1: 12
            case .caption2: 11
            }
        }
    }

    /// The font of a text style, as UIFont.preferredFont(forTextStyle:).
    public static func preferredFont(forTextStyle style: TextStyle) -> Font {
        Font(size: style.size, weight: style == .headline ? .bold : .regular)
    }

    public func withSize(_ size: Double) -> Font { Font(family: family, size: size, weight: weight) }

    /// Whether fontconfig knows the family; cairo would quietly draw with
    /// another font otherwise, so a missing font is caught here.
    public func checkInstalled() throws {
        if FontCatalog.isInstalled(family) { return }
        throw GraphicsError.missingFont(family)
    }
}

/// fontconfig lookups, answered once per family.
enum FontCatalog {
    private static let known = Mutex<[String: Bool]>([:])

    static func isInstalled(_ family: String) -> Bool {
        known.withLock { known in
            if let answer = known[family] { return answer }
            let answer = lookUp(family)
            known[family] = answer
            return answer
        }
    }

    private static func lookUp(_ family: String) -> Bool {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, FC_FAMILY, $0) } }
        guard let objects = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, FC_FAMILY)
        guard let list = FcFontList(nil, pattern, objects) else { return false }
        defer { FcFontSetDestroy(list) }
        return list.pointee.nfont > 0
    }
}

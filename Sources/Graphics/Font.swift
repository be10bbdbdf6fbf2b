import CCairo
import Synchronization

/// A typeface at a size, found through fontconfig, as UIFont.
public struct Font: Hashable, Sendable {
    public enum Weight: Sendable, Hashable { case regular, bold }

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

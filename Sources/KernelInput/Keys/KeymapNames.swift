import FoundationEssentials

/// An XKB keymap by its RMLVO names, as a console or desktop configures a
/// keyboard (`localectl`, /etc/default/keyboard): rules, model, one or more
/// layouts with a variant each, and options. Empty fields take xkbcommon's
/// defaults (evdev rules, pc105, us).
public struct KeymapNames: Equatable, Sendable {
    public var rules: String
    public var model: String
    /// "us", or several: "us,de".
    public var layout: String
    /// One per layout, in order: "", "nodeadkeys".
    public var variant: String
    /// "compose:ralt,grp:alt_shift_toggle".
    public var options: String

    public init(rules: String = "", model: String = "", layout: String = "", variant: String = "", options: String = "") {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// "us", "de(nodeadkeys)", "us,de(neo)", as XKB writes a layout with its variant.
    public var summary: String {
        let layouts = (layout.isEmpty ? "us" : layout).split(separator: ",", omittingEmptySubsequences: false)
        let variants = variant.split(separator: ",", omittingEmptySubsequences: false)
        var text = layouts.enumerated().map { index, name in
            let variant = index < variants.count ? variants[index] : ""
            return variant.isEmpty ? String(name) : "\(name)(\(variant))"
        }.joined(separator: ",")
        if !options.isEmpty { text += " [\(options)]" }
        return text
    }
}

/// A keymap xkbcommon cannot make, naming the setting that is wrong.
public struct KeymapError: Error, Equatable, CustomStringConvertible {
    /// "layout", "variant", "options", "model" or "rules".
    public let setting: String
    public let message: String

    public init(setting: String, _ message: String) {
        self.setting = setting
        self.message = message
    }

    public var description: String { message }
}

/// What XKB's rules say exists: the evdev rules' list of models, layouts,
/// variants (each for its layout) and options, from xkb-data. Names are
/// checked against it so that a mistake is named; xkbcommon itself passes
/// over an unknown option in silence and says only that a keymap failed.
struct XKBRegistry {
    var models: Set<String> = []
    var layouts: Set<String> = []
    /// Layout name to its variants.
    var variants: [String: Set<String>] = [:]
    var options: Set<String> = []

    static let path = "/usr/share/X11/xkb/rules/evdev.lst"

    /// nil when xkb-data is not installed.
    static let installed: XKBRegistry? = read(path)

    static func read(_ path: String) -> XKBRegistry? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var registry = XKBRegistry()
        var section = ""
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("! ") {
                section = String(line.dropFirst(2))
                continue
            }
            let words = line.split(separator: " ", maxSplits: 2)
            guard let name = words.first.map(String.init) else { continue }
            switch section {
            case "model": registry.models.insert(name)
            case "layout": registry.layouts.insert(name)
            case "variant":
                // "  nodeadkeys      de: German (no dead keys)"
                if words.count > 1, words[1].hasSuffix(":") { registry.variants[String(words[1].dropLast()), default: []].insert(name) }
            case "option": if name.contains(":") { registry.options.insert(name) }
            default: break
            }
        }
        return registry
    }

    /// The first wrong name in `names`, said plainly.
    func check(_ names: KeymapNames) throws(KeymapError) {
        if !names.model.isEmpty && !models.contains(names.model) {
            throw KeymapError(setting: "model", "there is no XKB keyboard model named '\(names.model)' (\(Self.path) lists them)")
        }
        let layouts = names.layout.isEmpty ? [] : names.layout.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        for layout in layouts where !self.layouts.contains(layout) {
            let near = self.layouts.filter { $0.hasPrefix(layout.prefix(1)) && $0.count <= 3 }.sorted().prefix(8)
            throw KeymapError(
                setting: "layout",
                "there is no XKB layout named '\(layout)' (layouts are short names such as us, de, fr, gb\(near.isEmpty ? "" : "; with '\(layout.prefix(1))': " + near.joined(separator: ", ")); \(Self.path) lists them all)")
        }
        let variants = names.variant.isEmpty ? [] : names.variant.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if variants.count > max(1, layouts.count) {
            throw KeymapError(setting: "variant", "\(variants.count) variants given for \(max(1, layouts.count)) layout\(layouts.count > 1 ? "s" : ""): one variant per layout, in order")
        }
        for (index, variant) in variants.enumerated() where !variant.isEmpty {
            let layout = index < layouts.count ? layouts[index] : "us"
            guard self.variants[layout]?.contains(variant) != true else { continue }
            let known = (self.variants[layout] ?? []).sorted()
            throw KeymapError(
                setting: "variant",
                "the XKB layout '\(layout)' has no variant named '\(variant)' (\(known.isEmpty ? "it has none" : "it has " + known.prefix(12).joined(separator: ", ") + (known.count > 12 ? ", ..." : "")))")
        }
        for option in names.options.split(separator: ",").map({ $0.trimmingSpaces() }) where !option.isEmpty {
            guard !options.contains(option) else { continue }
            throw KeymapError(setting: "options", "there is no XKB option named '\(option)' (options look like compose:ralt or grp:alt_shift_toggle; \(Self.path) lists them)")
        }
    }
}

/// The environment an interface is shown in, as UITraitCollection: how much
/// room there is (size classes), how fine the pixels are, and whether the
/// appearance is light or dark. Windows, view controllers and views each
/// have one (`traitCollection`), handed down the tree, and hear of a change
/// through `traitCollectionDidChange(_:)`.
///
/// A trait left unspecified takes no part in `containsTraits(in:)` and is
/// filled from the others in `init(traitsFrom:)`.
public struct TraitCollection: Hashable, Sendable {
    public var horizontalSizeClass = UserInterfaceSizeClass.unspecified
    public var verticalSizeClass = UserInterfaceSizeClass.unspecified
    /// Pixels per point; 0 while unspecified.
    public var displayScale = 0.0
    public var userInterfaceStyle = UserInterfaceStyle.unspecified

    public init() {}
    public init(horizontalSizeClass: UserInterfaceSizeClass) { self.horizontalSizeClass = horizontalSizeClass }
    public init(verticalSizeClass: UserInterfaceSizeClass) { self.verticalSizeClass = verticalSizeClass }
    public init(displayScale: Double) { self.displayScale = displayScale }
    public init(userInterfaceStyle: UserInterfaceStyle) { self.userInterfaceStyle = userInterfaceStyle }

    /// The traits of each collection, later ones winning where they specify a trait.
    public init(traitsFrom collections: [TraitCollection]) {
        for traits in collections {
            if traits.horizontalSizeClass != .unspecified { horizontalSizeClass = traits.horizontalSizeClass }
            if traits.verticalSizeClass != .unspecified { verticalSizeClass = traits.verticalSizeClass }
            if traits.displayScale != 0 { displayScale = traits.displayScale }
            if traits.userInterfaceStyle != .unspecified { userInterfaceStyle = traits.userInterfaceStyle }
        }
    }

    /// The traits of a screen of `size` points at `scale` pixels a point:
    /// each axis is compact below 600 points and regular from there, so a
    /// 800 x 480 panel is regular wide and compact high (as a large phone on
    /// its side), and 1024 x 600 or a portrait 600 x 1024 is regular both
    /// ways (as a tablet).
    public init(screenSize size: Size, scale: Double, style: UserInterfaceStyle) {
        horizontalSizeClass = Self.sizeClass(of: size.width)
        verticalSizeClass = Self.sizeClass(of: size.height)
        displayScale = scale
        userInterfaceStyle = style
    }

    /// Where compact ends: a phone's width in portrait and height on its side are below it, a tablet's are not.
    public static let regularSizeClassMinimum = 600.0

    static func sizeClass(of length: Double) -> UserInterfaceSizeClass {
        length >= regularSizeClassMinimum ? .regular : .compact
    }

    /// Whether every trait `other` specifies has the same value here.
    public func containsTraits(in other: TraitCollection?) -> Bool {
        guard let other else { return true }
        return (other.horizontalSizeClass == .unspecified || other.horizontalSizeClass == horizontalSizeClass)
            && (other.verticalSizeClass == .unspecified || other.verticalSizeClass == verticalSizeClass)
            && (other.displayScale == 0 || other.displayScale == displayScale)
            && (other.userInterfaceStyle == .unspecified || other.userInterfaceStyle == userInterfaceStyle)
    }

    /// Whether an adaptive colour may be drawn differently under `other`:
    /// views drawing such colours themselves redraw on this.
    public func hasDifferentColorAppearance(comparedTo other: TraitCollection?) -> Bool {
        colorAppearance != (other ?? TraitCollection()).colorAppearance
    }

    /// The form of an adaptive colour drawn under these traits: dark only when the style is dark.
    public var colorAppearance: Color.Appearance { userInterfaceStyle == .dark ? .dark : .light }

    /// The traits of the view being drawn, or of the view or controller
    /// hearing of a change, as UITraitCollection.current; the key window's
    /// elsewhere.
    @MainActor public static var current: TraitCollection {
        get { currentOverride ?? Application.shared.keyWindow?.traitCollection ?? TraitCollection() }
        set { currentOverride = newValue }
    }
    @MainActor @exclusivity(unchecked) static var currentOverride: TraitCollection?

    /// Runs `body` with `current` set to `traits`.
    @MainActor public static func performAsCurrent<T>(_ traits: TraitCollection, _ body: () throws -> T) rethrows -> T {
        let saved = currentOverride
        currentOverride = traits
        defer { currentOverride = saved }
        return try body()
    }
}

/// How much room an axis gives: compact (a phone's) or regular (a tablet's).
public enum UserInterfaceSizeClass: Int, Sendable {
    case unspecified, compact, regular
}

/// Light or dark, for the whole app (the configuration's `appearance`), a window, or a part of one.
public enum UserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// Something with traits that hears when they change: windows, view controllers and views.
@MainActor
public protocol TraitEnvironment: AnyObject {
    var traitCollection: TraitCollection { get }
    func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?)
}

extension Color {
    /// A colour that adapts: the provider is asked, once, for its light form
    /// and its dark form. Only the appearance decides between them: a
    /// provider that looks at size classes is asked with them unspecified.
    public init(dynamicProvider: (TraitCollection) -> Color) {
        self.init(
            light: dynamicProvider(TraitCollection(userInterfaceStyle: .light)),
            dark: dynamicProvider(TraitCollection(userInterfaceStyle: .dark)))
    }

    /// The colour as drawn under `traits`.
    public func resolvedColor(with traits: TraitCollection) -> Color { resolved(for: traits.colorAppearance) }
}

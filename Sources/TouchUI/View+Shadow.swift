import Graphics
import Layers

/// What CALayer's shadow properties describe, with their defaults: a view keeps one (`View.shadow`), as a layer does.
typealias Shadow = LayerShadow

/// A view's shadow, blurred once and composited on every frame after, as
/// Core Animation keeps it: moving or fading the view does not blur again.
@MainActor
final class ShadowPicture {
    /// What the shadow is cast by.
    enum Source: Hashable {
        /// `shadowPath`.
        case path(Path)
        /// The view's background outline, which covers all it draws: its
        /// subviews' changes leave the shadow as it is.
        case outline(size: Size, cornerRadius: Double, corners: CornerMask)
        /// The alpha of whatever the view and its subviews draw, drawn
        /// again when any of it changes.
        case content
    }

    struct Key: Hashable {
        var source: Source
        /// The casting shape's rectangle, in the view's coordinates.
        var shape: Rect
        var color: Color
        var radius: Double
        var offset: Size
    }

    let key: Key
    let bitmap: Bitmap
    /// Where the picture lies in the view's coordinates, offset included.
    let rect: Rect

    init(key: Key, bitmap: Bitmap, rect: Rect) {
        self.key = key
        self.bitmap = bitmap
        self.rect = rect
    }

    var followsContent: Bool { key.source == .content }

    /// Shadows cast by equal paths or outlines, in equal colours and
    /// blurs, are one picture: a screen of like cards blurs once. Those
    /// cast by content are each view's own. The newest are kept, up to a
    /// count and a size; a view keeps the picture it uses either way.
    private static var shared = KeptPictures<Key, ShadowPicture>(count: 64, bytes: 8 << 20)

    static func shared(_ key: Key) -> ShadowPicture? { shared[key] }

    static func share(_ picture: ShadowPicture) {
        guard !picture.followsContent, shared[picture.key] == nil else { return }
        shared.keep(picture, for: picture.key, bytes: picture.bitmap.width * picture.bitmap.height * 4)
    }
}

extension View {
    /// Whether a shadow shows: `masksToBounds` clips it away, as on iOS.
    var castsShadow: Bool {
        shadow.isVisible && !clipsToBounds
    }

    /// Where the shadow falls, in the view's coordinates, on whole points:
    /// the casting shape (`content` being what the view and its subviews
    /// can draw in) moved by the offset and spread by the blur.
    func shadowRect(around content: Rect) -> Rect {
        let shape = (shadow.path?.boundingBox ?? content).integral
        guard !shape.isEmpty else { return .null }
        return shadow.reach(castBy: shape).integral
    }

    /// Notes `rect` (the view's coordinates) to repaint, less what
    /// clipping ancestors hide.
    func addDamageInWindow(_ rect: Rect) {
        guard let window, !rect.isEmpty else { return }
        if let placement = placementInWindow() {
            let inWindow = rect.offsetBy(dx: placement.offset.x, dy: placement.offset.y)
            window.addDamage(placement.clip.map(inWindow.intersection) ?? inWindow)
        } else {
            window.addDamage(convert(rect, to: nil))
        }
    }

    func shadowWillChange() {
        guard castsShadow else { return }
        addDamageInWindow(shadowRect(around: contentExtent()))
        // Mid-animation the shadow is drawn where the presentation is, not the model.
        if presentation != nil, let drawn = drawnExtentInWindow() { window?.addDamage(drawn) }
    }

    func shadowDidChange(from old: Shadow) {
        if (old.opacity > 0) != (shadow.opacity > 0) { View.rasterizingViews += shadow.opacity > 0 ? 1 : -1 }
        shadowPicture = nil
        forgetPictures()
        // The view's extent changed: pictures that hold it are out of date.
        if View.rasterizingViews > 0 { invalidateRasterizedAncestors() }
        if castsShadow { addDamageInWindow(shadowRect(around: contentExtent())) }
    }

    /// What the view (`own`) or something inside it draws changed: a shadow
    /// cast from that is out of date, and one whose reach changed repaints
    /// where it was.
    func shadowContentChanged(own: Bool) {
        guard castsShadow else { return }
        let content = contentExtent()
        let rect = shadowRect(around: content)
        guard shadow.path == nil else {
            // A path casts the same shadow whatever is drawn, unless the colour follows the appearance.
            if own && shadow.color?.adaptsToAppearance == true { addDamageInWindow(rect) }
            return
        }
        if let picture = shadowPicture {
            // A background outline covering everything casts the same shadow whatever is drawn on it.
            if !picture.followsContent && picture.rect == rect
                && picture.key.source == shadowSource(bounds: bounds, content: content, animating: false)
                && !(own && shadow.color?.adaptsToAppearance == true) { return }
            if picture.rect != rect { addDamageInWindow(picture.rect) }
            if picture.followsContent { shadowPicture = nil }
        }
        addDamageInWindow(rect)
    }

    /// What casts the shadow as the view is now: its path, its opaque
    /// background's outline when that covers everything it draws, or else
    /// what it draws.
    func shadowSource(bounds: Rect, content: Rect, animating: Bool) -> ShadowPicture.Source {
        if let path = shadow.path { return .path(path) }
        if content == bounds, let background = animating ? drawnBackgroundColor : backgroundColor,
            background.resolved(for: traits.colorAppearance).alpha >= 1 {
            return .outline(size: bounds.size, cornerRadius: cornerRadius, corners: maskedCorners)
        }
        return .content
    }

    /// Composites the view's shadow where it meets `visible`, blurring it
    /// first if it is not kept as it now is. `bounds` are those drawn.
    func drawShadow(in context: GraphicsContext, bounds: Rect, visible: Rect, animating: Bool) {
        guard let shadowColor = shadow.color else { return }
        let content = contentExtent(bounds: bounds)
        let rect = shadowRect(around: content)
        guard rect.intersects(visible) else { return }
        let resolved = shadowColor.resolved(for: traits.colorAppearance)
        let color = resolved.withAlphaComponent(resolved.alpha * Double(min(1, shadow.opacity)))
        let shape = (shadow.path?.boundingBox ?? content).integral
        let source = shadowSource(bounds: bounds, content: content, animating: animating)
        let key = ShadowPicture.Key(source: source, shape: shape, color: color, radius: shadow.radius, offset: shadow.offset)
        // The blur spreads the shape by its reach on every side; the offset moves it all.
        let reach = Double(Bitmap.shadowReach(radius: shadow.radius))
        let origin = Point(x: shape.minX - reach + shadow.offset.width, y: shape.minY - reach + shadow.offset.height)
        // An opaque background hides the shadow under its middle: that part is not blended.
        let hidden: Rect? = if case .outline = source { bounds.insetBy(dx: cornerRadius + 1, dy: cornerRadius + 1) } else { nil }
        if let picture = shadowPicture, picture.key == key, picture.rect == rect {
            composite(picture.bitmap, at: origin, except: hidden, in: context)
            return
        }
        guard let picture = ShadowPicture.shared(key) ?? makeShadowPicture(key, bounds: bounds, rect: rect, animating: animating) else { return }
        // A size an animation passes through is not worth sharing.
        if !animating { ShadowPicture.share(picture) }
        // A shadow larger than a rasterized view's largest picture is not
        // kept: it is blurred again each time it is drawn.
        if Double(picture.bitmap.width * picture.bitmap.height * 4) <= View.rasterLimit { shadowPicture = picture }
        composite(picture.bitmap, at: origin, except: hidden, in: context)
    }

    /// Composites `shadow` around `hidden` (what the view covers), on whole
    /// pixels: four strips instead of one blend of the whole picture.
    private func composite(_ shadow: Bitmap, at origin: Point, except hidden: Rect?, in context: GraphicsContext) {
        let m = context.transform
        guard let hidden, m.a == 1, m.b == 0, m.c == 0, m.d == 1, m.tx == m.tx.rounded(), m.ty == m.ty.rounded() else {
            context.composite(shadow, at: origin)
            return
        }
        let outer = Rect(x: origin.x.rounded(), y: origin.y.rounded(), width: Double(shadow.width), height: Double(shadow.height))
        let left = hidden.minX.rounded(.up), right = hidden.maxX.rounded(.down)
        let top = hidden.minY.rounded(.up), bottom = hidden.maxY.rounded(.down)
        let inner = Rect(x: left, y: top, width: right - left, height: bottom - top).intersection(outer)
        guard !inner.isEmpty else {
            context.composite(shadow, at: origin)
            return
        }
        let strips = [
            Rect(x: outer.minX, y: outer.minY, width: outer.width, height: inner.minY - outer.minY),
            Rect(x: outer.minX, y: inner.maxY, width: outer.width, height: outer.maxY - inner.maxY),
            Rect(x: outer.minX, y: inner.minY, width: inner.minX - outer.minX, height: inner.height),
            Rect(x: inner.maxX, y: inner.minY, width: outer.maxX - inner.maxX, height: inner.height),
        ].filter { !$0.isEmpty }
        context.withSavedState {
            context.clip(to: strips)
            context.composite(shadow, at: outer.origin)
        }
    }

    private func makeShadowPicture(_ key: ShadowPicture.Key, bounds: Rect, rect: Rect, animating: Bool) -> ShadowPicture? {
        if case .outline = key.source, let bitmap = outlineShadow(key, bounds: bounds) {
            return ShadowPicture(key: key, bitmap: bitmap, rect: rect)
        }
        guard let caster = try? Bitmap(width: Int(key.shape.width), height: Int(key.shape.height), opaque: false) else { return nil }
        let context = GraphicsContext(bitmap: caster)
        context.translateBy(x: -key.shape.minX, y: -key.shape.minY)
        switch key.source {
        case .path(let path): context.fill(path, with: .black)
        case .outline: context.fill(shape(in: bounds), with: .black)
        case .content:
            View.offscreen {
                drawContents(in: context, bounds: bounds, dirty: bounds, visible: key.shape, animating: animating, betweenViews: nil, castingShadow: false)
            }
        }
        context.flush()
        guard let bitmap = try? caster.shadow(color: key.color, radius: key.radius) else { return nil }
        return ShadowPicture(key: key, bitmap: bitmap, rect: rect)
    }

    /// The shadow of the background's outline, from a small one stretched:
    /// away from the corners a blurred rounded rectangle is the same along
    /// each side, so the blur is of a rectangle just large enough to hold
    /// the corners and one straight column and row between them, whatever
    /// the view's size (a card growing in an animation blurs once). Nil
    /// unless the bounds lie on whole points.
    private func outlineShadow(_ key: ShadowPicture.Key, bounds: Rect) -> Bitmap? {
        guard bounds == bounds.integral, key.shape == bounds else { return nil }
        let reach = Bitmap.shadowReach(radius: key.radius)
        // The corners' zone: the rounding, and the blur's reach on both sides of its end.
        let corner = Int(cornerRadius.rounded(.up)) + 2 * reach
        let width = Int(bounds.width), height = Int(bounds.height)
        let template = ShadowTemplate.Key(
            width: min(width, 2 * corner + 1), height: min(height, 2 * corner + 1), cornerRadius: cornerRadius,
            corners: maskedCorners, color: key.color, radius: key.radius)
        guard template.width < width || template.height < height else { return nil }
        guard let small = ShadowTemplate.picture(for: template, drawing: { context, size in
            context.fill(Path(roundedRect: Rect(origin: .zero, size: size), byRoundingCorners: maskedCorners.rectCorners,
                cornerRadii: Size(width: cornerRadius, height: cornerRadius)), with: .black)
        }) else { return nil }
        return try? small.stretched(toWidth: width + 2 * reach, height: height + 2 * reach)
    }
}

/// The small blurred outlines that shadows of any size are stretched from, kept by their shape, colour and blur.
@MainActor
enum ShadowTemplate {
    struct Key: Hashable {
        var width: Int, height: Int
        var cornerRadius: Double
        var corners: CornerMask
        var color: Color
        var radius: Double
    }

    private static var kept = KeptPictures<Key, Bitmap>(count: 32, bytes: 8 << 20)

    /// The blurred outline for `key`, made by `drawing` a caster of the key's size when not kept.
    static func picture(for key: Key, drawing: (GraphicsContext, Size) -> Void) -> Bitmap? {
        if let picture = kept[key] { return picture }
        guard let caster = try? Bitmap(width: key.width, height: key.height, opaque: false) else { return nil }
        let context = GraphicsContext(bitmap: caster)
        drawing(context, Size(width: key.width, height: key.height))
        context.flush()
        guard let picture = try? caster.shadow(color: key.color, radius: key.radius) else { return nil }
        kept.keep(picture, for: key, bytes: picture.width * picture.height * 4)
        return picture
    }
}

/// Pictures kept by key for reuse, the oldest let go first once there
/// are more than `count` of them or they take more than `bytes`; one
/// larger than that alone is not kept.
struct KeptPictures<Key: Hashable, Picture> {
    let count: Int
    let bytes: Int
    private var pictures: [Key: (picture: Picture, bytes: Int)] = [:]
    private var order: [Key] = []
    private var total = 0

    init(count: Int, bytes: Int) {
        self.count = count
        self.bytes = bytes
    }

    subscript(key: Key) -> Picture? { pictures[key]?.picture }

    mutating func keep(_ picture: Picture, for key: Key, bytes size: Int) {
        guard pictures[key] == nil, size <= bytes else { return }
        while !order.isEmpty && (order.count >= count || total + size > bytes) {
            if let gone = pictures.removeValue(forKey: order.removeFirst()) { total -= gone.bytes }
        }
        pictures[key] = (picture, size)
        order.append(key)
        total += size
    }
}

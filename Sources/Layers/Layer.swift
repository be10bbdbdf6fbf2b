import Graphics

/// A rectangle of content in a tree, as CALayer: where it sits
/// (`position`, `bounds`, `anchorPoint`, `transform`), how it shows
/// (`opacity`, `backgroundColor`, `cornerRadius`, `masksToBounds`, a
/// border, `contents`), and what it draws itself (`draw`), kept in a
/// backing store and drawn again only after `setNeedsDisplay()` or a change
/// of size. Moving, fading or transforming a layer changes no pixels of its
/// own: the compositor places the stored ones.
///
/// Every change damages what the layer covered and what it covers now, in
/// the root's coordinates: a `LayerTree` collects it for the next frame.
public class Layer {
    public init() { (drawsDirectly, isTransformLayer) = (false, false) }

    /// For the kinds of layer that draw themselves straight into the frame
    /// each time they are composited (ShapeLayer, GradientLayer), as Core
    /// Animation renders them: no backing store to fill and keep; and for
    /// `TransformLayer`, which shows only its sublayers, in its superlayer's space.
    init(drawsDirectly: Bool, isTransformLayer: Bool = false) { (self.drawsDirectly, self.isTransformLayer) = (drawsDirectly, isTransformLayer) }

    /// A `TransformLayer`: its sublayers are placed in its superlayer's
    /// plane through its 3D transform and theirs, not flattened into its own.
    /// Stored, as `drawsDirectly` is, for the compositor's paths.
    let isTransformLayer: Bool

    /// Whether the layer is a kind that draws itself (`drawDirectly(in:)`).
    /// Stored, not overridden, so a plain layer (a finger marker) costs no
    /// dynamic call where the compositor asks.
    let drawsDirectly: Bool

    // @exclusivity(unchecked) on the stored properties below: Swift checks on
    // every access to a class's stored property that no other access to it
    // overlaps. The compositor reads each of them for every layer in every
    // damaged rectangle, where the check cost as much as the blending around
    // it (BENCHMARKS.md, "Finger markers composited"). They are set by plain
    // assignment, never passed inout, and a tree is used on one thread.

    // MARK: Geometry

    /// The layer's own coordinates: the origin is what its content and
    /// sublayers are placed from; the size is what its backing store holds.
    @exclusivity(unchecked) public var bounds = Rect.zero {
        willSet { damage() }
        didSet {
            if oldValue.size != bounds.size { needsDisplay = true }
            contentChanged()
        }
    }
    /// Where `anchorPoint` sits in the superlayer's coordinates.
    @exclusivity(unchecked) public var position = Point.zero {
        willSet { extentBeforeMove = superlayer != nil && !isHidden ? extent() : .null }
        didSet { damageMove() }
    }
    /// What the layer covered before `position` changed, in its superlayer's coordinates.
    @exclusivity(unchecked) private var extentBeforeMove = Rect.null
    /// The point of the bounds, as a fraction of its size, that `position` places and `transform` turns about.
    @exclusivity(unchecked) public var anchorPoint = Point(x: 0.5, y: 0.5) {
        willSet { damage() }
        // The sublayer transform turns about it: a change of what the layer's plane shows.
        didSet { contentChanged() }
    }
    /// How the layer is turned, scaled and moved about its anchor point, in
    /// three dimensions, as CALayer's: `m34` gives perspective. The layer and
    /// its sublayers are flattened into the superlayer's plane, as Core
    /// Animation flattens a layer that is not a transform layer.
    @exclusivity(unchecked) public var transform = Transform3D.identity {
        willSet { damage() }
        didSet {
            hasTransform = !transform.isIdentity
            damage()
        }
    }
    /// Applied to each sublayer after its own transform, about this layer's
    /// anchor point, as CALayer's: `m34` here gives every sublayer one
    /// vanishing point, the middle of this layer (a cover flow's shelf).
    @exclusivity(unchecked) public var sublayerTransform = Transform3D.identity {
        willSet { damage() }
        didSet {
            hasSublayerTransform = !sublayerTransform.isIdentity
            for sublayer in sublayers { sublayer.isUnderSublayerTransform = placesSublayersIn3D }
            contentChanged()
        }
    }
    /// Kept apart so the paths of untransformed layers (finger markers) compare one flag, not sixteen numbers.
    @exclusivity(unchecked) private(set) var hasTransform = false
    @exclusivity(unchecked) private(set) var hasSublayerTransform = false
    /// The superlayer's `placesSublayersIn3D`, kept here: reading it there retains the superlayer on every move's damage.
    @exclusivity(unchecked) private(set) var isUnderSublayerTransform = false
    /// Whether sublayers are placed through more than their own position:
    /// a sublayer transform, or a transform layer's space.
    var placesSublayersIn3D: Bool { hasSublayerTransform || isTransformLayer }

    /// The transform's affine part, as CALayer's `affineTransform()`.
    public func affineTransform() -> AffineTransform { transform.affineTransform }

    /// Sets the transform to an affine one, as CALayer's `setAffineTransform(_:)`.
    public func setAffineTransform(_ affine: AffineTransform) { transform = Transform3D(affine) }
    /// Sublayers with a higher z position are composited over those with a lower one.
    @exclusivity(unchecked) public var zPosition = 0.0 {
        willSet { damage() }
        didSet { damage() }
    }
    /// Whether the layer shows when its back faces the viewer, as CALayer's
    /// `isDoubleSided`: a card's two faces in a transform layer each set it to false.
    @exclusivity(unchecked) public var isDoubleSided = true {
        didSet { damage() }
    }

    /// The frame in the superlayer's coordinates, as CALayer's (the bounding box when transformed).
    public var frame: Rect {
        get {
            let box = Rect(x: -anchorPoint.x * bounds.width, y: -anchorPoint.y * bounds.height, width: bounds.width, height: bounds.height)
            return transform.planar.boundingBox(of: box).offsetBy(dx: position.x, dy: position.y)
        }
        set {
            bounds.size = newValue.size
            position = Point(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    // MARK: Appearance

    /// Whether the content fills the bounds with opaque pixels, as CALayer's:
    /// its store then has no alpha channel, and composites as a copy.
    @exclusivity(unchecked) public var isOpaque = false {
        didSet { if oldValue != isOpaque { setNeedsDisplay() } }
    }
    @exclusivity(unchecked) public var opacity = 1.0 {
        didSet { if oldValue != opacity { damage() } }
    }
    @exclusivity(unchecked) public var isHidden = false {
        // Damaged where it shows: before hiding, after showing (a blinking caret's one rectangle a blink, not two).
        willSet { if newValue != isHidden { damage() } }
        didSet { if oldValue != isHidden { damage() } }
    }
    @exclusivity(unchecked) public var backgroundColor: Color? {
        didSet { contentChanged() }
    }
    @exclusivity(unchecked) public var cornerRadius = 0.0 {
        didSet { contentChanged() }
    }
    /// Whether sublayers are cut to the bounds (rounded by `cornerRadius`).
    @exclusivity(unchecked) public var masksToBounds = false {
        willSet { damage() }
        didSet {
            shadowMayHaveChanged()
            contentChanged()
        }
    }
    @exclusivity(unchecked) public var borderWidth = 0.0 {
        didSet { contentChanged() }
    }
    @exclusivity(unchecked) public var borderColor: Color? {
        didSet { contentChanged() }
    }
    /// A picture shown stretched to the bounds, as CALayer's `contents`.
    @exclusivity(unchecked) public var contents: Image? {
        didSet { contentChanged() }
    }

    // MARK: Rasterizing

    /// Whether the layer and its sublayers are painted once into a picture
    /// and composited from it after, as CALayer's: moving, turning or
    /// fading the layer composites the picture; a change inside it paints
    /// it again. The picture counts in the compositor's budget.
    @exclusivity(unchecked) public var shouldRasterize = false {
        didSet { if oldValue != shouldRasterize { rasterizingChanged() } }
    }
    /// The picture's pixels a point: 1, as Core Animation's, until set (a
    /// screen's scale, for one as sharp as the layer drawn).
    @exclusivity(unchecked) public var rasterizationScale = 1.0 {
        didSet { if oldValue != rasterizationScale && shouldRasterize { rasterizingChanged() } }
    }

    private func rasterizingChanged() {
        flattened = nil
        damage()
    }

    // MARK: Shadow

    /// The shadow's colour, as CALayer's: opaque black until set.
    public var shadowColor: Color? {
        get { shadow.color }
        set { shadow.color = newValue }
    }
    /// From 0 (the default: no shadow) to 1.
    public var shadowOpacity: Float {
        get { shadow.opacity }
        set { shadow.opacity = newValue }
    }
    /// Where the shadow falls from the layer: (0, -3), three up, until set.
    public var shadowOffset: Size {
        get { shadow.offset }
        set { shadow.offset = newValue }
    }
    /// How soft the shadow's edge is: its blur's standard deviation.
    public var shadowRadius: Double {
        get { shadow.radius }
        set { shadow.radius = newValue }
    }
    /// The shape that casts the shadow, in the layer's coordinates; nil:
    /// the alpha of what the layer and its sublayers draw.
    public var shadowPath: Path? {
        get { shadow.path }
        set { shadow.path = newValue }
    }
    /// The five above: a change damages where the shadow was and where it is.
    @exclusivity(unchecked) var shadow = LayerShadow() {
        willSet { damage() }
        didSet {
            guard shadow != oldValue else { return }
            shadowMayHaveChanged()
            contentChanged()
        }
    }
    /// Whether the shadow shows, worked out again; a shadow no longer shown lets its picture go.
    private func shadowMayHaveChanged() {
        castsShadow = shadow.isVisible && !masksToBounds && !isTransformLayer
        if !castsShadow { shadowPicture = nil }
    }
    /// Whether a shadow is drawn: masking to the bounds hides it, as in Core
    /// Animation, and a transform layer shows nothing of its own. Kept, so
    /// a plain layer's paths (a finger marker) ask one flag.
    @exclusivity(unchecked) private(set) var castsShadow = false
    /// The shadow blurred, and what it was blurred from, while that holds.
    @exclusivity(unchecked) var shadowPicture: LayerShadowPicture?

    // MARK: Content

    /// Draws the layer's own content in its bounds' coordinates, as a
    /// CALayer delegate's `draw(_:in:)`. Called when the content is needed
    /// and not stored: the first time, after `setNeedsDisplay()`, after the
    /// size changed, when the compositor evicted the store, or when it is
    /// composited in the other appearance (light or dark) than it was drawn in.
    /// Held strongly, unlike CALayer's delegate: capture a view in it weakly.
    @exclusivity(unchecked) public var draw: ((GraphicsContext) -> Void)? {
        didSet { setNeedsDisplay() }
    }

    /// The pixels a point of the store `draw` fills: 1, as Core Animation's,
    /// until set (a screen's scale, for content as sharp as the screen).
    @exclusivity(unchecked) public var contentsScale = 1.0 {
        didSet { if oldValue != contentsScale && draw != nil { setNeedsDisplay() } }
    }

    /// The scales pictures are made at: `contentsScale` for the store,
    /// `rasterizationScale` for the rasterized picture, each taken as 1
    /// unless positive, and no more than 8.
    var storeScale: Double { Self.pictureScale(contentsScale) }
    var rasterScale: Double { Self.pictureScale(rasterizationScale) }
    private static func pictureScale(_ scale: Double) -> Double { scale.isFinite && scale > 0 ? min(scale, 8) : 1 }

    /// Draws the content again at the next frame.
    public func setNeedsDisplay() {
        needsDisplay = true
        contentChanged()
    }

    /// Whether the stored content is out of date.
    @exclusivity(unchecked) public internal(set) var needsDisplay = true
    /// The stored content, when the compositor keeps one.
    @exclusivity(unchecked) var backingStore: Bitmap?
    /// The appearance the store was drawn in: its adaptive colours are that one's.
    @exclusivity(unchecked) var backingStoreAppearance = Color.Appearance.light
    /// When the store or flattened picture was last composited, as its budget counts (`PictureBudget`).
    public var lastPictureUse = 0
    /// Counts changes to what the layer and its sublayers show in its own
    /// plane: its content, and anything of a sublayer. Where the layer sits,
    /// how it is turned and how it fades are not counted; they do not change
    /// the picture it is flattened into when seen in perspective.
    @exclusivity(unchecked) private(set) var contentGeneration = 0
    /// The layer and its sublayers flattened into one picture, kept while
    /// the layer is seen in perspective and nothing in it changes.
    @exclusivity(unchecked) var flattened: FlattenedPicture?

    /// The bytes of the store and the flattened picture the compositor keeps for the layer.
    public var keptBytes: Int {
        (backingStore.map { $0.width * $0.height * 4 } ?? 0) + (flattened.map { $0.picture.width * $0.picture.height * 4 } ?? 0)
    }

    /// Lets go of the store and the flattened picture; the content is drawn again when next composited.
    public func letGoOfPictures() {
        if backingStore != nil {
            backingStore = nil
            needsDisplay = true
        }
        flattened = nil
    }

    /// A change to what the layer itself shows: counted, and damaged.
    private func contentChanged() {
        contentGeneration &+= 1
        damage()
    }

    // MARK: The tree

    @exclusivity(unchecked) public private(set) var sublayers: [Layer] = []
    /// Not weak: a weak reference gives the layer a side table, and then every
    /// retain and release of it takes Swift's slow path (a moving finger's
    /// damage climbs the tree through here each frame). A superlayer keeps
    /// its sublayers alive and clears this when it lets one go or goes itself.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var superlayer: Layer? {
        didSet { isUnderSublayerTransform = superlayer?.placesSublayersIn3D ?? false }
    }
    /// Told of the damage when this is the root (a `LayerTree` listens here).
    var onDamage: ((Rect) -> Void)?
    /// The tree that set `onDamage`, which takes it back when it goes.
    var onDamageOwner: ObjectIdentifier?

    deinit {
        for sublayer in sublayers { sublayer.superlayer = nil }
    }

    public func addSublayer(_ layer: Layer) { insertSublayer(layer, at: sublayers.count) }

    public func insertSublayer(_ layer: Layer, at index: Int) {
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(index, sublayers.count))
        layer.superlayer = self
        layer.damage()
    }

    /// Puts `layer` just behind `sibling`; a sibling that is not a sublayer
    /// (or nil) puts it behind them all, as CALayer does.
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        layer.removeFromSuperlayer()
        insertSublayer(layer, at: sibling.flatMap(index(of:)) ?? 0)
    }

    /// Puts `layer` just in front of `sibling`; a sibling that is not a
    /// sublayer (or nil) puts it in front of them all, as CALayer does.
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        layer.removeFromSuperlayer()
        insertSublayer(layer, at: sibling.flatMap(index(of:)).map { $0 + 1 } ?? sublayers.count)
    }

    /// Puts `newLayer` where `oldLayer` is, taking `oldLayer` off; nothing when `oldLayer` is not a sublayer.
    public func replaceSublayer(_ oldLayer: Layer, with newLayer: Layer) {
        guard oldLayer !== newLayer, index(of: oldLayer) != nil else { return }
        newLayer.removeFromSuperlayer()
        guard let index = index(of: oldLayer) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: index)
    }

    private func index(of sublayer: Layer) -> Int? {
        var index = 0
        while index < sublayers.count && sublayers[index] !== sublayer { index += 1 }
        return index < sublayers.count ? index : nil
    }

    public func removeFromSuperlayer() {
        guard let superlayer else { return }
        // What it covered, damaged once it is gone: a change is reported after it is made (LayerTree keeps its extent until then).
        let covered = isHidden ? Rect.null : extent()
        superlayer.sublayers.removeAll { $0 === self }
        self.superlayer = nil
        if !covered.isNull { superlayer.damage(covered, from: self) }
    }

    // MARK: Finding and converting points

    /// A name to find the layer by, as CALayer's.
    public var name: String?

    /// Whether `point`, in the layer's coordinates, is inside its bounds.
    public func contains(_ point: Point) -> Bool { bounds.contains(point) }

    /// The farthest descendant (or the layer itself) showing `point`, given
    /// in the superlayer's coordinates, as CALayer's `hitTest(_:)`: sublayers
    /// front to back, none that is hidden, none outside a masking layer's bounds.
    public func hitTest(_ point: Point) -> Layer? {
        guard !isHidden, let local = toSuperlayer.inverted()?.apply(point) else { return nil }
        if masksToBounds && !contains(local) { return nil }
        for sublayer in sublayersInDrawingOrder.reversed() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return contains(local) ? self : nil
    }

    /// `point`, in this layer's coordinates, in `layer`'s (nil: the root's of
    /// this layer's tree), through every transform between; NaN where a
    /// perspective leaves it nowhere.
    public func convert(_ point: Point, to layer: Layer?) -> Point {
        guard let inRoot = toRoot.apply(point) else { return Point(x: .nan, y: .nan) }
        guard let layer else { return inRoot }
        return layer.toRoot.inverted()?.apply(inRoot) ?? Point(x: .nan, y: .nan)
    }

    /// `point`, in `layer`'s coordinates (nil: the root's), in this layer's.
    public func convert(_ point: Point, from layer: Layer?) -> Point {
        (layer ?? root).convert(point, to: self)
    }

    /// From the layer's coordinates to its root's: each map up the tree.
    private var toRoot: ProjectiveTransform {
        var map = ProjectiveTransform(AffineTransform.identity)
        var current = self
        while let superlayer = current.superlayer {
            map = map.concatenating(current.toSuperlayer)
            current = superlayer
        }
        return map
    }

    /// The top of the layer's tree.
    private var root: Layer {
        var current = self
        while let superlayer = current.superlayer { current = superlayer }
        return current
    }

    // MARK: Kinds of layer that draw themselves

    /// Draws what the layer shows of its own, in its bounds' coordinates.
    func drawDirectly(in context: GraphicsContext) {}

    /// Where that reaches, in the layer's bounds coordinates (a shape's stroke may pass its bounds).
    func directContentExtent() -> Rect { .null }

    /// Whether it shows anything at all (a shape with no path does not).
    var showsDirectContent: Bool { false }

    /// Damages what the layer covers: a subclass calls it before a change
    /// of what it draws (where it was) and after (where it is).
    func contentWillChange() { contentChanged() }

    /// Only `contents` at its own size, untransformed, at full opacity, with
    /// nothing else to draw: it composites as a copy of its pixels.
    var isPlainPicture: Bool {
        guard !drawsDirectly, !castsShadow, let contents, sublayers.isEmpty, draw == nil, backgroundColor == nil, borderWidth == 0, opacity >= 1,
            isUntransformed, isDoubleSided, !(masksToBounds && cornerRadius > 0)
        else { return false }
        return contents.size == bounds.size
    }

    /// Draws nothing of its own and passes its sublayers on untouched: only a translation.
    var isEmptyContainer: Bool {
        !drawsDirectly && contents == nil && draw == nil && backgroundColor == nil && borderWidth == 0 && opacity >= 1 && isUntransformed
            && !hasSublayerTransform && !masksToBounds && !castsShadow
    }

    /// Whether the layer or a sublayer draws anything (an empty container of finger markers does not).
    var showsAnything: Bool {
        guard !isHidden, opacity > 0 else { return false }
        return backgroundColor != nil || contents != nil || draw != nil || (borderWidth > 0 && borderColor != nil)
            || (drawsDirectly && showsDirectContent) || sublayers.contains { $0.showsAnything }
            // A shadow shows only what casts it.
            || (castsShadow && shadow.path != nil)
    }

    /// The sublayers in the order they are composited: by z position, then as added.
    ///
    /// A transform layer's go back to front by depth, as they share its 3D space.
    var sublayersInDrawingOrder: [Layer] {
        guard isTransformLayer, sublayers.count > 1 else { return Layer.drawingOrder(of: sublayers) }
        return sublayers.enumerated().map { (depth: $0.element.depth, index: $0.offset, layer: $0.element) }
            .sorted { ($0.depth, $0.index) < ($1.depth, $1.index) }.map(\.layer)
    }

    /// `layers` in the order they are composited: by z position, then as listed.
    public static func drawingOrder(of layers: [Layer]) -> [Layer] {
        layers.count < 2 || layers.allSatisfy({ $0.zPosition == 0 })
            ? layers : layers.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
    }

    /// Placed by its position alone: no transform of its own, and none from the superlayer's `sublayerTransform`.
    var isUntransformed: Bool { !hasTransform && !isUnderSublayerTransform && !isTransformLayer }

    /// From this layer's bounds coordinates to its superlayer's plane: the
    /// anchor to the origin, the transform, the position, then the
    /// superlayer's sublayer transform about its anchor; flattened, so a
    /// point's depth is dropped after the perspective divides.
    ///
    /// A transform layer's own plane is its superlayer's (it is not
    /// flattened): its map is the identity, and its sublayers' maps carry
    /// its 3D placement.
    var toSuperlayer: ProjectiveTransform { isTransformLayer ? ProjectiveTransform(AffineTransform.identity) : placement3D.planar }

    /// The layer's bounds coordinates into the 3D space of the plane it is
    /// flattened into: its own placement, then, through transform layers
    /// above it, theirs.
    var placement3D: Transform3D {
        let anchor = anchorInBounds
        // In a transform layer's space the z position is where the layer stands in depth, as in Core Animation.
        let depthInSpace = isUnderSublayerTransform && superlayer?.isTransformLayer == true ? zPosition : 0
        var placed = Transform3D(translationX: -anchor.x, y: -anchor.y, z: 0).concatenating(transform)
            .concatenating(Transform3D(translationX: position.x, y: position.y, z: depthInSpace))
        if isUnderSublayerTransform, let superlayer {
            if superlayer.hasSublayerTransform {
                let around = superlayer.anchorInBounds
                placed = placed.concatenating(Transform3D(translationX: -around.x, y: -around.y, z: 0))
                    .concatenating(superlayer.sublayerTransform).concatenating(Transform3D(translationX: around.x, y: around.y, z: 0))
            }
            if superlayer.isTransformLayer { placed = placed.concatenating(superlayer.placement3D) }
        }
        return placed
    }

    /// How near the viewer the middle of the layer is, for drawing a transform layer's sublayers back to front.
    var depth: Double {
        let m = placement3D
        let middle = Point(x: bounds.midX, y: bounds.midY)
        return middle.x * m.m13 + middle.y * m.m23 + m.m43
    }

    /// The anchor point in the bounds' coordinates.
    var anchorInBounds: Point { Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height) }

    /// How far an untransformed layer's bounds coordinates are from its superlayer's.
    var offsetToSuperlayer: Point {
        let anchor = anchorInBounds
        return Point(x: position.x - anchor.x, y: position.y - anchor.y)
    }

    /// Where an untransformed layer's bounds origin lands in its superlayer.
    var offsetInSuperlayer: Point {
        let offset = offsetToSuperlayer
        return Point(x: bounds.minX + offset.x, y: bounds.minY + offset.y)
    }

    /// `rect`, in the layer's bounds coordinates, in its superlayer's (the box
    /// around it, when seen in perspective). Untransformed (a finger marker, a
    /// container), it is an offset: no matrices to multiply.
    func convertToSuperlayer(_ rect: Rect) -> Rect {
        guard isUntransformed else { return rect.isNull ? .null : toSuperlayer.boundingBox(of: rect) }
        let offset = offsetToSuperlayer
        return rect.offsetBy(dx: offset.x, dy: offset.y)
    }

    /// What the layer and its sublayers may cover, in its own bounds' coordinates.
    /// What the layer and its sublayers may cover, its shadow included, in its bounds coordinates.
    func extentInOwnCoordinates() -> Rect {
        let content = contentExtentInOwnCoordinates()
        guard castsShadow else { return content }
        let shape = shadow.path?.boundingBox ?? content
        guard !shape.isNull, !shape.isEmpty else { return content }
        return content.union(shadow.reach(castBy: shape))
    }

    /// What the layer and its sublayers draw may cover, without its shadow.
    func contentExtentInOwnCoordinates() -> Rect {
        // Bounds of no size cover nothing: a container of finger markers is not a corner at its origin.
        // A transform layer shows only its sublayers, which nothing of its own cuts.
        guard !isTransformLayer else { return sublayers.reduce(Rect.null) { $1.isHidden ? $0 : $0.union($1.extent()) } }
        var area = bounds.isEmpty ? Rect.null : bounds
        if drawsDirectly {
            let direct = directContentExtent()
            area = area.union(masksToBounds ? direct.intersection(bounds) : direct)
        }
        if !masksToBounds {
            for sublayer in sublayers where !sublayer.isHidden { area = area.union(sublayer.extent()) }
        }
        return area
    }

    /// What the layer and its sublayers may cover, in its superlayer's coordinates.
    func extent() -> Rect { convertToSuperlayer(extentInOwnCoordinates()) }

    /// Damages what the layer covers now, in the root's coordinates.
    private func damage() {
        guard !isHidden else { return }
        guard let superlayer else {
            onDamage?((bounds.isEmpty ? Rect.null : bounds).union(extentOfSublayers()))
            return
        }
        superlayer.damage(extent(), from: self)
    }

    private func extentOfSublayers() -> Rect {
        var covered = Rect.null
        for sublayer in sublayers where !sublayer.isHidden { covered = covered.union(sublayer.extent()) }
        return covered
    }

    /// A moved layer damages where it was and where it is as one rectangle
    /// when that covers no more than the two (a finger's marker, moved a
    /// few pixels): one region entry where two would have merged into it anyway.
    private func damageMove() {
        guard let superlayer, !isHidden, !extentBeforeMove.isNull else { return damage() }
        let old = extentBeforeMove, new = extent()
        let union = old.union(new)
        if old.intersects(new) && union.width * union.height <= old.width * old.height + new.width * new.height {
            superlayer.damage(union, from: self)
        } else {
            superlayer.damage(old, from: self)
            superlayer.damage(new, from: self)
        }
    }

    /// Damage from a sublayer, in this layer's coordinates, passed up.
    private func damage(_ rect: Rect, from sublayer: Layer) {
        // Whatever a sublayer changed is in this layer's flattened picture, shown or not.
        contentGeneration &+= 1
        guard !isHidden, !rect.isEmpty else { return }
        let clipped = masksToBounds && !isTransformLayer ? rect.intersection(bounds) : rect
        guard !clipped.isEmpty else { return }
        if let superlayer { superlayer.damage(convertToSuperlayer(clipped), from: self) } else { onDamage?(clipped) }
    }
}

/// A layer and its sublayers painted flat (`LayerCompositor.compositeProjected`),
/// with what it was painted from: while those hold, it is resampled, not painted again.
struct FlattenedPicture {
    let picture: Bitmap
    /// The pixels of the layer's own plane it covers, at `scale` pixels a point.
    let pixels: PixelRect
    let scale: Double
    let generation: Int
    let appearance: Color.Appearance
    /// The compositor that made it and counts it in its budget; another paints
    /// its own. Weak, so that a compositor made later at the same address is
    /// not taken for it.
    weak var owner: LayerCompositor?
}

/// A layer's shadow, blurred (`Bitmap.shadow`), with what it was blurred
/// from: while that holds it is composited as it is, so moving, turning or
/// fading the layer blurs nothing again.
struct LayerShadowPicture {
    struct Key: Equatable {
        let shadow: LayerShadow
        /// What the layer showed (`contentGeneration`); none for a shadow cast by its path.
        let generation: Int?
        let appearance: Color.Appearance
    }

    let key: Key
    let picture: Bitmap
    /// Where the picture's top left lies, in the layer's bounds coordinates.
    let origin: Point
}

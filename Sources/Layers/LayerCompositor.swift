import Graphics

/// Paints a layer tree into a bitmap, back to front: each layer's
/// background, its stored content, its sublayers and its border, with its
/// transform and opacity. A layer that draws itself (`draw`) is drawn into a
/// backing store once and composited from it after that; moving, fading
/// or transforming it costs a blit.
///
/// The stores stay within a `PictureBudget`, which other kept pictures
/// may share: past it, those composited longest ago are let go and drawn
/// again when next needed, and a store that cannot fit beside those of the
/// frame being drawn is not made (its content is drawn straight into the
/// frame: a store never fails a frame).
public final class LayerCompositor {
    // Unchecked as Layer's properties are (Layer.swift): one thread, plain assignments, used every frame.
    /// What the stores and flattened pictures may take, with whatever else shares it.
    public let budget: PictureBudget
    /// Whether each composite begins a frame of the budget: a compositor with
    /// a budget of its own does; one sharing a budget leaves that to the host.
    private let beginsFrames: Bool
    /// The bytes the pictures in the budget take (with a shared budget, others' too).
    public var storedBytes: Int { budget.bytesInUse }
    /// How many times layers' content was drawn: what a test or a benchmark counts.
    @exclusivity(unchecked) public private(set) var contentDraws = 0
    /// How many times a layer seen in perspective was painted flat, rather than its kept picture resampled.
    @exclusivity(unchecked) public private(set) var flattenings = 0
    /// How many times a layer's shadow was blurred, rather than its kept picture composited.
    @exclusivity(unchecked) public private(set) var shadowBlurs = 0
    /// The sprites a flat tree was laid out as, kept between frames so that one allocates no list.
    /// Room for a hand's markers from the start, so the frame a hand lands in does not grow it.
    @exclusivity(unchecked) private var spriteList: [Sprite] = {
        var list: [Sprite] = []
        list.reserveCapacity(16)
        return list
    }()

    /// A compositor whose stores have `budget` bytes of their own (64 MB:
    /// eight full screens at 1920 x 1080), each composite a frame.
    public init(budget: Int = 64 << 20) {
        self.budget = PictureBudget(limit: budget)
        beginsFrames = true
    }

    /// A compositor whose stores share `budget` with other pictures; the
    /// host begins its frames (`PictureBudget.beginFrame`).
    public init(sharing budget: PictureBudget) {
        self.budget = budget
        beginsFrames = false
    }

    /// Paints `region` of `tree` into `context`, whose origin is the root's.
    public func composite(_ tree: LayerTree, region: Region, into context: GraphicsContext) {
        guard !region.isEmpty else { return }
        if beginsFrames { budget.beginFrame() }
        context.withSavedState {
            context.clip(to: region)
            composite(tree.root, into: context, clip: region.bounds.rect, superlayerToRoot: .identity)
        }
    }

    /// Paints each rectangle of `region` into `context` (whose origin is the
    /// root's, and whose bitmap is the size of `base`): `base`'s pixels
    /// there, then the tree over them. Each rectangle starts again from
    /// `base`, so where rectangles overlap nothing is blended twice. A
    /// compositor keeps the views' frame as `base` and presents the result.
    ///
    /// A tree of plain pictures (`contents` at their own size, untransformed,
    /// at full opacity, in containers that draw nothing: finger markers) is
    /// laid flat once, and each rectangle blends only the pictures over it.
    public func composite(_ tree: LayerTree, over base: Bitmap, region: Region, into context: GraphicsContext) {
        guard !region.isEmpty else { return }
        if beginsFrames { budget.beginFrame() }
        // Flat only under a root that draws nothing of its own and passes its sublayers on as they are.
        var sprites: [Sprite]? = nil
        if tree.root.isEmptyContainer {
            sprites = spriteList
            spriteList = []
            if !Self.layFlat(tree.root, offset: .zero, into: &sprites) { sprites = nil }
        }
        defer {
            // Emptied, its room kept for the next frame.
            if sprites != nil {
                sprites!.removeAll(keepingCapacity: true)
                spriteList = sprites!
            }
        }
        for rect in region.rects {
            context.flush()
            context.bitmap.copy(rect, from: base)
            if let sprites {
                // Straight into the pixels, no cairo: each picture's opaque runs copied, its edges blended
                // (and its rows over a plain colour, once kept, copied: Bitmap.composite(_:x:y:clip:)).
                for sprite in sprites where !sprite.frame.intersection(rect).isEmpty {
                    context.bitmap.composite(sprite.image, x: sprite.frame.x, y: sprite.frame.y, clip: rect)
                }
            } else {
                context.withSavedState {
                    context.clip(to: rect.rect)
                    composite(tree.root, into: context, clip: rect.rect, superlayerToRoot: .identity)
                }
            }
        }
    }

    /// Paints some of the root's sublayers, in the order given, into
    /// `context`, whose user space is the root's and which is clipped to
    /// `visible` (in the root's coordinates) or less: a view's hosted layers,
    /// painted between its subviews.
    public func composite(_ sublayers: some Sequence<Layer>, visible: Rect, into context: GraphicsContext) {
        if beginsFrames { budget.beginFrame() }
        for layer in sublayers { composite(layer, into: context, clip: visible, superlayerToRoot: .identity) }
    }

    /// A plain picture on whole pixels, in the root's coordinates.
    struct Sprite {
        let image: Image
        let frame: PixelRect
    }

    /// Appends `layer`'s sublayers as sprites, back to front; false when one is more than a plain picture or an empty container.
    static func layFlat(_ layer: Layer, offset: Point, into sprites: inout [Sprite]?) -> Bool {
        for sublayer in layer.sublayersInDrawingOrder where !sublayer.isHidden && sublayer.opacity > 0 {
            guard sublayer.isUntransformed else { return false }
            let origin = sublayer.offsetInSuperlayer
            let placed = Point(x: origin.x + offset.x, y: origin.y + offset.y)
            if sublayer.isPlainPicture, let contents = sublayer.contents {
                guard placed.x == placed.x.rounded(), placed.y == placed.y.rounded() else { return false }
                sprites?.append(Sprite(
                    image: contents,
                    frame: PixelRect(x: Int(placed.x), y: Int(placed.y), width: contents.bitmap.width, height: contents.bitmap.height)))
            } else if sublayer.isEmptyContainer {
                // Its sublayers are placed in its bounds' coordinates.
                let inside = Point(x: placed.x - sublayer.bounds.minX, y: placed.y - sublayer.bounds.minY)
                if !layFlat(sublayer, offset: inside, into: &sprites) { return false }
            } else {
                return false
            }
        }
        return true
    }

    /// `clip` is in the root's coordinates; a layer wholly outside it is
    /// passed over without a call to cairo (ten finger markers over a frame
    /// that repaints two of them).
    ///
    /// `fade` is a transform layer's opacity passed down to each of its
    /// sublayers, which fade alone rather than as one group, as in Core Animation.
    private func composite(_ layer: Layer, into context: GraphicsContext, clip: Rect, superlayerToRoot: AffineTransform, fade: Double = 1) {
        let opacity = layer.opacity * fade
        guard !layer.isHidden, opacity > 0 else { return }
        guard layer.superlayer != nil else { return paint(layer, into: context, clip: clip, toRoot: .identity, opacity: opacity) }
        guard layer.extent().applying(superlayerToRoot).intersects(clip) else { return }
        // A picture and nothing else, untransformed at full opacity (a finger
        // marker): pixman copies it in, with no state to save or matrix to multiply.
        if fade >= 1, layer.isPlainPicture, let contents = layer.contents {
            context.composite(contents.bitmap, at: layer.offsetInSuperlayer)
            return
        }
        let offset = layer.offsetToSuperlayer
        let placement = layer.isUntransformed ? ProjectiveTransform(AffineTransform(translationX: offset.x, y: offset.y)) : layer.toSuperlayer
        if !layer.isDoubleSided, Self.backFaces(layer.bounds, placedBy: placement, then: superlayerToRoot) { return }
        guard placement.isAffine else { return compositeProjected(layer, by: placement, into: context, opacity: opacity) }
        let toSuperlayer = placement.affineTransform
        context.withSavedState {
            context.concatenate(toSuperlayer)
            // Rasterized: its kept picture, placed as the layer is and faded as one.
            let scale = layer.rasterScale
            if layer.shouldRasterize, let (picture, pixels) = flattenedPicture(of: layer, scale: scale, appearance: context.appearance) {
                if scale != 1 { context.scaleBy(x: 1 / scale, y: 1 / scale) }
                context.composite(picture, at: Point(x: Double(pixels.x), y: Double(pixels.y)), alpha: opacity)
                return
            }
            paint(layer, into: context, clip: clip, toRoot: toSuperlayer.concatenating(superlayerToRoot), opacity: opacity)
        }
    }

    /// Whether `bounds`, placed so, shows its back: its corners land turned
    /// the other way round (a card turned past 90 degrees). Behind the eye, or
    /// with no area, it is not said to.
    static func backFaces(_ bounds: Rect, placedBy placement: ProjectiveTransform, then affine: AffineTransform) -> Bool {
        guard !bounds.isEmpty, let origin = placement.apply(Point(x: bounds.minX, y: bounds.minY)),
            let across = placement.apply(Point(x: bounds.maxX, y: bounds.minY)),
            let down = placement.apply(Point(x: bounds.minX, y: bounds.maxY))
        else { return false }
        let o = origin.applying(affine), a = across.applying(affine), d = down.applying(affine)
        return (a.x - o.x) * (d.y - o.y) - (a.y - o.y) * (d.x - o.x) < 0
    }

    /// A layer seen in perspective: it and its sublayers are painted flat
    /// into a picture of what they cover, which is then resampled through
    /// the projection, as Core Animation flattens a layer into its
    /// superlayer's plane. The picture is faded as one, by `opacity`.
    private func compositeProjected(_ layer: Layer, by projection: ProjectiveTransform, into context: GraphicsContext, opacity: Double) {
        // Resampled from a picture of one pixel a point, whatever the layer's rasterization scale.
        guard let (picture, pixels) = flattenedPicture(of: layer, scale: 1, appearance: context.appearance) else { return }
        context.draw(picture, at: Point(x: Double(pixels.x), y: Double(pixels.y)), projectedBy: projection, alpha: opacity)
    }

    /// The layer and its sublayers painted flat into a picture of what they
    /// cover, at `scale` pixels a point: kept on the layer while nothing in
    /// it changes (turning, moving or fading the layer leaves it as it
    /// was), within the budget the stores share, else painted for this
    /// time. `pixels` is the picture's place in the layer's coordinates
    /// times `scale`. Nil when there is nothing to paint, or it is past any
    /// screen's size or the memory.
    private func flattenedPicture(of layer: Layer, scale: Double, appearance: Color.Appearance) -> (picture: Bitmap, pixels: PixelRect)? {
        let covered = layer.extentInOwnCoordinates()
        guard !covered.isNull, !covered.isEmpty else { return nil }
        let pixels = PixelRect(enclosing: Rect(x: covered.minX * scale, y: covered.minY * scale, width: covered.width * scale, height: covered.height * scale))
        if let kept = layer.flattened, kept.generation == layer.contentGeneration, kept.pixels == pixels, kept.scale == scale,
            kept.appearance == appearance, kept.owner === self
        {
            budget.use(layer)
            return (kept.picture, pixels)
        }
        guard let (made, pictureContext) = Self.offscreen(pixels, appearance: appearance) else { return nil }
        if scale != 1 { pictureContext.scaleBy(x: scale, y: scale) }
        paint(layer, into: pictureContext, clip: covered, toRoot: .identity, opacity: 1)
        pictureContext.flush()
        flattenings += 1
        // Kept within the budget the stores share; a picture that cannot fit is painted each time.
        if layer.flattened?.owner === self { layer.flattened = nil }
        if budget.makeRoom(for: made.width * made.height * 4, by: layer) {
            layer.flattened = FlattenedPicture(
                picture: made, pixels: pixels, scale: scale, generation: layer.contentGeneration, appearance: appearance, owner: self)
            budget.use(layer)
        }
        return (made, pixels)
    }

    /// A transparent picture of `pixels`, with a context whose user space
    /// puts `pixels`' corner at its first pixel. A picture past what any
    /// screen shows is not made (a layer that large is a mistake, not a card), nor one memory cannot hold.
    private static func offscreen(_ pixels: PixelRect, appearance: Color.Appearance) -> (Bitmap, GraphicsContext)? {
        guard pixels.width <= largestProjectedSide, pixels.height <= largestProjectedSide,
            let picture = try? Bitmap(width: pixels.width, height: pixels.height, opaque: false)
        else { return nil }
        let context = GraphicsContext(bitmap: picture)
        context.appearance = appearance
        context.translateBy(x: -Double(pixels.x), y: -Double(pixels.y))
        return (picture, context)
    }

    /// The longest side, in pixels, of the picture a layer seen in perspective is painted into.
    static let largestProjectedSide = 8192

    /// Paints `layer` in its own bounds' coordinates (the context's user
    /// space): background, contents, what it draws, sublayers and border, at
    /// `opacity`. `toRoot` takes those coordinates to the root's, where `clip` is.
    private func paint(
        _ layer: Layer, into context: GraphicsContext, clip: Rect, toRoot: AffineTransform, opacity: Double, withShadow: Bool = true
    ) {
        if layer.isTransformLayer { return paintSublayers(ofTransformLayer: layer, into: context, clip: clip, toRoot: toRoot, opacity: opacity) }
        context.withSavedState {
            let bounds = layer.bounds
            // Fading what is drawn in several parts (sublayers; a shape's fill
            // and stroke over its background) is one picture blended once,
            // kept to what the layer covers.
            let group = opacity < 1 && (!layer.sublayers.isEmpty || layer.drawsDirectly)
            if group {
                let covered = layer.extentInOwnCoordinates()
                guard !covered.isNull else { return }
                context.clip(to: covered)
                context.beginTransparencyLayer()
            }
            let alpha = group ? 1 : opacity
            // Under all the layer draws, and faded with it.
            if withShadow && layer.castsShadow, let shadow = shadowPicture(of: layer, appearance: context.appearance) {
                context.composite(shadow.picture, at: shadow.origin, alpha: alpha)
            }
            let outline = layer.cornerRadius > 0 ? Path(roundedRect: bounds, cornerRadius: layer.cornerRadius) : Path(rect: bounds)
            if let background = layer.backgroundColor { context.fill(outline, with: background.withAlphaComponent(background.alpha * alpha)) }
            context.withSavedState {
                // Masking cuts the layer's own content to its rounded bounds, as well as its sublayers.
                if layer.masksToBounds { context.clip(to: outline) }
                if let contents = layer.contents {
                    if alpha < 1 { context.beginTransparencyLayer() }
                    context.draw(contents, in: bounds)
                    if alpha < 1 { context.endTransparencyLayer(alpha: alpha) }
                }
                if layer.drawsDirectly { layer.drawDirectly(in: context) }
                if layer.draw != nil { compositeContent(of: layer, into: context, alpha: alpha) }
                for sublayer in layer.sublayersInDrawingOrder {
                    composite(sublayer, into: context, clip: clip, superlayerToRoot: toRoot)
                }
            }
            if layer.borderWidth > 0, let border = layer.borderColor {
                let inset = layer.borderWidth / 2
                let edge = layer.cornerRadius > 0
                    ? Path(roundedRect: bounds.insetBy(dx: inset, dy: inset), cornerRadius: max(0, layer.cornerRadius - inset))
                    : Path(rect: bounds.insetBy(dx: inset, dy: inset))
                context.stroke(edge, with: border.withAlphaComponent(border.alpha * alpha), lineWidth: layer.borderWidth)
            }
            if group { context.endTransparencyLayer(alpha: opacity) }
        }
    }

    /// The layer's shadow: kept while the shadow and what casts it (its path,
    /// or what the layer and its sublayers show) are as they were, else
    /// blurred again from the alpha of that. Kept apart from the picture
    /// budget, as views' shadows are; nil when it cannot be made (no memory).
    private func shadowPicture(of layer: Layer, appearance: Color.Appearance) -> LayerShadowPicture? {
        let shadow = layer.shadow
        let key = LayerShadowPicture.Key(shadow: shadow, generation: shadow.path == nil ? layer.contentGeneration : nil, appearance: appearance)
        if let kept = layer.shadowPicture, kept.key == key { return kept }
        layer.shadowPicture = nil
        let shape = shadow.path?.boundingBox ?? layer.contentExtentInOwnCoordinates()
        guard !shape.isNull, !shape.isEmpty, let color = shadow.color else { return nil }
        let pixels = PixelRect(enclosing: shape)
        guard let (caster, casterContext) = Self.offscreen(pixels, appearance: appearance) else { return nil }
        if let path = shadow.path {
            casterContext.fill(path, with: .black)
        } else {
            let whole = Rect(x: Double(pixels.x), y: Double(pixels.y), width: Double(pixels.width), height: Double(pixels.height))
            paint(layer, into: casterContext, clip: whole, toRoot: .identity, opacity: 1, withShadow: false)
        }
        casterContext.flush()
        let opacity = Double(max(0, min(1, shadow.opacity)))
        guard let blurred = try? caster.shadow(color: color.withAlphaComponent(color.alpha * opacity), radius: shadow.radius) else { return nil }
        shadowBlurs += 1
        let reach = Double(Bitmap.shadowReach(radius: shadow.radius))
        let made = LayerShadowPicture(
            key: key, picture: blurred,
            origin: Point(x: Double(pixels.x) - reach + shadow.offset.width, y: Double(pixels.y) - reach + shadow.offset.height))
        layer.shadowPicture = made
        return made
    }

    /// A transform layer shows nothing of its own: its sublayers, each placed
    /// in this space through its 3D placement and theirs, back to front by
    /// depth. Faded, each sublayer fades alone (the transform layer is no
    /// group), so that faces behind show through, as in Core Animation.
    private func paintSublayers(ofTransformLayer layer: Layer, into context: GraphicsContext, clip: Rect, toRoot: AffineTransform, opacity: Double) {
        for sublayer in layer.sublayersInDrawingOrder {
            composite(sublayer, into: context, clip: clip, superlayerToRoot: toRoot, fade: opacity)
        }
    }

    /// The layer's own content: from its store, drawn into it first when out of date.
    private func compositeContent(of layer: Layer, into context: GraphicsContext, alpha: Double) {
        let scale = layer.storeScale
        let width = Int((layer.bounds.width * scale).rounded(.up)), height = Int((layer.bounds.height * scale).rounded(.up))
        guard width > 0, height > 0, let draw = layer.draw else { return }
        let bytes = width * height * 4
        if layer.needsDisplay || layer.backingStoreAppearance != context.appearance
            || layer.backingStore.map({ $0.width != width || $0.height != height }) ?? true
        {
            layer.letGoOfPictures()
            // No room beside the pictures this frame uses: drawn straight into the frame, until there is.
            guard budget.makeRoom(for: bytes, by: layer), let store = try? Bitmap(width: width, height: height, opaque: layer.isOpaque) else {
                contentDraws += 1
                context.withSavedState {
                    context.clip(to: layer.bounds)
                    draw(context)
                }
                return
            }
            let storeContext = GraphicsContext(bitmap: store)
            storeContext.appearance = context.appearance
            layer.backingStoreAppearance = context.appearance
            if scale != 1 { storeContext.scaleBy(x: scale, y: scale) }
            storeContext.translateBy(x: -layer.bounds.minX, y: -layer.bounds.minY)
            draw(storeContext)
            storeContext.flush()
            contentDraws += 1
            layer.backingStore = store
            layer.needsDisplay = false
        }
        guard let store = layer.backingStore else { return }
        budget.use(layer)
        guard scale == 1 else {
            // More pixels than points: scaled down into place, filtered.
            context.withSavedState {
                context.translateBy(x: layer.bounds.minX, y: layer.bounds.minY)
                context.scaleBy(x: 1 / scale, y: 1 / scale)
                context.composite(store, at: .zero, alpha: alpha)
            }
            return
        }
        // A plain translation lands on whole pixels: a copy (GraphicsContext.composite).
        context.composite(store, at: layer.bounds.origin, alpha: alpha)
    }
}

extension Layer: PictureHolder {}

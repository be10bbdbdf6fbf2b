import Graphics

/// A root layer and the damage its changes made since the last frame, in
/// the root's coordinates (the screen's, for a window's tree).
public final class LayerTree {
    public let root: Layer
    // Unchecked as Layer's properties are (Layer.swift): one thread, plain assignments, and a
    // moving finger's damage lands here every frame.
    @exclusivity(unchecked) private var damage = Region()
    /// The regions `takeDamage()` handed out the last two times, oldest
    /// first: once its taker has let it go, the older collects the next
    /// frame's damage in the room it already has. (A compositor keeps a
    /// frame's damage until it presents the next, so last time's is not yet free.)
    @exclusivity(unchecked) private var spareDamage = (Region(), Region())
    /// Called when the tree goes from clean to damaged: a compositor schedules a frame.
    @exclusivity(unchecked) public var onNeedsDisplay: (() -> Void)?

    public init(root: Layer = Layer()) {
        self.root = root
        collectsDamage = true
        // Not weakly: a weak reference gives the tree a side table, and every
        // damaged layer's report would then retain it on Swift's slow path.
        // The root may outlive the tree, so the tree takes this back when it goes.
        root.onDamage = { [unowned(unsafe) self] rect in
            knownExtent = nil
            guard !rect.isEmpty, !rect.isNull else { return }
            let wasClean = damage.isEmpty
            damage.add(PixelRect(enclosing: rect))
            if wasClean { onNeedsDisplay?() }
        }
        root.onDamageOwner = ObjectIdentifier(self)
    }

    deinit {
        // Unless another tree has taken the root since.
        if root.onDamageOwner == ObjectIdentifier(self) { root.onDamage = nil }
    }

    /// A tree whose damage goes straight to `reportDamage` (in the root's
    /// coordinates) instead of being collected: a view hosting layers turns
    /// it into its own repaint at once.
    public init(root: Layer = Layer(), reportingDamage reportDamage: @escaping (Rect) -> Void) {
        self.root = root
        collectsDamage = false
        root.onDamage = { rect in
            if !rect.isEmpty, !rect.isNull { reportDamage(rect) }
        }
        root.onDamageOwner = ObjectIdentifier(self)
    }

    /// Whether anything changed since the last `takeDamage()`.
    public var hasDamage: Bool { !damage.isEmpty }

    /// Whether a frame of the tree would show anything: a visible layer that draws something.
    public var showsAnything: Bool { root.showsAnything }

    /// What the root's visible sublayers cover, in the root's coordinates (null when nothing).
    public var extent: Rect {
        if let knownExtent { return knownExtent }
        // A loop, not filter and reduce: asked every frame, it makes no list.
        var covered = Rect.null
        for sublayer in root.sublayers where !sublayer.isHidden { covered = covered.union(sublayer.extent()) }
        // Kept only where the tree hears of every change (it collects its damage): a compositor asks several times a frame.
        if collectsDamage { knownExtent = covered }
        return covered
    }

    /// The extent as last worked out, until the next change's damage. Every
    /// change reports its damage after it is made, so none can leave this stale.
    @exclusivity(unchecked) private var knownExtent: Rect?
    private let collectsDamage: Bool

    /// The tree's one picture and where it lies, when all it shows is a
    /// single plain picture on whole pixels (a lone finger marker): what a
    /// display can put on a plane of its own instead of compositing it.
    public var lonePicture: (bitmap: Bitmap, frame: PixelRect)? {
        guard root.isEmptyContainer, root.showsAnything else { return nil }
        var sprites: [LayerCompositor.Sprite]? = []
        guard LayerCompositor.layFlat(root, offset: .zero, into: &sprites), let sprites, sprites.count == 1 else { return nil }
        return (sprites[0].image.bitmap, sprites[0].frame)
    }

    /// What changed since the last call, in whole pixels; the tree starts with none.
    public func takeDamage() -> Region {
        let taken = damage
        // Emptied in place when no one holds it any more (else copied, as a value is).
        var next = spareDamage.0
        spareDamage.0 = Region()
        next.removeAll()
        damage = next
        spareDamage = (spareDamage.1, taken)
        return taken
    }
}

import Graphics

/// A root layer and the damage its changes made since the last frame, in
/// the root's coordinates (the screen's, for a window's tree).
public final class LayerTree {
    public let root: Layer
    private var damage = Region()

    public init(root: Layer = Layer()) {
        self.root = root
        // Weakly: the root may outlive the tree.
        root.onDamage = { [weak self] rect in
            guard let self, !rect.isEmpty, !rect.isNull else { return }
            damage.add(PixelRect(enclosing: rect))
        }
    }

    /// What changed since the last call, in whole pixels; the tree starts with none.
    public func takeDamage() -> Region {
        defer { damage = Region() }
        return damage
    }
}

import Graphics

/// A layer whose sublayers share one 3D space, as CATransformLayer: they
/// are not flattened into its plane, so each is placed through its own 3D
/// transform and this layer's, and they are drawn back to front by depth
/// (a card's two faces, a cube's six). It shows nothing of its own: its
/// background, contents, border and `masksToBounds` are ignored, as Core
/// Animation ignores them.
///
///     let card = TransformLayer()
///     let back = Layer()
///     back.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
///     back.isDoubleSided = false
///     card.addSublayer(back)   // and a front, also not double-sided
///     card.transform = turn    // shows the face turned towards the viewer
public final class TransformLayer: Layer {
    public override init() { super.init(drawsDirectly: false, isTransformLayer: true) }
}

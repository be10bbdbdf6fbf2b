import Layers

/// A view's mask, as CALayer's: a layer, in the view's bounds coordinates,
/// whose alpha is how much of the view shows (a circle's shape layer crops
/// a photo round; a gradient fades a list's edge). Its picture is drawn once
/// and kept until the mask layer changes.
@MainActor
final class LayerMask {
    /// A root in the view's bounds coordinates, the mask its one sublayer.
    let tree: LayerTree
    private(set) var picture: (bitmap: Bitmap, origin: Point)?
    private var pictureIsCurrent = false
    private var pictureReach = Rect.null

    init(_ mask: Layers.Layer, view: View) {
        tree = LayerTree(reportingDamage: { [weak view] _ in
            // As a hosted layer's: the mask is the main actor's once under a view.
            MainActor.assumeIsolated { view?.maskChanged() }
        })
        tree.root.addSublayer(mask)
        // Its animations run on the application of the view's window.
        HostedLayers.host(tree.root, in: view)
    }

    var layer: Layers.Layer? { tree.root.sublayers.first }

    func invalidate() { pictureIsCurrent = false }

    /// The mask drawn over its extent; nil when it shows nothing (nor does the view then).
    func currentPicture(appearance: Color.Appearance, within reach: Rect) -> (bitmap: Bitmap, origin: Point)? {
        if pictureIsCurrent && pictureReach == reach { return picture }
        pictureIsCurrent = true
        pictureReach = reach
        picture = nil
        // Only where the view draws: a reveal's circle grows far past the screen.
        let extent = tree.extent.intersection(reach).integral
        guard !extent.isNull, extent.width > 0, extent.height > 0, extent.width * extent.height * 4 <= View.rasterLimit,
            let bitmap = try? Bitmap(width: Int(extent.width), height: Int(extent.height), opaque: false)
        else { return nil }
        let context = GraphicsContext(bitmap: bitmap)
        context.appearance = appearance
        context.translateBy(x: -extent.minX, y: -extent.minY)
        View.sublayerCompositor.composite(tree.root.sublayers, visible: extent, into: context)
        context.flush()
        picture = (bitmap, extent.origin)
        return picture
    }
}

extension View {
    /// The mask layer changed: the view shows differently everywhere it draws.
    func maskChanged() {
        layerMask?.invalidate()
        forgetPictures()
        damageExtent()
    }

    /// Sets (or, with nil, removes) the view's mask layer.
    func setMask(_ mask: Layers.Layer?) {
        guard mask !== layerMask?.layer else { return }
        layerMask?.layer?.removeFromSuperlayer()
        layerMask = nil
        if let mask {
            mask.removeFromSuperlayer()
            layerMask = LayerMask(mask, view: self)
        }
        maskChanged()
    }
}

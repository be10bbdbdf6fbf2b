import Layers

/// The layers an app added to a view's layer, as on iOS, where
/// `view.layer.addSublayer(gradient)` puts a CAGradientLayer among the
/// layers of the view's subviews. They hang under a root whose coordinates
/// are the view's bounds', and each remembers the subview it sits just above
/// (none: under them all), so that the view draws them in their place
/// between its subviews.
@MainActor
final class HostedLayers {
    let tree: LayerTree
    /// The subview each of the root's sublayers sits just above; a layer not
    /// here sits under every subview. Weak: a subview let go takes nothing with it.
    private var subviewsBelow: [ObjectIdentifier: WeakView] = [:]

    init(view: View) {
        tree = LayerTree(reportingDamage: { [weak view] rect in
            // A layer is not Sendable: once under a view it is the main
            // actor's, as the view is, so its changes are made there. Were
            // one changed elsewhere, this traps instead of racing.
            MainActor.assumeIsolated { view?.sublayersDamaged(rect) }
        })
        Self.host(tree.root, in: view)
    }

    /// Notes that the layers under `root` are `view`'s (its hosted layers, or its mask).
    static func host(_ root: Layers.Layer, in view: View) {
        hosts = hosts.filter { $0.value.view != nil }
        hosts[ObjectIdentifier(root)] = WeakView(view: view)
    }

    /// The view hosting each tree, by its root: how a layer's animation finds its application.
    private static var hosts: [ObjectIdentifier: WeakView] = [:]

    /// The view whose hosted layers (or mask) hang under `root`.
    static func view(hosting root: Layers.Layer) -> View? { hosts[ObjectIdentifier(root)]?.view }

    var layers: [Layers.Layer] { tree.root.sublayers }

    /// The subview `layer` sits just above, or nil for under them all.
    func subviewBelow(_ layer: Layers.Layer, in view: View) -> View? {
        guard let below = subviewsBelow[ObjectIdentifier(layer)]?.view, below.superview === view else { return nil }
        return below
    }

    /// What `view.layer.sublayers` holds on iOS: the subviews and the hosted
    /// layers, back to front.
    enum Entry {
        case subview(View)
        case layer(Layers.Layer)
    }

    func entries(of view: View, leavingOut left: Layers.Layer? = nil) -> [Entry] {
        let (bottom, above) = grouped(in: view, leavingOut: left)
        var entries = bottom.map(Entry.layer)
        for subview in view.subviews {
            entries.append(.subview(subview))
            entries += (above[ObjectIdentifier(subview)] ?? []).map(Entry.layer)
        }
        return entries
    }

    /// The hosted layers under every subview, and those just above each
    /// (by the subview's identity), each group in the root's order.
    private func grouped(in view: View, leavingOut left: Layers.Layer? = nil, visibleOnly: Bool = false)
        -> (bottom: [Layers.Layer], above: [ObjectIdentifier: [Layers.Layer]])
    {
        var bottom: [Layers.Layer] = []
        var above: [ObjectIdentifier: [Layers.Layer]] = [:]
        for layer in layers where layer !== left && !(visibleOnly && layer.isHidden) {
            if let below = subviewBelow(layer, in: view) { above[ObjectIdentifier(below), default: []].append(layer) } else { bottom.append(layer) }
        }
        return (bottom, above)
    }

    /// Puts `layer` at `index` of the view's entries (subviews and hosted layers).
    func insert(_ layer: Layers.Layer, at index: Int, in view: View) {
        let entries = entries(of: view, leavingOut: layer)
        let split = max(0, min(index, entries.count))
        var below: View?
        var layerBefore: Layers.Layer?
        for entry in entries[..<split] {
            switch entry {
            case .subview(let subview): below = subview
            case .layer(let other): layerBefore = other
            }
        }
        // Next to its neighbour among the root's sublayers, which a move of a
        // subview may have left in another order than the entries'.
        layer.removeFromSuperlayer()
        let rootIndex = layerBefore.flatMap { before in layers.firstIndex { $0 === before }.map { $0 + 1 } } ?? 0
        // Entries of layers no longer here go, so a new layer at a freed address starts clean.
        subviewsBelow = subviewsBelow.filter { id, _ in layers.contains { ObjectIdentifier($0) == id } }
        subviewsBelow[ObjectIdentifier(layer)] = below.map { WeakView(view: $0) }
        tree.root.insertSublayer(layer, at: rootIndex)
    }

    /// `subview` leaves, or moves among its siblings: the layers that sat
    /// just above it now sit above `below` (the subview that was under it),
    /// so they keep their place among the rest, as a sibling layer does on
    /// iOS when a view moves.
    func subviewLeft(_ subview: View, below: View?) {
        for (id, entry) in subviewsBelow where entry.view === subview {
            subviewsBelow[id] = below.map { WeakView(view: $0) }
        }
    }

    /// Whether any layer is hosted: the view then cannot be skipped for damage outside its frame.
    var isEmpty: Bool { layers.isEmpty }

    /// The visible hosted layers back to front, grouped as `grouped` does,
    /// each group in zPosition order: what the view composites between its subviews.
    func layersBetweenSubviews(in view: View) -> (bottom: [Layers.Layer], above: [ObjectIdentifier: [Layers.Layer]]) {
        let (bottom, above) = grouped(in: view, visibleOnly: true)
        return (Layers.Layer.drawingOrder(of: bottom), above.mapValues(Layers.Layer.drawingOrder))
    }
}

struct WeakView {
    weak var view: View?
}

extension View {
    /// Composites the hosted layers' backing stores (those that draw with
    /// `draw`); shape and gradient layers draw straight into the frame.
    /// Their stores share the views' picture budget (the configuration's `picture-memory`).
    static let sublayerCompositor = LayerCompositor(sharing: pictureBudget)

    /// The view's hosted layers, made on first use.
    var sublayerHost: HostedLayers {
        if let hostedLayers { return hostedLayers }
        let host = HostedLayers(view: self)
        hostedLayers = host
        hostedLayersFollowSublayerTransform()
        return host
    }

    /// Added layers turn under the view's sublayer transform as its subviews
    /// do: their root takes it, about the view's anchor (the root's bounds
    /// and anchor point are the view's while it has one).
    func hostedLayersFollowSublayerTransform() {
        guard let root = hostedLayers?.tree.root else { return }
        guard let shared = sublayerTransform3D else {
            if !root.sublayerTransform.isIdentity { root.sublayerTransform = .identity }
            return
        }
        root.bounds = bounds
        root.anchorPoint = anchorPoint
        root.sublayerTransform = shared
    }

    /// A hosted layer changed: repaint what it covered or covers, in the
    /// view's coordinates, and let go of pictures that hold it.
    func sublayersDamaged(_ rect: Rect) {
        setNeedsDisplay(clipsToBounds ? rect.intersection(bounds) : rect)
    }

    /// What the hosted layers cover, in the view's coordinates (null when none).
    var hostedLayersExtent: Rect { hostedLayers?.tree.extent ?? .null }

    /// Paints `layers` (hosted, in the view's coordinates) over `visible`.
    func composite(_ layers: [Layers.Layer], visible: Rect, in context: GraphicsContext) {
        guard !layers.isEmpty, !visible.isEmpty else { return }
        context.appearance = traits.colorAppearance
        View.sublayerCompositor.composite(layers, visible: visible, into: context)
    }
}

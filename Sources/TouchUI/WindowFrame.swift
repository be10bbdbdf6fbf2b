import Graphics

/// What changed on a window's screen since the last frame: pictures that
/// slid (scroll views scrolling), then the pixels to repaint. A compositor
/// that keeps the last frame applies `moves` to it and repaints `repaint`;
/// `changed` is everything that differs, to present.
public struct WindowFrame: Sendable, Equatable {
    public var moves: [PixelMove]
    public var repaint: Region
    public var changed: Region

    public init(moves: [PixelMove] = [], repaint: Region = Region(), changed: Region = Region()) {
        (self.moves, self.repaint, self.changed) = (moves, repaint, changed)
    }

    public var isEmpty: Bool { changed.isEmpty }
}

/// The context a window's last frame was drawn into, held weakly.
final class KeptFrame {
    weak var weakContext: GraphicsContext?
    let offset: (x: Int, y: Int)
    init(context: GraphicsContext, offset: (x: Int, y: Int)) { (weakContext, self.offset) = (context, offset) }
}

import TouchUI

extension Window {
    /// A white 240 x 200 window, the stage of the layer tests.
    static func white(application: Application) -> Window {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 240, height: 200), application: application)
        window.backgroundColor = .white
        return window
    }

    /// The whole window drawn afresh into a new bitmap of its size.
    func drawnAfresh() throws -> Bitmap {
        let bitmap = try Bitmap(width: Int(bounds.width), height: Int(bounds.height))
        setNeedsDisplay()
        render(takeDamage(), in: GraphicsContext(bitmap: bitmap))
        return bitmap
    }

    /// Repaints only what is damaged into `kept`, as the compositor does,
    /// and says where that differs from the window drawn afresh (nil: nowhere).
    func repaintDifference(in kept: Bitmap) throws -> String? {
        render(takeDamage(), in: GraphicsContext(bitmap: kept))
        return try kept.firstDifference(from: drawnAfresh())
    }
}


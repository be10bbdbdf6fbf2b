// CGContext's own calls, for a `draw(_:)` written as UIKit code writes it:
//
//     guard let context = GraphicsGetCurrentContext() else { return }
//     context.saveGState()
//     context.setFillColor(Color.systemRed.cgColor)
//     context.fillEllipse(in: dot)
//     context.restoreGState()
//
// Each draws with the context's current fill or stroke colour and line width.
extension GraphicsContext {
    public func saveGState() { saveState() }
    public func restoreGState() { restoreState() }

    public func setFillColor(_ color: Color) { fillColor = color }
    public func setStrokeColor(_ color: Color) { strokeColor = color }
    public func setLineWidth(_ width: Double) { lineWidth = width }

    public func fill(_ rect: Rect) { fill(rect, with: fillColor) }
    public func fill(_ rects: [Rect]) { for rect in rects { fill(rect, with: fillColor) } }
    public func fillEllipse(in rect: Rect) { fill(Path(ovalIn: rect), with: fillColor) }

    /// Strokes the rectangle's outline, centred on its edges as CGContext does.
    public func stroke(_ rect: Rect) { stroke(Path(rect: rect), with: strokeColor, lineWidth: lineWidth) }
    public func strokeEllipse(in rect: Rect) { stroke(Path(ovalIn: rect), with: strokeColor, lineWidth: lineWidth) }

    /// Strokes straight lines between each pair of points, as `strokeLineSegments(between:)`.
    public func strokeLineSegments(between points: [Point]) {
        var path = Path()
        for pair in stride(from: 0, to: points.count - 1, by: 2) {
            path.move(to: points[pair])
            path.addLine(to: points[pair + 1])
        }
        stroke(path, with: strokeColor, lineWidth: lineWidth)
    }
}

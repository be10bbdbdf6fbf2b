// The names UIKit code uses for geometry, so that a screen written with
// CGFloat, CGPoint, CGSize, CGRect and CGAffineTransform compiles as it is.
// They are these very types, not copies: a CGRect is a Rect.
//
// On Linux, Foundation defines its own CGFloat, CGPoint, CGSize and CGRect.
// An app that imports all of Foundation sees both, and Swift calls the name
// ambiguous. Import FoundationEssentials instead (it has Date, Data, URL,
// JSON coding and NotificationCenter, and none of these names), or write
// `TouchBridge.CGRect`.

public typealias CGFloat = Double
public typealias CGPoint = Point
public typealias CGSize = Size
public typealias CGRect = Rect
public typealias CGAffineTransform = AffineTransform

// CoreGraphics' integer initializers, for sizes kept in Ints (pixel counts, grid cells).
extension Point {
    public init(x: Int, y: Int) { self.init(x: Double(x), y: Double(y)) }
}

extension Size {
    public init(width: Int, height: Int) { self.init(width: Double(width), height: Double(height)) }
    public func applying(_ t: AffineTransform) -> Size {
        Size(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension Rect {
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
    }
    /// The smallest rectangle on whole points that holds this one, as CGRect's `integral`.
    public var integral: Rect {
        guard !isNull else { return self }
        let minX = minX.rounded(.down), minY = minY.rounded(.down)
        return Rect(x: minX, y: minY, width: maxX.rounded(.up) - minX, height: maxY.rounded(.up) - minY)
    }
}

/// The context a view draws into, under the name UIKit code gives it.
public typealias CGContext = GraphicsContext

/// CALayer's `shadowPath` and UIBezierPath's `cgPath` are a CGPath; here that is a `Path`.
public typealias CGPath = Path

/// Rotation of the panel's content, clockwise, in libinput's convention
/// (the matrices its documentation gives for LIBINPUT_CALIBRATION_MATRIX).
public enum Rotation: Int, Sendable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270
}

/// libinput's 6-value calibration matrix [a b c; d e f], applied to
/// coordinates normalized to 0...1: x' = a·x + b·y + c, y' = d·x + e·y + f.
public struct CalibrationMatrix: Hashable, Sendable {
    public var a, b, c, d, e, f: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// Parses the udev property's text: "1 0 0 0 1 0", separated by spaces or commas.
    public init?(parsing text: String) {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).compactMap {
            Double($0)
        }
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard numbers.count == 6, fields.count == 6, numbers.allSatisfy(\.isFinite) else { return nil }
        self.init(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
    }

    @inline(__always)
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + b * y + c, d * x + e * y + f)
    }

    /// This matrix applied after `first`.
    public func concatenating(after first: CalibrationMatrix) -> CalibrationMatrix {
        CalibrationMatrix(
            a * first.a + b * first.d, a * first.b + b * first.e, a * first.c + b * first.f + c,
            d * first.a + e * first.d, d * first.b + e * first.e, d * first.c + e * first.f + f)
    }

    public static func rotation(_ rotation: Rotation) -> CalibrationMatrix {
        switch rotation {
        case .none: identity
        case .clockwise90: CalibrationMatrix(0, -1, 1, 1, 0, 0)
        case .upsideDown: CalibrationMatrix(-1, 0, 1, 0, -1, 1)
        case .clockwise270: CalibrationMatrix(0, 1, 0, -1, 0, 1)
        }
    }
}

/// How device units become screen points. Scaling follows libinput:
/// (v - min) / (max - min + 1) of the screen's size; then the calibration
/// matrix, axis swap and inversion, and rotation, all on the normalized
/// coordinates.
public struct ScreenMapping: Hashable, Sendable {
    public var screenWidth: Double
    public var screenHeight: Double
    public var calibration: CalibrationMatrix
    public var swapAxes: Bool
    public var invertX: Bool
    public var invertY: Bool
    public var rotation: Rotation

    private var xAxis: AbsInfo
    private var yAxis: AbsInfo
    /// Everything after normalization, folded into one matrix.
    private var combined: CalibrationMatrix

    public init(
        x: AbsInfo, y: AbsInfo, screenWidth: Double, screenHeight: Double,
        calibration: CalibrationMatrix = .identity, swapAxes: Bool = false, invertX: Bool = false,
        invertY: Bool = false, rotation: Rotation = .none
    ) {
        self.xAxis = x
        self.yAxis = y
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.calibration = calibration
        self.swapAxes = swapAxes
        self.invertX = invertX
        self.invertY = invertY
        self.rotation = rotation
        combined = CalibrationMatrix.orientation(swapAxes: swapAxes, invertX: invertX, invertY: invertY, rotation: rotation)
            .concatenating(after: calibration)
    }

    /// Device units to screen points.
    @inline(__always)
    public func map(x: Int32, y: Int32) -> (x: Double, y: Double) {
        let nx = Double(Int64(x) - Int64(xAxis.minimum)) / Double(xAxis.span)
        let ny = Double(Int64(y) - Int64(yAxis.minimum)) / Double(yAxis.span)
        let (cx, cy) = combined.apply(x: nx, y: ny)
        return (cx * screenWidth, cy * screenHeight)
    }

    /// A length in device units (a touch's size) in points: the mapping's
    /// area scale, square-rooted, so rotation and swapping leave it alone.
    public func scaleLength(_ units: Double) -> Double {
        let determinant = combined.a * combined.e - combined.b * combined.d
        let area = abs(determinant) * screenWidth * screenHeight / (Double(xAxis.span) * Double(yAxis.span))
        return units * area.squareRoot()
    }
}

extension CalibrationMatrix: CustomStringConvertible {
    /// The six numbers as udev's property and libinput take them: "a b c d e f".
    public var description: String {
        [a, b, c, d, e, f].map { value in
            let rounded = (value * 1_000_000).rounded() / 1_000_000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }.joined(separator: " ")
    }
}

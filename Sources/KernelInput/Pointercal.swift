import FoundationEssentials

/// tslib's calibration file (`/etc/pointercal`, or `TSLIB_CALIBFILE`): seven
/// integers a0...a6 with `x = (a2 + a0·X + a1·Y) / a6` and
/// `y = (a5 + a3·X + a4·Y) / a6` in screen pixels, then optionally the
/// screen's width and height when it was calibrated, and a rotation.
public struct Pointercal: Equatable, Sendable {
    public var a: [Int64]
    /// The screen the coefficients were made for, when the file says.
    public var width: Int?
    public var height: Int?

    public init(_ a: [Int64], width: Int? = nil, height: Int? = nil) {
        precondition(a.count == 7)
        self.a = a
        self.width = width
        self.height = height
    }

    /// Parses the file's text. `path` names the file in errors.
    public init(parsing text: String, path: String) throws(TslibError) {
        let words = text.split(whereSeparator: \.isWhitespace)
        let numbers = words.map { Int64($0) }
        if let bad = numbers.firstIndex(of: nil) {
            throw TslibError("\(path): '\(words[bad])' (value \(bad + 1)) is not an integer; a pointercal is 7 integers, then optionally the screen's width, height and rotation")
        }
        let values = numbers.map { $0! }
        guard values.count == 7 || values.count == 9 || values.count == 10 else {
            throw TslibError("\(path): \(values.count) integers; a pointercal is 7 integers, then optionally the screen's width, height and rotation")
        }
        guard values[6] != 0 else { throw TslibError("\(path): the divisor (the 7th integer) is 0") }
        if values.count == 10 && values[9] != 0 {
            throw TslibError("\(path): rotation \(values[9]) is not supported; calibrate unrotated and set rotate= instead")
        }
        var width: Int?
        var height: Int?
        if values.count >= 9 {
            guard values[7] > 0, values[8] > 0, values[7] <= 65536, values[8] <= 65536 else {
                throw TslibError("\(path): screen size \(values[7])x\(values[8]) is not a screen's")
            }
            (width, height) = (Int(values[7]), Int(values[8]))
        }
        self.init(Array(values[0..<7]), width: width, height: height)
    }

    /// Reads the file at `path`.
    public init(path: String) throws(TslibError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TslibError("\(path): cannot be read (no such file, or permissions)")
        }
        try self.init(parsing: String(decoding: data, as: UTF8.self), path: path)
    }

    /// The same calibration as libinput's matrix, which works on positions
    /// scaled to 0...1 by the device's axis ranges and gives positions
    /// scaled to 0...1 of the screen. With `R = max - min + 1` for each
    /// axis and `W`, `H` the screen the file was made for:
    ///
    ///     a = a0·Rx / (a6·W)   b = a1·Ry / (a6·W)   c = (a0·xmin + a1·ymin + a2) / (a6·W)
    ///     d = a3·Rx / (a6·H)   e = a4·Ry / (a6·H)   f = (a3·xmin + a4·ymin + a5) / (a6·H)
    ///
    /// `screenWidth` and `screenHeight` stand in for `W` and `H` when the file does not give them.
    public func matrix(x: AbsInfo, y: AbsInfo, screenWidth: Double, screenHeight: Double) -> CalibrationMatrix {
        let w = Double(width ?? Int(screenWidth)) * Double(a[6])
        let h = Double(height ?? Int(screenHeight)) * Double(a[6])
        let rangeX = Double(Int64(x.maximum) - Int64(x.minimum) + 1)
        let rangeY = Double(Int64(y.maximum) - Int64(y.minimum) + 1)
        let (minX, minY) = (Double(x.minimum), Double(y.minimum))
        let k = a.map(Double.init)
        return CalibrationMatrix(
            k[0] * rangeX / w, k[1] * rangeY / w, (k[0] * minX + k[1] * minY + k[2]) / w,
            k[3] * rangeX / h, k[4] * rangeY / h, (k[3] * minX + k[4] * minY + k[5]) / h)
    }
}

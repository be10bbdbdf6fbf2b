/// A calibration from targets shown on the screen and where they were
/// touched, as tslib's ts_calibrate makes it: the least-squares affine map
/// from touched to shown, in libinput's normalized coordinates (0...1 of
/// the screen), so it can be used as LIBINPUT_CALIBRATION_MATRIX.
public struct CalibrationFit: Sendable {
    /// One target: where it was drawn and where the finger said it was, both normalized.
    public struct Sample: Sendable {
        public var touched: (x: Double, y: Double)
        public var target: (x: Double, y: Double)
        public init(touched: (x: Double, y: Double), target: (x: Double, y: Double)) {
            self.touched = touched
            self.target = target
        }
    }

    public let matrix: CalibrationMatrix
    public let samples: [Sample]
    /// For each sample, how far the fitted point lands from its target (normalized units).
    public let residuals: [Double]

    /// For each sample, how far the fitted point lands from its target, in
    /// the pixels of a `width` x `height` screen.
    public func errors(width: Double, height: Double) -> [Double] {
        samples.map { sample in
            let (x, y) = matrix.apply(x: sample.touched.x, y: sample.touched.y)
            let dx = (x - sample.target.x) * width, dy = (y - sample.target.y) * height
            return (dx * dx + dy * dy).squareRoot()
        }
    }

    /// Fits `samples` (three at least, not all on one line).
    public init(_ samples: [Sample]) throws {
        guard samples.count >= 3 else {
            throw CalibrationError("a calibration needs at least 3 touched targets, got \(samples.count)")
        }
        let n = Double(samples.count)
        let meanX = samples.map(\.touched.x).reduce(0, +) / n
        let meanY = samples.map(\.touched.y).reduce(0, +) / n
        // Centred sums keep the normal equations well conditioned.
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for sample in samples {
            let dx = sample.touched.x - meanX, dy = sample.touched.y - meanY
            sxx += dx * dx
            sxy += dx * dy
            syy += dy * dy
        }
        let determinant = sxx * syy - sxy * sxy
        // Points on a line (or on one point) leave one direction unmeasured.
        guard sxx > 1e-12, syy > 1e-12, determinant > 1e-6 * sxx * syy else {
            throw CalibrationError(
                "the \(samples.count) touched points lie on one line (or on one point), so the fit is undetermined: "
                    + "touch each target where it is shown")
        }
        func row(_ value: (Sample) -> Double) -> (Double, Double, Double) {
            var sxv = 0.0, syv = 0.0, sum = 0.0
            for sample in samples {
                let dx = sample.touched.x - meanX, dy = sample.touched.y - meanY
                sxv += dx * value(sample)
                syv += dy * value(sample)
                sum += value(sample)
            }
            let a = (sxv * syy - syv * sxy) / determinant
            let b = (syv * sxx - sxv * sxy) / determinant
            return (a, b, sum / n - a * meanX - b * meanY)
        }
        let (a, b, c) = row { $0.target.x }
        let (d, e, f) = row { $0.target.y }
        let matrix = CalibrationMatrix(a, b, c, d, e, f)
        self.matrix = matrix
        self.samples = samples
        residuals = samples.map { sample in
            let (x, y) = matrix.apply(x: sample.touched.x, y: sample.touched.y)
            return ((x - sample.target.x) * (x - sample.target.x) + (y - sample.target.y) * (y - sample.target.y)).squareRoot()
        }
    }
}

public struct CalibrationError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension CalibrationMatrix {
    /// The matrix that undoes this one; nil when it flattens the plane.
    public func inverted() -> CalibrationMatrix? {
        let determinant = a * e - b * d
        guard abs(determinant) > 1e-12 else { return nil }
        let ia = e / determinant, ib = -b / determinant, id = -d / determinant, ie = a / determinant
        return CalibrationMatrix(ia, ib, -(ia * c + ib * f), id, ie, -(id * c + ie * f))
    }

    /// The axis swap, inversions and rotation ScreenMapping applies after the
    /// calibration, as one matrix.
    public static func orientation(swapAxes: Bool, invertX: Bool, invertY: Bool, rotation: Rotation) -> CalibrationMatrix {
        var matrix = CalibrationMatrix.identity
        if swapAxes { matrix = CalibrationMatrix(0, 1, 0, 1, 0, 0).concatenating(after: matrix) }
        if invertX { matrix = CalibrationMatrix(-1, 0, 1, 0, 1, 0).concatenating(after: matrix) }
        if invertY { matrix = CalibrationMatrix(1, 0, 0, 0, -1, 1).concatenating(after: matrix) }
        return CalibrationMatrix.rotation(rotation).concatenating(after: matrix)
    }
}

extension CalibrationFit {
    /// The device's matrix (LIBINPUT_CALIBRATION_MATRIX) for this fit, made
    /// on screen coordinates seen through `orientation` (the configured swap,
    /// inversion and rotation). The device's matrix comes before the
    /// orientation: orientation ∘ matrix = fit ∘ orientation.
    public func deviceMatrix(under orientation: CalibrationMatrix) throws -> CalibrationMatrix {
        guard let undo = orientation.inverted() else { throw CalibrationError("the orientation cannot be undone") }
        return undo.concatenating(after: matrix.concatenating(after: orientation))
    }
}

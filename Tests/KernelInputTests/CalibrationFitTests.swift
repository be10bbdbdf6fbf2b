import KernelInput
import Testing

struct CalibrationFitTests {
    let targets: [(x: Double, y: Double)] = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9), (0.5, 0.5)]

    @Test func aKnownDistortionIsUndoneExactly() throws {
        // The panel reports a target at t as m = D t; the fit must find D's inverse.
        let distortion = CalibrationMatrix(0.9, 0.05, 0.03, -0.02, 1.1, -0.025)
        let samples = targets.map { target in
            CalibrationFit.Sample(touched: distortion.apply(x: target.x, y: target.y), target: target)
        }
        let fit = try CalibrationFit(samples)
        let expected = try #require(distortion.inverted())
        for (got, want) in zip([fit.matrix.a, fit.matrix.b, fit.matrix.c, fit.matrix.d, fit.matrix.e, fit.matrix.f],
                               [expected.a, expected.b, expected.c, expected.d, expected.e, expected.f]) {
            #expect(abs(got - want) < 1e-9)
        }
        #expect(fit.residuals.allSatisfy { $0 < 1e-9 })
    }

    @Test func noiseIsAveragedByLeastSquares() throws {
        let noise: [(Double, Double)] = [(0.004, -0.003), (-0.002, 0.004), (0.003, 0.002), (-0.004, -0.002), (0.001, -0.001)]
        let samples = zip(targets, noise).map { target, n in
            CalibrationFit.Sample(touched: (target.x + n.0, target.y + n.1), target: target)
        }
        let fit = try CalibrationFit(samples)
        #expect(abs(fit.matrix.a - 1) < 0.02 && abs(fit.matrix.e - 1) < 0.02)
        #expect(abs(fit.matrix.b) < 0.02 && abs(fit.matrix.d) < 0.02)
        #expect(fit.residuals.allSatisfy { $0 < 0.01 })
        #expect(fit.residuals.contains { $0 > 0 })  // five points, six unknowns in two rows of three: not exact
    }

    @Test func pointsOnALineAreRefused() {
        let line = (0..<5).map { i in
            CalibrationFit.Sample(touched: (0.1 + 0.2 * Double(i), 0.1 + 0.2 * Double(i)), target: targets[i])
        }
        #expect(throws: CalibrationError.self) { try CalibrationFit(line) }
        let onePoint = targets.map { CalibrationFit.Sample(touched: (0.5, 0.5), target: $0) }
        #expect(throws: CalibrationError.self) { try CalibrationFit(onePoint) }
        #expect(throws: CalibrationError.self) { try CalibrationFit(Array(line.prefix(2))) }
    }

    @Test func inversionUndoes() throws {
        let matrix = CalibrationMatrix(0, 1, 0, -1, 0, 1)
        let inverse = try #require(matrix.inverted())
        let back = inverse.concatenating(after: matrix)
        #expect(abs(back.a - 1) < 1e-12 && abs(back.e - 1) < 1e-12 && abs(back.b) < 1e-12 && abs(back.c) < 1e-12)
        #expect(CalibrationMatrix(1, 2, 0, 2, 4, 0).inverted() == nil)
    }

    @Test func theOrientationIsWhatScreenMappingAppliesAfterTheCalibration() {
        let axis = AbsInfo(value: 0, minimum: 0, maximum: 999, fuzz: 0, flat: 0, resolution: 0)
        let calibration = CalibrationMatrix(1.1, 0, -0.05, 0, 0.9, 0.05)
        let mapping = ScreenMapping(
            x: axis, y: axis, screenWidth: 1, screenHeight: 1, calibration: calibration, swapAxes: true, invertY: true,
            rotation: .clockwise90)
        let orientation = CalibrationMatrix.orientation(swapAxes: true, invertX: false, invertY: true, rotation: .clockwise90)
        let (x, y) = mapping.map(x: 250, y: 700)
        let (ex, ey) = orientation.concatenating(after: calibration).apply(x: 0.25, y: 0.7)
        #expect(abs(x - ex) < 1e-9 && abs(y - ey) < 1e-9)
    }

    @Test func theMatrixPrintsAsUdevTakesIt() {
        #expect("\(CalibrationMatrix(1, 0, 0, 0, 1, 0))" == "1 0 0 0 1 0")
        #expect("\(CalibrationMatrix(1.111111111, 0, -0.0416666667, 0, 0.909090909, 0.0227272727))" == "1.111111 0 -0.041667 0 0.909091 0.022727")
    }
}

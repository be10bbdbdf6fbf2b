import KernelInput
import Testing

struct ScreenMappingTests {
    let x = AbsInfo(minimum: 0, maximum: 1279)
    let y = AbsInfo(minimum: 0, maximum: 767)

    func map(_ mapping: ScreenMapping, _ px: Int32, _ py: Int32) -> (Double, Double) {
        let point = mapping.map(x: px, y: py)
        return ((point.x * 1000).rounded() / 1000, (point.y * 1000).rounded() / 1000)
    }

    /// libinput: (v - min) * size / (max - min + 1).
    @Test func scalesTheWayLibinputDoes() {
        let mapping = ScreenMapping(x: x, y: y, screenWidth: 800, screenHeight: 480)
        #expect(map(mapping, 0, 0) == (0, 0))
        #expect(map(mapping, 640, 384) == (400, 240))
        #expect(map(mapping, 1279, 767) == (799.375, 479.375))
        let offset = ScreenMapping(
            x: AbsInfo(minimum: 100, maximum: 199), y: AbsInfo(minimum: -50, maximum: 49), screenWidth: 100,
            screenHeight: 100)
        #expect(map(offset, 150, 0) == (50, 50))
    }

    @Test func appliesTheCalibrationMatrixOnNormalizedCoordinates() {
        // Halve X, then shift it right by a quarter of the screen.
        let matrix = CalibrationMatrix(0.5, 0, 0.25, 0, 1, 0)
        let mapping = ScreenMapping(x: x, y: y, screenWidth: 800, screenHeight: 480, calibration: matrix)
        #expect(map(mapping, 640, 384) == (400, 240))
        #expect(map(mapping, 0, 0) == (200, 0))
    }

    /// The corners of a 90°-clockwise rotation, from libinput's matrix 0 -1 1 1 0 0.
    @Test func rotates() {
        let r90 = ScreenMapping(x: x, y: y, screenWidth: 480, screenHeight: 800, rotation: .clockwise90)
        #expect(map(r90, 0, 0) == (480, 0))
        #expect(map(r90, 640, 0) == (480, 400))
        let r180 = ScreenMapping(x: x, y: y, screenWidth: 800, screenHeight: 480, rotation: .upsideDown)
        #expect(map(r180, 0, 0) == (800, 480))
        let r270 = ScreenMapping(x: x, y: y, screenWidth: 480, screenHeight: 800, rotation: .clockwise270)
        #expect(map(r270, 0, 0) == (0, 800))
        #expect(map(r270, 0, 384) == (240, 800))
    }

    @Test func swapsAndInverts() {
        let swapped = ScreenMapping(x: x, y: y, screenWidth: 800, screenHeight: 480, swapAxes: true)
        #expect(map(swapped, 640, 0) == (0, 240))
        let inverted = ScreenMapping(x: x, y: y, screenWidth: 800, screenHeight: 480, invertX: true, invertY: true)
        #expect(map(inverted, 0, 0) == (800, 480))
        #expect(map(inverted, 640, 384) == (400, 240))
        let invertXOnly = ScreenMapping(x: x, y: y, screenWidth: 800, screenHeight: 480, invertX: true)
        #expect(map(invertXOnly, 320, 192) == (600, 120))
    }

    /// Swap and inversion correct the sensor; rotation then turns the corrected picture.
    @Test func swapAndInvertComeBeforeRotation() {
        let swappedThenTurned = ScreenMapping(
            x: x, y: y, screenWidth: 480, screenHeight: 800, swapAxes: true, rotation: .clockwise90)
        // (640, 0) normalizes to (0.5, 0); swapped (0, 0.5); turned 90° (1 - 0.5, 0) = (0.5, 0).
        #expect(map(swappedThenTurned, 640, 0) == (240, 0))
        let invertedThenTurned = ScreenMapping(
            x: x, y: y, screenWidth: 480, screenHeight: 800, invertX: true, rotation: .clockwise90)
        // (0, 0): inverted (1, 0); turned (1 - 0, 1) = (1, 1).
        #expect(map(invertedThenTurned, 0, 0) == (480, 800))
    }

    @Test func aLengthKeepsItsSizeWhenTheScreenTurns() {
        let upright = ScreenMapping(x: x, y: y, screenWidth: 800, screenHeight: 480)
        let turned = ScreenMapping(x: x, y: y, screenWidth: 480, screenHeight: 800, rotation: .clockwise90)
        // 1280 x 768 units onto 800 x 480 points: 0.625 points per unit both ways.
        #expect(upright.scaleLength(16) == 10)
        #expect(abs(turned.scaleLength(16) - 10) < 1e-12)
    }

    @Test func parsesTheUdevProperty() {
        #expect(CalibrationMatrix(parsing: "1 0 0 0 1 0") == .identity)
        #expect(CalibrationMatrix(parsing: "0 -1 1, 1 0 0") == CalibrationMatrix.rotation(.clockwise90))
        #expect(CalibrationMatrix(parsing: "1 0 0 0 1") == nil)
        #expect(CalibrationMatrix(parsing: "1 0 0 0 1 x") == nil)
        #expect(CalibrationMatrix(parsing: "1 0 0 0 1 nan") == nil)
    }
}

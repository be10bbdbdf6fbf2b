import Foundation
import KernelInput
import Testing

@Suite struct PointercalTests {
    let axis = AbsInfo(minimum: 0, maximum: 4095)

    /// Worked by hand: a0·Rx = 12800·4096 = 52428800 = a6·W = 65536·800, so a = 1;
    /// c = a2 / (a6·W) = -1638400 / 52428800 = -0.03125; likewise e = 1 and f = -983040 / 31457280.
    @Test func convertsToLibinputsMatrixAsComputedByHand() throws {
        let file = try Pointercal(parsing: "12800 0 -1638400 0 7680 -983040 65536 800 480\n", path: "/etc/pointercal")
        let matrix = file.matrix(x: axis, y: axis, screenWidth: 1, screenHeight: 1)
        #expect(matrix == CalibrationMatrix(1, 0, -0.03125, 0, 1, -0.03125))
    }

    /// Axes that do not start at 0 fold their minimum into the offsets:
    /// with x in 100...4195, c = (12800·100 - 1638400) / 52428800 = -7/1024.
    @Test func anAxisMinimumMovesTheOffset() throws {
        let file = try Pointercal(parsing: "12800 0 -1638400 0 7680 -983040 65536 800 480", path: "p")
        let matrix = file.matrix(x: AbsInfo(minimum: 100, maximum: 4195), y: axis, screenWidth: 1, screenHeight: 1)
        #expect(matrix.c == -0.0068359375)
        #expect(matrix.a == 1)
    }

    /// Through the whole mapping, a real-looking ADS7846 pointercal (axes swapped and
    /// scaled, as ts_calibrate writes them) lands where tslib's integer formula does.
    @Test func mapsAsTslibsLinearModuleDoes() throws {
        let a: [Int64] = [-108, -8456, 33520692, 5683, 24, -1760936, 65536]
        let file = Pointercal(a, width: 800, height: 480)
        let mapping = ScreenMapping(
            x: axis, y: axis, screenWidth: 800, screenHeight: 480,
            calibration: file.matrix(x: axis, y: axis, screenWidth: 800, screenHeight: 480))
        for (x, y) in [(300, 400), (2048, 2048), (3900, 3700), (350, 3800)] as [(Int32, Int32)] {
            let tslibX = Double((a[2] + a[0] * Int64(x) + a[1] * Int64(y)) / a[6])
            let tslibY = Double((a[5] + a[3] * Int64(x) + a[4] * Int64(y)) / a[6])
            let ours = mapping.map(x: x, y: y)
            #expect(abs(ours.x - tslibX) <= 1 && abs(ours.y - tslibY) <= 1, "(\(x), \(y)): ours \(ours), tslib (\(tslibX), \(tslibY))")
        }
    }

    @Test(arguments: [
        ("1 0 0 0 1 0", "6 integers; a pointercal is 7 integers"),
        ("1 0 0 0 1 0 x", "'x' (value 7) is not an integer"),
        ("1 0 0 0 1 0 0", "the divisor (the 7th integer) is 0"),
        ("1 0 0 0 1 0 1 800 0", "screen size 800x0 is not a screen's"),
        ("1 0 0 0 1 0 1 800 480 1", "rotation 1 is not supported"),
        ("", "0 integers"),
    ])
    func aBadFileIsNamedAndRefused(_ text: String, _ message: String) {
        #expect {
            try Pointercal(parsing: text, path: "/etc/pointercal")
        } throws: { error in
            let description = (error as? TslibError)?.message ?? ""
            return description.hasPrefix("/etc/pointercal: ") && description.contains(message)
        }
    }

    @Test func theSevenIntegersAloneAreEnough() throws {
        let file = try Pointercal(parsing: "65536 0 0 0 65536 0 65536", path: "p")
        #expect(file.width == nil && file.height == nil)
        #expect(file.matrix(x: axis, y: axis, screenWidth: 4096, screenHeight: 4096) == .identity)
    }
}

/// `replay --uinput`'s clock (issue 13: sleeping each recorded gap drifted 1.2 to 1.9 s behind over
/// 14 to 24 s under emulation, since the time spent writing was never made up).
@Suite struct PlaybackScheduleTests {
    @Test func everyEventIsDueAtItsRecordedMomentFromTheFirst() {
        var schedule = PlaybackSchedule()
        let times: [Int64] = [5_000_000, 5_010_000, 5_010_000, 5_020_000, 14_000_000]
        #expect(times.map { schedule.offset(of: EventTime(microseconds: $0)) } == [0, 10_000_000, 10_000_000, 20_000_000, 9_000_000_000])
    }

    @Test func speedDividesAndALongPauseIsShortened() {
        var double = PlaybackSchedule(speed: 2)
        #expect([0, 1_000_000, 3_000_000].map { double.offset(of: EventTime(microseconds: $0)) } == [0, 500_000_000, 1_500_000_000])
        var paused = PlaybackSchedule(longestGap: 10)
        let offsets = [0, 1_000_000, 61_000_000, 62_000_000].map { paused.offset(of: EventTime(microseconds: Int64($0))) }
        #expect(offsets == [0, 1_000_000_000, 11_000_000_000, 12_000_000_000])
    }
}

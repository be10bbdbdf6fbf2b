import KernelInput
import Testing

/// Frames as the tracker makes them, written per step as where each slot's finger is.
struct Strokes {
    var frames: [ContactFrame] = []
    private var down: [Int32: Contact] = [:]
    private var nextID = 0
    var time: Int64 = 1_000_000

    /// One frame: the slots listed are down there (with a pressure, if given); a slot down before and not listed lifts.
    mutating func step(_ fingers: [Int32: (x: Int32, y: Int32)], pressure: [Int32: Int32] = [:], after gap: Int64 = 10) {
        var contacts: [Contact] = []
        for slot in Set(down.keys).union(fingers.keys).sorted() {
            if var contact = down[slot] {
                guard let place = fingers[slot] else {
                    contact.phase = .ended
                    contacts.append(contact)
                    down[slot] = nil
                    continue
                }
                contact.phase = place.x == contact.x && place.y == contact.y ? .stationary : .moved
                (contact.x, contact.y) = place
                contact.pressure = pressure[slot] ?? contact.pressure
                contacts.append(contact)
                down[slot] = contact
            } else if let place = fingers[slot] {
                let contact = Contact(
                    id: nextID, slot: slot, trackingID: Int32(nextID), x: place.x, y: place.y, pressure: pressure[slot] ?? 0)
                nextID += 1
                contacts.append(contact)
                down[slot] = contact
            }
        }
        frames.append(ContactFrame(time: EventTime(microseconds: time), index: frames.count, contacts: ContactList(contacts)))
        time += gap * 1000
    }

    mutating func cancelAll() {
        let contacts = down.values.sorted { $0.slot < $1.slot }.map { var c = $0; c.phase = .cancelled; return c }
        down = [:]
        frames.append(ContactFrame(time: EventTime(microseconds: time), index: frames.count, contacts: ContactList(contacts)))
    }
}

/// What came out of a chain, and whether it kept the rules every touch needs.
struct ChainOutput {
    var frames: [ContactFrame] = []
    /// Each stroke that came out: its id, where it began, where it ended, and how.
    var strokes: [(id: Int, began: (Int32, Int32), end: (Int32, Int32)?, phase: ContactPhase?)] = []
    var problems: [String] = []

    init(_ spec: String, _ input: [ContactFrame], reportsPressure: Bool = false) throws {
        var chain = FilterChain(try FilterChainSpec(parsing: spec), reportsPressure: reportsPressure)
        var open: [Int: Int] = [:]
        for frame in input {
            chain.process(frame) { out in
                frames.append(out)
                var seen: Set<Int> = []
                for contact in out.contacts {
                    if !seen.insert(contact.id).inserted { problems.append("contact \(contact.id) twice in one frame") }
                    switch contact.phase {
                    case .began:
                        if open[contact.id] != nil { problems.append("contact \(contact.id) began twice") }
                        open[contact.id] = strokes.count
                        strokes.append((contact.id, (contact.x, contact.y), nil, nil))
                    case .moved, .stationary:
                        if open[contact.id] == nil { problems.append("contact \(contact.id) \(contact.phase) without beginning") }
                    case .ended, .cancelled:
                        guard let index = open.removeValue(forKey: contact.id) else {
                            problems.append("contact \(contact.id) \(contact.phase) without beginning")
                            continue
                        }
                        strokes[index].end = (contact.x, contact.y)
                        strokes[index].phase = contact.phase
                    }
                }
            }
        }
        if !open.isEmpty { problems.append("left down: \(open.keys.sorted())") }
        if chain.contactsDown != 0 { problems.append("the chain says \(chain.contactsDown) still down") }
    }
}

@Suite struct FilterChainTests {
    static let smoothing = [
        "median depth=7", "dejitter delta=100", "iir N=8 D=10", "variance delta=30", "skip nhead=3 ntail=3",
        "lowpass factor=0.4 threshold=2", "invert x0=800 y0=480", "median depth=5; skip nhead=2 ntail=2; iir N=5 D=8",
    ]

    /// A quick tap is one frame down and one up: every smoothing chain must still deliver it, where the finger was.
    @Test(arguments: smoothing)
    func aOneFrameTapSurvives(_ spec: String) throws {
        var input = Strokes()
        input.step([0: (300, 200)])
        input.step([:])
        let output = try ChainOutput(spec, input.frames)
        #expect(output.problems.isEmpty, "\(output.problems)")
        try #require(output.strokes.count == 1, "\(spec): \(output.strokes.count) taps")
        let expected: (Int32, Int32) = spec.hasPrefix("invert") ? (500, 280) : (300, 200)
        #expect(output.strokes[0].began == expected && output.strokes[0].end! == expected && output.strokes[0].phase == .ended)
    }

    /// Random strokes on five slots, with taps, long drags and lifts in the same frame as a new touch:
    /// no chain may leave a finger down, begin one twice, or move one it never began.
    @Test(arguments: smoothing + ["pthres pmin=1", "debounce drop_threshold=40", "evthres N=4", "evthres N=3; median depth=3; dejitter delta=50"])
    func everyStrokeEnds(_ spec: String) throws {
        var random = SeededRandom(seed: 7)
        var input = Strokes()
        var fingers: [Int32: (x: Int32, y: Int32)] = [:]
        var rawStrokes = 0
        for _ in 0..<600 {
            for slot: Int32 in 0..<5 {
                let roll = random.next(100)
                if var place = fingers[slot] {
                    if roll < 12 {
                        fingers[slot] = nil
                    } else if roll < 80 {
                        place.x = max(0, min(799, place.x + Int32(random.next(41)) - 20))
                        place.y = max(0, min(479, place.y + Int32(random.next(41)) - 20))
                        fingers[slot] = place
                    }
                } else if roll < 10 {
                    fingers[slot] = (Int32(random.next(800)), Int32(random.next(480)))
                    rawStrokes += 1
                }
            }
            input.step(fingers, after: Int64(5 + random.next(20)))
        }
        input.step([:])
        let output = try ChainOutput(spec, input.frames)
        #expect(output.problems.isEmpty, "\(spec): \(output.problems.prefix(5))")
        if Self.smoothing.contains(spec) {
            #expect(output.strokes.count == rawStrokes, "\(spec): \(output.strokes.count) touches from \(rawStrokes)")
        } else {
            #expect(output.strokes.count <= rawStrokes && output.strokes.count > 0)
        }
    }

    @Test func aCancelGoesStraightThroughAndTheSlotStartsAfresh() throws {
        var input = Strokes()
        for y: Int32 in stride(from: 100, to: 200, by: 10) { input.step([0: (100, y)]) }
        input.cancelAll()
        input.step([0: (500, 400)])
        input.step([:])
        let output = try ChainOutput("median depth=5; skip nhead=1 ntail=2", input.frames)
        #expect(output.problems.isEmpty, "\(output.problems)")
        try #require(output.strokes.count == 2)
        #expect(output.strokes[0].phase == .cancelled)
        // Nothing of the cancelled stroke is mixed into the next one's median.
        #expect(output.strokes[1].began == (500, 400))
    }

    @Test func debounceDropsABounceButNotTheTouchBeforeIt() throws {
        var input = Strokes()
        input.step([0: (300, 200)])
        input.step([:], after: 30)
        input.step([0: (302, 201)])  // 30 ms after the lift: a bounce
        input.step([:], after: 300)
        input.step([0: (310, 210)])  // 300 ms later: a second, real tap
        input.step([:])
        let output = try ChainOutput("debounce drop_threshold=100", input.frames)
        #expect(output.problems.isEmpty)
        #expect(output.strokes.map(\.began.0) == [300, 310])
    }

    @Test func evthresRejectsABriefTouchAndDeliversALongOneWhole() throws {
        var input = Strokes()
        input.step([0: (100, 100)])
        input.step([0: (101, 100)])
        input.step([:])
        for x: Int32 in 200..<206 { input.step([0: (x, 300)]) }
        input.step([:])
        let output = try ChainOutput("evthres N=4", input.frames)
        #expect(output.problems.isEmpty)
        try #require(output.strokes.count == 1)
        #expect(output.strokes[0].began == (200, 300) && output.strokes[0].end! == (205, 300))
    }

    /// A resistive panel's pressure dips below pmin mid-stroke: pthres ends the touch where it was last
    /// firm, and a stroke too light throughout never begins.
    @Test func pthresEndsAtTheLastFirmPlaceAndIgnoresAGhost() throws {
        var input = Strokes()
        input.step([0: (100, 100)], pressure: [0: 40])
        input.step([0: (110, 100)], pressure: [0: 50])
        input.step([0: (120, 100)], pressure: [0: 5])
        input.step([:])
        input.step([1: (400, 400)], pressure: [1: 8])
        input.step([1: (401, 400)], pressure: [1: 9])
        input.step([:])
        let output = try ChainOutput("pthres pmin=20", input.frames, reportsPressure: true)
        #expect(output.problems.isEmpty, "\(output.problems)")
        try #require(output.strokes.count == 1)
        #expect(output.strokes[0].end! == (110, 100))
    }

    /// A pressure change with no movement is a sample for the filters, as in tslib.
    @Test func aPressureDipWithoutMovementEndsTheTouch() throws {
        var input = Strokes()
        input.step([0: (100, 100)], pressure: [0: 40])
        input.step([0: (100, 100)], pressure: [0: 3])
        let output = try ChainOutput("pthres pmin=20", input.frames, reportsPressure: true)
        #expect(output.strokes.count == 1 && output.strokes[0].phase == .ended)
    }

    /// From a review: lifts that reach the chain's end with nothing down were once made taps.
    @Test func aLiftWithNothingDownIsNoTap() throws {
        // A short tap through skip then median comes out where it was, not at the median of zeros.
        var short = Strokes()
        short.step([0: (500, 500)])
        short.step([:])
        let chained = try ChainOutput("skip nhead=1 ntail=1; median depth=3", short.frames)
        #expect(chained.problems.isEmpty, "\(chained.problems)")
        #expect(chained.strokes.count == 1 && chained.strokes[0].began == (500, 500))

        // A device that reports pressure 0 a frame before the tracking ID's -1: one touch, not a second tap.
        var zero = Strokes()
        zero.step([0: (100, 100)], pressure: [0: 40])
        zero.step([0: (110, 100)], pressure: [0: 0])
        zero.step([:])
        let dipped = try ChainOutput("dejitter delta=100", zero.frames, reportsPressure: true)
        #expect(dipped.problems.isEmpty, "\(dipped.problems)")
        #expect(dipped.strokes.count == 1)

        // A bounce debounce drops is not brought back by its lift.
        var bounce = Strokes()
        bounce.step([0: (300, 200)])
        bounce.step([:], after: 20)
        bounce.step([0: (301, 200)], after: 40)
        bounce.step([:])
        let debounced = try ChainOutput("debounce drop_threshold=50", bounce.frames)
        #expect(debounced.problems.isEmpty)
        #expect(debounced.strokes.count == 1)
    }

    /// pthres breaks a stroke at a dip: two contacts come out, each with an id of its own.
    @Test func aBrokenStrokeIsTwoContacts() throws {
        var input = Strokes()
        input.step([0: (100, 100)], pressure: [0: 80])
        input.step([0: (110, 100)], pressure: [0: 30])
        input.step([0: (120, 100)], pressure: [0: 80])
        input.step([:])
        let output = try ChainOutput("pthres pmin=50", input.frames, reportsPressure: true)
        #expect(output.problems.isEmpty, "\(output.problems)")
        #expect(output.strokes.count == 2 && output.strokes[0].id != output.strokes[1].id)
        #expect(output.strokes[0].end! == (100, 100) && output.strokes[1].began == (120, 100))
    }

    @Test func varianceDropsASingleSpikeAndFollowsARealJump() throws {
        var input = Strokes()
        for (x, y) in [(100, 100), (101, 100), (300, 300), (102, 100), (103, 100), (400, 100), (500, 100), (501, 100)] as [(Int32, Int32)] {
            input.step([0: (x, y)])
        }
        input.step([:])
        var chain = FilterChain(try FilterChainSpec(parsing: "variance delta=30"), reportsPressure: false)
        var xs: [Int32] = []
        for frame in input.frames {
            chain.process(frame) { _ in }
            xs += chain.samplesOut.filter { !$0.isLift }.map(\.x)
        }
        #expect(!xs.contains(300), "the spike came through: \(xs)")
        #expect(xs.contains(400) && xs.contains(500))
    }

    @Test func dejitterStillsAFingerAtRest() throws {
        var random = SeededRandom(seed: 3)
        var input = Strokes()
        var raw: [Int32] = []
        for _ in 0..<200 {
            let x = 400 + Int32(random.next(9)) - 4
            raw.append(x)
            input.step([0: (x, 240)])
        }
        input.step([:])
        let output = try ChainOutput("dejitter delta=100", input.frames)
        let moves = output.frames.flatMap(\.contacts).filter { $0.phase == .moved }.map(\.x)
        #expect(variance(moves) < variance(raw) / 2, "raw \(variance(raw)), filtered \(variance(moves))")
    }

    func variance(_ values: [Int32]) -> Double {
        let mean = Double(values.reduce(0, +)) / Double(values.count)
        return values.reduce(0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / Double(values.count)
    }
}

@Suite struct ContactFloorTests {
    func run(_ floor: ContactFloor, _ input: Strokes, filters: String = "") throws -> ChainOutput {
        var chain = FilterChain(try FilterChainSpec(parsing: filters), floor: floor, reportsPressure: true, reportsTouchMajor: true)
        var frames: [ContactFrame] = []
        for frame in input.frames { chain.process(frame) { frames.append($0) } }
        // An empty chain only checks what the floor let through.
        return try ChainOutput("", frames, reportsPressure: true)
    }

    /// A light brush never begins; a finger that presses harder begins once it does, where it then is.
    @Test func aTouchBeginsOncePressedFirmly() throws {
        var input = Strokes()
        input.step([0: (100, 100)], pressure: [0: 5])
        input.step([0: (105, 100)], pressure: [0: 8])
        input.step([:])
        input.step([0: (300, 300)], pressure: [0: 10])
        input.step([0: (300, 300)], pressure: [0: 60])
        input.step([0: (310, 300)], pressure: [0: 70])
        input.step([:])
        let output = try run(ContactFloor(minimumPressure: 30), input)
        #expect(output.problems.isEmpty, "\(output.problems)")
        try #require(output.strokes.count == 1)
        #expect(output.strokes[0].began == (300, 300) && output.strokes[0].end! == (310, 300))
    }

    /// A palm lands beside a finger: the finger goes on, the palm never begins; a touch that
    /// grows into a palm is cancelled, and stays away until it lifts.
    @Test func aPalmIsRejectedOrCancelled() throws {
        var input = Strokes()
        input.step([0: (100, 100), 1: (500, 300)], pressure: [0: 50, 1: 90])
        var frames = input
        frames.frames = frames.frames.map { frame in
            var contacts = Array(frame.contacts)
            for index in contacts.indices { contacts[index].touchMajor = contacts[index].slot == 1 ? 80 : 10 }
            return ContactFrame(time: frame.time, index: frame.index, contacts: ContactList(contacts))
        }
        var growing = Strokes()
        growing.step([0: (200, 200)], pressure: [0: 50])
        growing.step([0: (210, 200)], pressure: [0: 50])
        growing.step([0: (220, 200)], pressure: [0: 50])
        growing.step([0: (230, 200)], pressure: [0: 50])
        growing.step([:])
        growing.frames = growing.frames.enumerated().map { index, frame in
            var contacts = Array(frame.contacts)
            for i in contacts.indices { contacts[i].touchMajor = index == 2 ? 90 : 10 }
            return ContactFrame(time: frame.time, index: frame.index, contacts: ContactList(contacts))
        }
        let floor = ContactFloor(maximumTouchMajor: 40)
        let beside = try run(floor, frames)
        #expect(beside.strokes.map(\.began.0) == [100])
        let grown = try run(floor, growing, filters: "dejitter delta=100")
        #expect(grown.problems.isEmpty, "\(grown.problems)")
        try #require(grown.strokes.count == 1)
        #expect(grown.strokes[0].phase == .cancelled)
    }

    @Test func aLimitOnAnAxisTheDeviceLacksIsNotApplied() throws {
        var input = Strokes()
        input.step([0: (100, 100)])
        input.step([:])
        var chain = FilterChain(FilterChainSpec(), floor: ContactFloor(minimumPressure: 30, minimumTouchMajor: 5), reportsPressure: false)
        var began = 0
        for frame in input.frames { chain.process(frame) { began += $0.contacts.count { $0.phase == .began } } }
        #expect(began == 1)
    }
}

@Suite struct FilterSpecTests {
    @Test func parsesChainsAsWritten() throws {
        let spec = try FilterChainSpec(parsing: "median depth=5; dejitter delta=100\n iir N=0x8 D=10")
        #expect(spec.modules == [.median(depth: 5), .dejitter(delta: 100), .iir(n: 8, d: 10)])
        #expect(spec.description == "median depth=5; dejitter delta=100; iir N=8 D=10")
        #expect(try FilterChainSpec(parsing: spec.description) == spec)
        #expect(try FilterChainSpec(parsing: "pthres; invert x0=799").modules == [.pthres(pmin: 1, pmax: .max), .invert(x0: 799, y0: nil)])
        // As tslib: names of parameters in any case, octal after a leading 0, invert with nothing to invert.
        #expect(try FilterChainSpec(parsing: "iir n=8 d=10; dejitter delta=010; invert").modules == [.iir(n: 8, d: 10), .dejitter(delta: 8), .invert(x0: nil, y0: nil)])
    }

    @Test(arguments: [
        ("medain depth=5", "tslib has no filter 'medain'; the filters are pthres, debounce, median"),
        ("median size=5", "median has no parameter 'size'; it takes depth"),
        ("median depth=500", "median depth=500: expected 1 to 127 samples"),
        ("lowpass factor=2", "lowpass factor=2: expected a number from 0 to 1"),
        ("dejitter delta", "'delta' is not a key=value parameter"),
        ("iir N=10 D=10", "N must be below D"),
        ("iir N=8", "iir N=8 needs D"),
        ("evthres N=0", "evthres N=0: expected 1 to 499 samples"),
    ])
    func refusesWhatTslibDoesNotHave(_ text: String, _ message: String) {
        #expect {
            try FilterChainSpec(parsing: text)
        } throws: { error in
            (error as? TslibError)?.message.contains(message) == true
        }
    }

    @Test func readsATsConfAndNamesTheLineOfAnError() throws {
        var notes: [String] = []
        let conf = "# tslib\nmodule_raw input\nmodule pthres pmin=5\nmodule median depth=5 # smooth\nmodule linear\n"
        let spec = try FilterChainSpec.tsConf(conf, path: "/etc/ts.conf") { notes.append($0) }
        #expect(spec.modules == [.pthres(pmin: 5, pmax: .max), .median(depth: 5)])
        #expect(notes.count == 2 && notes[0].hasPrefix("/etc/ts.conf:2: module_raw input passed over"))
        #expect {
            try FilterChainSpec.tsConf("module_raw input\n\nmodule dejiter delta=3\n", path: "/etc/ts.conf")
        } throws: { error in
            (error as? TslibError)?.message.hasPrefix("/etc/ts.conf:3: tslib has no filter 'dejiter'") == true
        }
    }
}

/// A small deterministic generator, so a failing case can be replayed.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
}

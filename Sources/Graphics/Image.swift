import Synchronization

/// A picture loaded from a PNG, JPEG or SVG file, as UIImage. Like a
/// UIImage it does not change: its pixels are not drawn into once it is made.
public final class Image {
    /// The pixels, decoded once (what UIImage keeps as its cgImage).
    public let bitmap: Bitmap
    /// Where it is opaque, partly transparent or empty, found the first time
    /// it is composited at whole pixels (a finger marker's stamp).
    public private(set) lazy var opacitySpans = OpacitySpans(of: bitmap)
    public var size: Size { Size(width: Double(bitmap.width), height: Double(bitmap.height)) }

    /// Reads a PNG, JPEG or SVG file, told apart by its content; a missing or
    /// corrupt file is an error that names it. An SVG is drawn at its own size.
    public init(contentsOfFile path: String) throws { bitmap = try Bitmap.read(at: path) }

    /// Draws an SVG at `size` (an icon for a button, say); a PNG or JPEG keeps its own pixels.
    public init(contentsOfFile path: String, size: Size) throws { bitmap = try Bitmap.read(at: path, size: size) }

    /// Wraps pixels drawn already. Do not draw into `bitmap` afterwards:
    /// what is kept from it (`opacitySpans`, the rows kept over plain colours) would not see the change; make a new image instead.
    public init(bitmap: Bitmap) { self.bitmap = bitmap }

    /// The image composited over a plain colour, row by row as compositing
    /// finds its rows over that colour: what `Bitmap.composite(_:x:y:clip:)`
    /// copies the next time (a finger marker moving over a plain background).
    final class OverColour {
        /// A pixel of the destination's format.
        let colour: UInt32
        /// The image's pixels over it, a row of `width` after another; a row's
        /// (from its first pixel that is not empty to its last) are there once
        /// `made` says so. Plain memory, not a `Bitmap`: cairo's surfaces cost far more to make.
        let pixels: UnsafeMutablePointer<UInt32>
        let width: Int
        /// By row: whether that row's pixels are in `pixels`.
        let made: UnsafeMutablePointer<Bool>
        /// The budget its bytes count against.
        let account: KeptBytes
        let bytes: Int

        init(colour: UInt32, width: Int, height: Int, account: KeptBytes) {
            (self.colour, self.width, self.account) = (colour, width, account)
            pixels = .allocate(capacity: width * height)
            made = .allocate(capacity: height)
            made.initialize(repeating: false, count: height)
            bytes = width * height * 4
            account.inUse.add(bytes, ordering: .relaxed)
        }

        deinit {
            account.inUse.subtract(bytes, ordering: .relaxed)
            pixels.deallocate()
            made.deallocate()
        }
    }

    /// What `OverColour`s hold together, in bytes, and the most they may: past
    /// it, images are composited as they come rather than kept (the markers of
    /// the 256 fingers whose stamps are kept would otherwise hold about 9 MB).
    final class KeptBytes: Sendable {
        let budget: Int
        let inUse = Atomic<Int>(0)
        init(budget: Int) { self.budget = budget }
        static let shared = KeptBytes(budget: 4 << 20)
    }

    /// Whether `GraphicsContext.composite(_:at:alpha:)` has had the image before: from then on it goes by its spans.
    @exclusivity(unchecked) var compositedByContext = false

    /// Whether the image has been composited by `Bitmap.composite(_:x:y:clip:)`
    /// before: the first time it is only blended, but for rows readied ahead
    /// (a hand's first frame pays nothing for what later frames copy), and
    /// rows are kept from the next.
    @exclusivity(unchecked) var compositedBefore = false

    /// For the last two colours the image went over.
    private var overColours: [OverColour] = []
    /// The last colour found under a row and not kept: a colour is kept once
    /// found under two rows running, so that a gradient, a colour to a row,
    /// makes and drops no memory for each. The first composite notes the
    /// colour under its first whole row here too.
    @exclusivity(unchecked) var colourSeenOnce: UInt32?

    /// How many colours the image keeps rows over.
    var keptColours: Int { overColours.count }

    /// Readies the image to go where `other` has gone (a new finger's
    /// marker, where the last ones were): its rows over the plain colours
    /// `other` was last found over are composited now, between frames, and
    /// kept, so that the first frame it shows in copies them rather than
    /// blending them. The same bytes as compositing it there; within the budget
    /// of what all images keep; nothing for an opaque image, which is copied anyway.
    public func keepRows(overColoursOf other: Image) { keepRows(overColoursOf: other, account: .shared) }

    func keepRows(overColoursOf other: Image, account: KeptBytes) {
        guard !bitmap.isOpaque, other !== self else { return }
        var colours = other.overColours.map(\.colour)
        if let seen = other.colourSeenOnce, !colours.contains(seen) { colours.append(seen) }
        let spans = opacitySpans
        for colour in colours.suffix(2) where !overColours.contains(where: { $0.colour == colour }) {
            // As compositing finds a colour under its second row.
            colourSeenOnce = colour
            guard let over = over(colour, account: account) else { continue }
            for row in 0..<bitmap.height {
                let from = Int(spans.rowStarts[row]), to = Int(spans.rowStarts[row + 1])
                guard from < to else { continue }
                let first = Int(spans.spans[from].x), last = spans.spans[to - 1], count = Int(last.x) + Int(last.count) - first
                // Compositing looks no shorter rows up.
                guard count >= Bitmap.shortestFlatRun else { continue }
                let line = over.pixels + row * over.width
                (line + first).initialize(repeating: colour, count: count)
                let source = (bitmap.pixels + row * bitmap.stride).assumingMemoryBound(to: UInt32.self)
                Bitmap.composite(source, spans: spans, from..<to, onto: line, columns: 0..<bitmap.width, settingAlpha: false)
                over.made[row] = true
            }
        }
    }

    /// The image over `colour`, as far as it has been composited there; nil
    /// when the colour is new (found under one row so far), or what all images
    /// keep is at its budget, or none may be made (`mayMake` false: an image's
    /// first composite only copies rows readied ahead): the caller composites, as without it.
    func over(_ colour: UInt32, account: KeptBytes = .shared, mayMake: Bool = true) -> OverColour? {
        for index in overColours.indices where overColours[index].colour == colour {
            let found = overColours[index]
            if index != overColours.count - 1 {
                overColours.remove(at: index)
                overColours.append(found)
            }
            return found
        }
        guard mayMake else { return nil }
        guard colourSeenOnce == colour else {
            colourSeenOnce = colour
            return nil
        }
        let bytes = bitmap.width * bitmap.height * 4
        let evicted = overColours.count == 2 ? overColours[0].bytes : 0
        guard account.inUse.load(ordering: .relaxed) - evicted + bytes <= account.budget else { return nil }
        colourSeenOnce = nil
        if overColours.count == 2 { overColours.removeFirst() }
        let made = OverColour(colour: colour, width: bitmap.width, height: bitmap.height, account: account)
        overColours.append(made)
        return made
    }
}

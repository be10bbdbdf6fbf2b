/// The memory that kept pictures share: layers' backing stores and
/// flattened pictures, and any other picture a client keeps to composite
/// again (TouchUI's rasterized views). One budget for all of them, so a
/// limit on picture memory is a limit on picture memory, whichever kind
/// a screen happens to keep.
///
/// Past `limit`, the pictures used longest ago are let go, to be drawn
/// again when next needed. A picture used in the frame being drawn is never
/// let go for another: two pictures that cannot both fit would otherwise
/// take turns, each drawn again every frame. When that leaves too little
/// room, the new picture is not kept and its content is drawn straight into
/// the frame: memory never fails a frame.
///
/// Used on one thread, as layers are.
public final class PictureBudget {
    /// The bytes all kept pictures may take together.
    public var limit: Int {
        didSet { if limit < oldValue { trim() } }
    }
    private var holders: [ObjectIdentifier: WeakHolder] = [:]
    /// Counts uses; a holder's `lastPictureUse` is the count at its last.
    private var clock = 0
    /// The count when the frame being drawn began.
    private var frameStart = 0

    public init(limit: Int) { self.limit = limit }

    /// What the pictures kept now take, in bytes.
    public var bytesInUse: Int {
        holders = holders.filter { $0.value.holder != nil }
        return holders.values.reduce(0) { $0 + ($1.holder?.keptBytes ?? 0) }
    }

    /// A frame is being drawn: pictures used from now on are in it.
    public func beginFrame() { frameStart = clock }

    /// Notes that `holder`'s pictures are used now.
    public func use(_ holder: some PictureHolder) {
        clock += 1
        holder.lastPictureUse = clock
    }

    /// What the pictures used in the frame being drawn take, besides `holder`'s.
    public func bytesInFrame(besides holder: (some PictureHolder)?) -> Int {
        holders.values.reduce(0) { total, entry in
            guard let other = entry.holder, other !== holder, other.lastPictureUse > frameStart else { return total }
            return total + other.keptBytes
        }
    }

    /// Makes room for `bytes` more, letting go of the pictures of other
    /// holders not used in this frame, those used longest ago first; then
    /// lists `holder` as keeping pictures. False when that is not enough:
    /// the caller keeps nothing and draws as usual.
    public func makeRoom(for bytes: Int, by holder: some PictureHolder) -> Bool {
        guard bytes <= limit else { return false }
        var total = bytesInUse
        if total + bytes > limit {
            for other in holders.values.compactMap(\.holder).sorted(by: { $0.lastPictureUse < $1.lastPictureUse })
            where other !== holder && other.lastPictureUse <= frameStart {
                total -= other.keptBytes
                other.letGoOfPictures()
                if total + bytes <= limit { break }
            }
            guard total + bytes <= limit else { return false }
        }
        holders[ObjectIdentifier(holder)] = WeakHolder(holder: holder)
        return true
    }

    /// Lets go of the pictures used longest ago until the rest fit the limit
    /// (it was lowered), those of the frame being drawn too if need be.
    public func trim() {
        var total = bytesInUse
        for holder in holders.values.compactMap(\.holder).sorted(by: { $0.lastPictureUse < $1.lastPictureUse }) {
            guard total > limit else { break }
            total -= holder.keptBytes
            holder.letGoOfPictures()
        }
    }

    private struct WeakHolder {
        weak var holder: (any PictureHolder)?
    }
}

/// Something that keeps pictures within a `PictureBudget`: a layer with a
/// backing store, a rasterized view's tiles. It counts in one budget: a
/// layer composited by compositors with budgets apart would be counted by
/// each, and its last use would mix their clocks.
public protocol PictureHolder: AnyObject {
    /// The bytes its pictures take now.
    var keptBytes: Int { get }
    /// When its pictures were last used, as the budget counts: set by `PictureBudget.use`.
    var lastPictureUse: Int { get set }
    /// Lets go of every picture it keeps; they are drawn again when next needed.
    func letGoOfPictures()
}

import Graphics

/// What each buffer of a page-flipping display is missing. A buffer that was
/// not drawn into for a frame or more lacks those frames' damage; drawing its
/// stale region from the current picture brings it up to date, so that a
/// flip never shows an older picture in places that since changed.
struct StaleRegions {
    private var regions: [Region]

    /// `buffers` buffers, all entirely stale (their contents are unknown).
    init(buffers: Int, screen: PixelRect) {
        regions = Array(repeating: Region(screen), count: buffers)
    }

    /// `buffers` buffers already holding the current picture.
    init(upToDate buffers: Int) {
        regions = Array(repeating: Region(), count: buffers)
    }

    var bufferCount: Int { regions.count }

    /// A new picture changed `damage`: every buffer now lags there.
    mutating func add(_ damage: Region) {
        for index in regions.indices { regions[index].formUnion(damage) }
    }

    /// What to draw into `buffer` to make it current; it counts as current afterwards.
    mutating func take(_ buffer: Int) -> Region {
        defer { regions[buffer].removeAll() }
        return regions[buffer]
    }

    func region(of buffer: Int) -> Region { regions[buffer] }
}

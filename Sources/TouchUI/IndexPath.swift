// Foundation's IndexPath (FoundationEssentials', the same type), with the row
// and section UIKit adds to it for table views.
@_exported import struct FoundationEssentials.IndexPath

extension IndexPath {
    /// The path of `row` in `section`, as UIKit's table views use it.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row in the section: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

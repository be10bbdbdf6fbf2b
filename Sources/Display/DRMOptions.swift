/// How a DRM card is driven where it can be driven more than one way.
public struct DRMOptions: Equatable, Sendable {
    /// Frames flipped by atomic commits of the primary plane, with their
    /// damage where the driver takes it; false flips them the legacy way
    /// (`drmModePageFlip`), for a driver whose atomic support misbehaves,
    /// and uses no cursor plane.
    public var atomicCommits: Bool
    /// A lone small picture (a finger marker) shown on the card's cursor
    /// plane; false composites everything into the frame.
    public var cursorPlane: Bool

    public init(atomicCommits: Bool = true, cursorPlane: Bool = true) {
        self.atomicCommits = atomicCommits
        self.cursorPlane = cursorPlane
    }
}

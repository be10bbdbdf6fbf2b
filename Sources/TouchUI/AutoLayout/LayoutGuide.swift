/// A rectangle that takes part in Auto Layout without being a view, as
/// UILayoutGuide: for the space between views, or a region several views
/// align to. It draws nothing and takes no touches.
///
/// Every view has four made for it: `layoutMarginsGuide` (inside its
/// margins), `safeAreaLayoutGuide` (inside its safe area),
/// `readableContentGuide` (the margins, no wider than a comfortable line of
/// text) and `keyboardLayoutGuide` (the on-screen keyboard's space, or the
/// bottom of the safe area while there is none).
@MainActor
open class LayoutGuide: LayoutItem {
    enum Role { case custom, margins, safeArea, readableContent, keyboard, scrollContent, scrollFrame }

    let role: Role
    public var identifier = ""
    public internal(set) weak var owningView: View?
    /// The guide's frame in its owning view's coordinates, after layout.
    public internal(set) var layoutFrame = Rect.zero {
        didSet {
            // A scroll view's content guide gives it its content size.
            if role == .scrollContent, let scrollView = owningView as? ScrollView { scrollView.contentSize = layoutFrame.size }
        }
    }

    public init() { role = .custom }

    init(role: Role, owner: View) {
        self.role = role
        owningView = owner
        identifier = switch role {
        case .custom: ""
        case .margins: "UIViewLayoutMarginsGuide"
        case .safeArea: "UIViewSafeAreaLayoutGuide"
        case .readableContent: "UIViewReadableContentGuide"
        case .scrollContent: "UIScrollViewContentLayoutGuide"
        case .scrollFrame: "UIScrollViewFrameLayoutGuide"
        case .keyboard: "UIKeyboardLayoutGuide"
        }
    }

    public private(set) lazy var leadingAnchor = LayoutXAxisAnchor(self, .leading)
    public private(set) lazy var trailingAnchor = LayoutXAxisAnchor(self, .trailing)
    public private(set) lazy var leftAnchor = LayoutXAxisAnchor(self, .left)
    public private(set) lazy var rightAnchor = LayoutXAxisAnchor(self, .right)
    public private(set) lazy var topAnchor = LayoutYAxisAnchor(self, .top)
    public private(set) lazy var bottomAnchor = LayoutYAxisAnchor(self, .bottom)
    public private(set) lazy var widthAnchor = LayoutDimension(self, .width)
    public private(set) lazy var heightAnchor = LayoutDimension(self, .height)
    public private(set) lazy var centerXAnchor = LayoutXAxisAnchor(self, .centerX)
    public private(set) lazy var centerYAnchor = LayoutYAxisAnchor(self, .centerY)

    // MARK: LayoutItem

    let layoutVariables = LayoutVariables()
    var layoutParent: View? { owningView }
    var layoutContainer: View? { owningView }
    var frameComesFromEngine: Bool { true }
    var baselines: (first: (fraction: Double, offset: Double), last: (fraction: Double, offset: Double)) { ((1, 0), (1, 0)) }

    var layoutDescription: String {
        let name = identifier.isEmpty ? "LayoutGuide" : identifier
        return owningView.map { "\(name)(\($0.layoutDescription))" } ?? name
    }
}

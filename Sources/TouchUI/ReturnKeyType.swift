/// What the on-screen keyboard's Return key says, as UIReturnKeyType: the
/// key still types a newline (a text field reads it as Return), only its
/// title changes.
public enum ReturnKeyType: Sendable, CaseIterable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`

    /// The key's title, as iOS labels it in English.
    public var title: String {
        switch self {
        case .default: "return"
        case .go: "Go"
        case .google: "Google"
        case .join: "Join"
        case .next: "Next"
        case .route: "Route"
        case .search: "Search"
        case .send: "Send"
        case .yahoo: "Yahoo"
        case .done: "Done"
        case .emergencyCall: "Emergency Call"
        case .continue: "Continue"
        }
    }
}

/// What a cell shows, as UIContentConfiguration: a value that makes the
/// view showing it. Set it on a cell's `contentConfiguration`; setting
/// another later updates the same view when it `supports` it.
public protocol ContentConfiguration {
    @MainActor func makeContentView() -> any View & ContentView
}

/// A view made by a content configuration, as UIContentView.
@MainActor
public protocol ContentView: AnyObject {
    var configuration: any ContentConfiguration { get set }
    /// Whether this view can show `configuration` (so the cell keeps it); by default, one of the same type.
    func supports(_ configuration: any ContentConfiguration) -> Bool
}

extension ContentView {
    public func supports(_ configuration: any ContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

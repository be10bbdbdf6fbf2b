/// The name of an action, as UIKit's selectors name them. Responders answer
/// actions with closures (`addAction(_:handler:)`) instead of methods looked
/// up at run time.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }

    public var description: String { name }
}

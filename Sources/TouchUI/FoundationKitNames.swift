// The NS names UIKit code writes for Auto Layout and text, which drop no
// prefix when UIKit's does: `NSLayoutConstraint.activate([...])` compiles
// as it is. Each is the UI model's own type under the name UIKit code uses.
// (None of these is in Foundation on Linux, so they cannot clash with it.)

public typealias NSLayoutConstraint = LayoutConstraint
public typealias NSLayoutAnchor = LayoutAnchor
public typealias NSLayoutXAxisAnchor = LayoutXAxisAnchor
public typealias NSLayoutYAxisAnchor = LayoutYAxisAnchor
public typealias NSLayoutDimension = LayoutDimension
public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets
public typealias NSTextAlignment = TextAlignment

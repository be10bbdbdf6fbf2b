/// One property of a layer animated from one value to another, as
/// CABasicAnimation: a progress ring's `strokeEnd` from 0 to 1, a
/// spinner's `transform.rotation.z` turning forever, a badge's `opacity`
/// pulsing. Its timing, and what it may animate, are `PropertyAnimation`'s.
@MainActor
public class BasicAnimation: PropertyAnimation {
    /// Where it starts; nil starts from the value the layer shows when added.
    public var fromValue: Any?
    /// Where it ends; nil ends at the value the app set.
    public var toValue: Any?
    /// Added to where it starts, when `toValue` is nil (numbers, points and sizes).
    public var byValue: Any?

    public override init(keyPath: String?) { super.init(keyPath: keyPath) }
    public init() { super.init(keyPath: nil) }

    override func track(of property: LayerProperty, current: AnimatedValue) -> AnimationTrack {
        let name = keyPath ?? ""
        let from = fromValue.map { property.value(of: $0, keyPath: name, role: "fromValue") } ?? current
        let by = byValue.map { property.value(of: $0, keyPath: name, role: "byValue") }
        let to = toValue.map { property.value(of: $0, keyPath: name, role: "toValue") }
        // As Core Animation: by and to without from start at to less by.
        if fromValue == nil, let to, let by { return .between(to.adding(by, times: -1), to) }
        return .between(from, to ?? by.map { from.adding($0) } ?? current)
    }
}

public typealias CABasicAnimation = BasicAnimation

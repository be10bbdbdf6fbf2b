extension View {
    /// How an animation's progress follows time, as UIView.AnimationCurve:
    /// what a keyboard message says the keyboard's slide uses.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear

        /// The option that animates along this curve, for `animate(withDuration:delay:options:animations:)`.
        public var animationOptions: AnimationOptions { AnimationOptions(rawValue: rawValue << 16) }
    }
}

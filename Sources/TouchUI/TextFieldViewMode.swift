extension TextField {
    /// When an overlay of the field (its clear button) shows, as UITextField.ViewMode.
    public enum ViewMode: Sendable, CaseIterable {
        case never
        /// Only while the field edits.
        case whileEditing
        /// Only while it does not.
        case unlessEditing
        case always
    }
}

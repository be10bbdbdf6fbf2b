/// What a text field asks and tells while it is edited, as UITextFieldDelegate.
/// Every method has a default: allow, and do nothing.
@MainActor
public protocol TextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    func textFieldDidBeginEditing(_ textField: TextField)
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    func textFieldDidEndEditing(_ textField: TextField)
    /// The characters in `range` (offsets in characters, not UTF-16 units
    /// as in UIKit) are about to become `string`; false keeps the text as it is.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool
    /// Return was pressed; false keeps the field editing and sends no action.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    /// The text is about to be cleared (`clearsOnBeginEditing`); false keeps it.
    func textFieldShouldClear(_ textField: TextField) -> Bool
    func textFieldDidChangeSelection(_ textField: TextField)
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField) {}
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: TextField) {}
}

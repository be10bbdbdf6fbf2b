/// A paragraph style to set up, as NSMutableParagraphStyle:
///
///     let centred = NSMutableParagraphStyle()
///     centred.alignment = .center
///     "Paid".draw(in: bounds, withAttributes: [.paragraphStyle: centred])
public final class NSMutableParagraphStyle: NSParagraphStyle {
    public override var alignment: TextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }

    public override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
}

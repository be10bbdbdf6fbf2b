import Graphics

extension DisplayRotation {
    /// The picture a surface draws on a panel of `panelWidth` by
    /// `panelHeight` pixels: the size asked for, or the panel's own turned by
    /// this rotation. An error names `device` when the picture is empty or,
    /// turned, would not fit on the panel (`panelName`, as the message says it).
    func pictureSize(
        asked: (width: Int, height: Int)?, panelWidth: Int, panelHeight: Int, panelName: String, device: String
    ) throws -> (width: Int, height: Int) {
        let picture = asked ?? panelSize(width: panelWidth, height: panelHeight)
        guard picture.width > 0, picture.height > 0 else {
            throw DisplayError(device: device, problem: "invalid picture size \(picture.width)x\(picture.height)")
        }
        let needed = panelSize(width: picture.width, height: picture.height)
        guard needed.width <= panelWidth, needed.height <= panelHeight else {
            let turned = self == .none ? "" : " turned \(rawValue)°"
            throw DisplayError(
                device: device,
                problem: "\(panelName) is \(panelWidth)x\(panelHeight), smaller than the "
                    + "\(picture.width)x\(picture.height) picture asked for\(turned)")
        }
        return picture
    }
}

extension DisplayError {
    /// The error for a picture that is not the size of the screen it is presented to.
    static func wrongPictureSize(_ picture: Bitmap, screen: (width: Int, height: Int), device: String) -> DisplayError {
        DisplayError(device: device, .wrongPictureSize(picture: PixelSize(picture.width, picture.height), screen: PixelSize(screen.width, screen.height)))
    }
}

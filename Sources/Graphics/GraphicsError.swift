/// What went wrong drawing or reading pixels, said so that a person knows what to fix.
public enum GraphicsError: Error, CustomStringConvertible, Equatable {
    case unsupportedPixelFormat(String)
    case missingFont(String)
    case unreadableImage(path: String, reason: String)
    case cannotWriteImage(path: String, reason: String)
    case invalidSize(width: Int, height: Int)

    public var description: String {
        switch self {
        case .unsupportedPixelFormat(let bitfields):
            "unsupported pixel format (\(bitfields)); supported: "
                + PixelFormat.supported.map(\.name).joined(separator: ", ")
        case .missingFont(let family):
            "font '\(family)' is not installed (fontconfig found no such family); on Debian: apt install fonts-dejavu-core"
        case .unreadableImage(let path, let reason): "\(path): not a readable image: \(reason)"
        case .cannotWriteImage(let path, let reason): "\(path): cannot write PNG: \(reason)"
        case .invalidSize(let width, let height): "invalid bitmap size \(width)x\(height)"
        }
    }
}

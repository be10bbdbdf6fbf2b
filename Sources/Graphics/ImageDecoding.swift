import CCairo
import CPango
import CRsvg
import CTurboJPEG
import FoundationEssentials

/// Reading PNG, JPEG and SVG files into bitmaps, told apart by their first
/// bytes rather than their names.
extension Bitmap {
    public enum FileFormat: String, Sendable { case png = "PNG", jpeg = "JPEG", svg = "SVG" }

    /// The format of a file from its first bytes, or nil.
    static func format(of bytes: [UInt8]) -> FileFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        // SVG is XML text: look past a byte-order mark, an XML declaration, comments and a doctype.
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        if head.contains("<svg") { return .svg }
        return nil
    }

    /// Reads a PNG, JPEG or SVG file. An SVG is drawn at `size`, or at its
    /// own width and height (its viewBox's, if it gives none).
    public static func read(at path: String, size: Size? = nil) throws -> Bitmap {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read (permissions?)" : "no such file"
            throw GraphicsError.unreadableImage(path: path, reason: reason)
        }
        let bytes = [UInt8](data)
        switch format(of: bytes) {
        case .png: return try readPNG(at: path)
        case .jpeg: return try decodeJPEG(bytes, path: path)
        case .svg: return try renderSVG(bytes, path: path, size: size)
        case nil:
            throw GraphicsError.unreadableImage(path: path, reason: "neither PNG, JPEG nor SVG (its first bytes are none of theirs)")
        }
    }

    /// JPEG through libjpeg-turbo, straight into the bitmap's pixels.
    /// The EXIF orientation tag is not applied.
    static func decodeJPEG(_ bytes: [UInt8], path: String) throws -> Bitmap {
        guard let decoder = tjInitDecompress() else {
            throw GraphicsError.unreadableImage(path: path, reason: "JPEG: libjpeg-turbo could not start")
        }
        defer { tjDestroy(decoder) }
        func failure() -> GraphicsError {
            .unreadableImage(path: path, reason: "JPEG: " + String(cString: tjGetErrorStr2(decoder)))
        }
        /// libjpeg-turbo fails on warnings too. Cameras write JPEGs with harmless ones
        /// ("extraneous bytes before marker"); a file cut short is the warning that is refused.
        func isFatal() -> Bool {
            tjGetErrorCode(decoder) == Int32(TJERR_FATAL.rawValue) || String(cString: tjGetErrorStr2(decoder)).contains("Premature end")
        }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        if tjDecompressHeader3(decoder, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) != 0
            && (isFatal() || width <= 0 || height <= 0)
        {
            throw failure()
        }
        let bitmap = try Bitmap(width: Int(width), height: Int(height), opaque: true)
        bitmap.finishDrawing()
        // cairo's RGB24 is a native-endian 0x00RRGGBB word.
        #if _endian(little)
            let pixelFormat = Int32(TJPF_BGRX.rawValue)
        #else
            let pixelFormat = Int32(TJPF_XRGB.rawValue)
        #endif
        let pixels = bitmap.pixels.assumingMemoryBound(to: UInt8.self)
        // A truncated or corrupt file is refused rather than shown half grey.
        if tjDecompress2(decoder, bytes, UInt(bytes.count), pixels, width, Int32(bitmap.stride), height, pixelFormat, 0) != 0 && isFatal() {
            throw failure()
        }
        bitmap.pixelsChanged()
        return bitmap
    }

    /// SVG through librsvg, drawn by cairo into a transparent bitmap.
    static func renderSVG(_ bytes: [UInt8], path: String, size: Size?) throws -> Bitmap {
        var error: UnsafeMutablePointer<GError>?
        func failure(_ what: String) -> GraphicsError {
            defer { if let error { g_error_free(error) } }
            let detail = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "librsvg gave no reason"
            return .unreadableImage(path: path, reason: "SVG: \(what): \(detail)")
        }
        guard let handle = rsvg_handle_new_from_data(bytes, UInt(bytes.count), &error) else { throw failure("not parsed") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var width = 0.0
        var height = 0.0
        if let size {
            (width, height) = (size.width, size.height)
        } else if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            var hasViewBox: Int32 = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0 else {
                throw GraphicsError.unreadableImage(path: path, reason: "SVG: no width, height or viewBox, so no size; give the <svg> element a width and height")
            }
            (width, height) = (viewBox.width, viewBox.height)
        }
        // A size from the file (width="1e30") or the caller must fit a bitmap before it becomes an Int.
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw GraphicsError.unreadableImage(path: path, reason: "SVG: a size of \(width)x\(height), not one a bitmap can have (1 to 32767 a side)")
        }
        let bitmap = try Bitmap(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), opaque: false)
        let cr = cairo_create(bitmap.surface)!
        defer { cairo_destroy(cr) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else { throw failure("not drawn") }
        cairo_surface_flush(bitmap.surface)
        return bitmap
    }
}

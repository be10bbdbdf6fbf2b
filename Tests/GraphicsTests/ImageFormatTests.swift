import Foundation
import Graphics
import Testing

/// JPEG through libjpeg-turbo and SVG through librsvg, beside PNG.
struct ImageFormatTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    static func path(_ name: String) -> String { images.appendingPathComponent(name).path }

    /// A temporary file holding `bytes`.
    static func file(_ name: String, _ bytes: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchbridge-image-\(UUID().uuidString)-\(name)").path
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// quadrants.jpg: 64x48, red, green, blue and white quarters, written by libjpeg-turbo at quality 95.
    @Test func aJPEGIsDecodedIntoItsPixels() throws {
        let image = try Image(contentsOfFile: Self.path("quadrants.jpg"))
        #expect(image.size == Size(width: 64, height: 48))
        let bitmap = try Bitmap.read(at: Self.path("quadrants.jpg"))
        #expect(bitmap.isOpaque)
        #expect(bitmap.pixel(x: 10, y: 10).distance(to: PixelColor(red: 255, green: 0, blue: 0)) < 12)
        #expect(bitmap.pixel(x: 50, y: 10).distance(to: PixelColor(red: 0, green: 255, blue: 0)) < 12)
        #expect(bitmap.pixel(x: 10, y: 40).distance(to: PixelColor(red: 0, green: 0, blue: 255)) < 12)
        #expect(bitmap.pixel(x: 50, y: 40).distance(to: PixelColor(red: 255, green: 255, blue: 255)) < 12)
    }

    @Test func aTruncatedJPEGIsRefusedByName() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.path("quadrants.jpg")))
        let broken = try Self.file("broken.jpg", whole.prefix(whole.count / 2))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect {
            try Image(contentsOfFile: broken)
        } throws: { error in
            "\(error)".hasPrefix(broken + ": not a readable image: JPEG: ")
        }
    }

    /// Cameras write JPEGs that libjpeg-turbo warns about but decodes whole: such a file is shown.
    @Test func aJPEGWithAHarmlessWarningIsShown() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.path("quadrants.jpg")))
        // Stray bytes between the scan and the end marker: "Corrupt JPEG data: 3 extraneous bytes before marker 0xd9".
        let stray = try Self.file("stray.jpg", whole.prefix(whole.count - 2) + Data([0x12, 0x34, 0x56, 0xFF, 0xD9]))
        defer { try? FileManager.default.removeItem(atPath: stray) }
        let bitmap = try Bitmap.read(at: stray)
        #expect(bitmap.pixel(x: 50, y: 40).distance(to: PixelColor(red: 255, green: 255, blue: 255)) < 12)
    }

    /// cup.svg has a viewBox of 24x24 and no width or height, as icon sets ship them.
    @Test func anSVGIsDrawnAtItsViewBoxOrAtTheSizeAsked() throws {
        let icon = try Bitmap.read(at: Self.path("cup.svg"))
        #expect(icon.width == 24 && icon.height == 24)
        #expect(!icon.isOpaque)
        #expect(icon.pixel(x: 1, y: 1) == PixelColor(red: 255, green: 0, blue: 0))
        #expect(icon.pixel(x: 9, y: 14).distance(to: PixelColor(red: 0x6f, green: 0x4e, blue: 0x37)) < 3)
        #expect(icon.pixel(x: 12, y: 2).alpha == 0)
        let large = try Image(contentsOfFile: Self.path("cup.svg"), size: Size(width: 96, height: 96))
        #expect(large.size == Size(width: 96, height: 96))
        let drawn = try Bitmap.read(at: Self.path("cup.svg"), size: Size(width: 96, height: 96))
        #expect(drawn.pixel(x: 14, y: 14) == PixelColor(red: 255, green: 0, blue: 0))
        #expect(drawn.pixel(x: 20, y: 20).alpha == 0)
    }

    @Test func badFilesAreNamedWithWhatIsWrong() throws {
        let text = try Self.file("notes.png", Data("just some text".utf8))
        let svg = try Self.file("broken.svg", Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8))
        let sizeless = try Self.file("sizeless.svg", Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"3\" height=\"3\"/></svg>".utf8))
        let huge = try Self.file("huge.svg", Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1e30\" height=\"10\"/>".utf8))
        defer { for path in [text, svg, sizeless, huge] { try? FileManager.default.removeItem(atPath: path) } }
        #expect {
            try Image(contentsOfFile: huge)
        } throws: { error in
            "\(error)".contains("not one a bitmap can have")
        }
        #expect(throws: GraphicsError.unreadableImage(path: text, reason: "neither PNG, JPEG nor SVG (its first bytes are none of theirs)")) {
            try Image(contentsOfFile: text)
        }
        #expect {
            try Image(contentsOfFile: svg)
        } throws: { error in
            "\(error)".hasPrefix(svg + ": not a readable image: SVG: not parsed: ")
        }
        #expect {
            try Image(contentsOfFile: sizeless)
        } throws: { error in
            "\(error)".contains("no width, height or viewBox")
        }
        #expect(throws: GraphicsError.unreadableImage(path: "/nonexistent/photo.jpg", reason: "no such file")) {
            try Image(contentsOfFile: "/nonexistent/photo.jpg")
        }
    }
}

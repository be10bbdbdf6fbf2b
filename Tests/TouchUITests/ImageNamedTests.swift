import Glibc
import Testing
import TouchUI

/// UIImage(named:): a picture among the app's resources, by name with or
/// without its extension, nil when there is none, read once.
@MainActor
@Suite(.serialized)
final class ImageNamedTests {
    let root: String, first: String, second: String

    init() throws {
        var template = Array("/tmp/image-named-XXXXXX".utf8CString)
        root = String(cString: mkdtemp(&template))
        first = root + "/first"
        second = root + "/second"
        mkdir(first, 0o755)
        mkdir(second, 0o755)
        try write(Self.svg(width: 24, colour: "red"), to: first + "/cup.svg")
        try write(Self.svg(width: 48, colour: "blue"), to: second + "/cup.svg")
        try write(Self.svg(width: 10, colour: "green"), to: second + "/logo.svg")
        try write("this is not a picture", to: second + "/broken.png")
        Image.resourceDirectories = [first, second]
    }

    deinit {
        for file in [first + "/cup.svg", second + "/cup.svg", second + "/logo.svg", second + "/broken.png"] { unlink(file) }
        for directory in [first, second, root] { rmdir(directory) }
    }

    static func svg(width: Int, colour: String) -> String {
        "<svg xmlns='http://www.w3.org/2000/svg' width='\(width)' height='\(width)'><rect width='\(width)' height='\(width)' fill='\(colour)'/></svg>"
    }

    func write(_ text: String, to path: String) throws {
        let file = try #require(fopen(path, "w"))
        fputs(text, file)
        fclose(file)
    }

    @Test func byNameWithOrWithoutItsExtensionInTheFirstDirectoryThatHasIt() throws {
        #expect(try #require(Image(named: "cup")).size == Size(width: 24, height: 24), "the first directory wins")
        #expect(try #require(Image(named: "cup.svg")).size == Size(width: 24, height: 24))
        #expect(try #require(Image(named: "logo")).size == Size(width: 10, height: 10), "found in the second")
    }

    @Test func nilWhenNoDirectoryHasItOrItCannotBeRead() {
        #expect(Image(named: "nowhere") == nil)
        #expect(Image(named: "broken") == nil)
        #expect(Image(named: "") == nil, "a directory is not a picture")
    }

    @Test func readOnceThenSharedUntilTheDirectoriesChange() throws {
        let one = try #require(Image(named: "logo"))
        unlink(second + "/logo.svg")
        #expect(try #require(Image(named: "logo")).size == one.size, "from what was read")
        Image.resourceDirectories = [first, second]
        #expect(Image(named: "logo") == nil, "new directories are read anew")
    }
}

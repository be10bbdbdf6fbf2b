import Foundation
import Testing
import TouchBridge

/// An app that imports all of Foundation sees two NSAttributedStrings, and
/// the name alone is ambiguous as a type; the module's name picks
/// TouchBridge's (docs/COMING-FROM-UIKIT.md, "Written differently").
struct FoundationNamingTests {
    @Test func theModulesNamePicksTouchBridgesAttributedString() {
        let attributes: [TouchBridge.NSAttributedString.Key: Any] = [.font: Font.systemFont(ofSize: 20)]
        let text: TouchBridge.NSAttributedString = TouchBridge.NSAttributedString(string: "°C", attributes: attributes)
        #expect(text.length == 2)
        #expect(text.size().height > 20, "drawn at 20 points, not Foundation's nothing")
        #expect(Foundation.NSAttributedString(string: "°C").length == 2, "Foundation's is still there")
    }
}

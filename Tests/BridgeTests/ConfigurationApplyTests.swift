import Bridge
import KernelInput
import Testing
import TouchUI

/// What a reload keeps and what it gives the app.
@MainActor
struct ConfigurationApplyTests {
    @Test func aReloadKeepsTheRunningDisplaysKeys() {
        var running = Bridge.Configuration()
        running.display = "drm:/dev/dri/card0"
        running.rotation = .clockwise90
        var reloaded = Bridge.Configuration()
        reloaded.rotation = .upsideDown
        reloaded.keyRepeat = KeyRepeat(delay: 0.3, rate: 40)
        #expect(reloaded.displayKeys != running.displayKeys)
        reloaded.displayKeys = running.displayKeys
        // The touches go on turning with the picture; the rest of the reload stands.
        #expect(reloaded.rotation == .clockwise90 && reloaded.display == "drm:/dev/dri/card0")
        #expect(reloaded.keyRepeat == KeyRepeat(delay: 0.3, rate: 40))
    }

    @Test func theAppTakesItsSettingsAgain() {
        let application = Application()
        application.userInterfaceStyle = .dark
        var settings = Bridge.Configuration()
        settings.showsOnScreenKeyboard = false
        settings.keymap = KeymapNames(layout: "de")
        settings.apply(to: application)
        #expect(!application.showsOnScreenKeyboard)
        #expect(application.keyboardLetterRows.first?.contains("z") == true)  // QWERTZ
        #expect(application.userInterfaceStyle == .dark)  // no appearance in the file: the app's own stays
        settings.appearance = .light
        settings.apply(to: application)
        #expect(application.userInterfaceStyle == .light)
    }

    @Test func aReloadGivesOnlyWhatTheFileChanged() {
        let application = Application()
        let launched = Bridge.Configuration()
        launched.apply(to: application)
        application.showsOnScreenKeyboard = false  // the app's own choice
        var reloaded = launched
        reloaded.keyRepeat = KeyRepeat(delay: 0.3, rate: 40)
        reloaded.apply(to: application, changedFrom: launched)
        #expect(!application.showsOnScreenKeyboard)
        #expect(application.keyRepeat == KeyRepeat(delay: 0.3, rate: 40))
        reloaded.showsOnScreenKeyboard = false
        var again = reloaded
        again.showsOnScreenKeyboard = true
        again.apply(to: application, changedFrom: reloaded)
        #expect(application.showsOnScreenKeyboard)
    }
}

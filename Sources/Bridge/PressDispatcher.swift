import KernelInput
import TouchUI

/// Turns key records into Press objects (one per key held, updated in
/// place) and sends each frame's as one Event to the first responder, as
/// UIKit delivers a hardware keyboard. Media and volume keys go instead as
/// remote-control events, as a remote's buttons do.
@MainActor
public final class PressDispatcher {
    public let application: Application
    private struct Held: Hashable {
        var device: Int
        var code: UInt16
    }
    private var presses: [Held: Press] = [:]

    public init(application: Application) {
        self.application = application
    }

    /// Keys down now.
    public var pressesDown: Int { presses.count }

    /// Sends one frame's records: a press event for the keys, a remote-control event per media key going down.
    @discardableResult
    public func dispatch(_ records: [KeyRecord]) -> [Event] {
        guard let first = records.first else { return [] }
        let timestamp = first.time.seconds
        var events: [Event] = []
        var changed: [Press] = []
        for record in records {
            if let subtype = Self.remoteControl(record) {
                if let subtype {
                    let event = Event(type: .remoteControl, subtype: subtype, timestamp: timestamp)
                    application.sendEvent(event)
                    events.append(event)
                }
                continue
            }
            let held = Held(device: record.device, code: record.code)
            switch record.phase {
            case .began:
                let press = Press(key: Self.key(record), phase: .began, timestamp: timestamp)
                presses[held] = press
                changed.append(press)
            case .ended, .cancelled:
                guard let press = presses.removeValue(forKey: held) else { continue }
                // Down and up in one frame (a knob's step, a quick tap): pressesBegan goes first, in an event of its own.
                if changed.contains(where: { $0 === press }) {
                    let began = Event(presses: Set(changed), timestamp: timestamp)
                    application.sendEvent(began)
                    events.append(began)
                    changed.removeAll()
                }
                press.update(phase: record.phase == .ended ? .ended : .cancelled, timestamp: timestamp)
                changed.append(press)
            }
        }
        guard !changed.isEmpty else { return events }
        let event = Event(presses: Set(changed), timestamp: timestamp)
        application.sendEvent(event)
        return events + [event]
    }

    /// The key as UIKit describes it: its HID usage, its text, the modifiers.
    static func key(_ record: KeyRecord) -> Key {
        var flags: KeyModifierFlags = []
        let modifiers = record.modifiers
        if modifiers.contains(.shift) { flags.insert(.shift) }
        if modifiers.contains(.capsLock) { flags.insert(.alphaShift) }
        if modifiers.contains(.control) { flags.insert(.control) }
        if modifiers.contains(.alt) { flags.insert(.alternate) }
        if modifiers.contains(.logo) { flags.insert(.command) }
        if keypad.contains(record.code) { flags.insert(.numericPad) }
        let usage = HIDUsage.keyboard(evdev: record.code).map(KeyboardHIDUsage.init(rawValue:)) ?? .keyboardErrorUndefined
        return Key(keyCode: usage, characters: record.characters, charactersIgnoringModifiers: record.charactersIgnoringModifiers, modifierFlags: flags)
    }

    /// KEY_KP*: the keys of a numeric keypad.
    static let keypad: Set<UInt16> = [55, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 96, 98, 117, 118, 121, 179, 180]

    /// nil: not a media key (a press). .some(nil): a media key's change that
    /// means nothing (a play key coming up). Otherwise the event's subtype.
    static func remoteControl(_ record: KeyRecord) -> Event.Subtype?? {
        let down = record.phase == .began
        switch record.code {
        case 164: return .some(down ? .remoteControlTogglePlayPause : nil)  // KEY_PLAYPAUSE
        case 200, 207: return .some(down ? .remoteControlPlay : nil)  // KEY_PLAYCD, KEY_PLAY
        case 201: return .some(down ? .remoteControlPause : nil)  // KEY_PAUSECD
        case 166: return .some(down ? .remoteControlStop : nil)  // KEY_STOPCD
        case 163: return .some(down ? .remoteControlNextTrack : nil)  // KEY_NEXTSONG
        case 165: return .some(down ? .remoteControlPreviousTrack : nil)  // KEY_PREVIOUSSONG
        case 208: return .some(down ? .remoteControlBeginSeekingForward : .remoteControlEndSeekingForward)  // KEY_FASTFORWARD
        case 168: return .some(down ? .remoteControlBeginSeekingBackward : .remoteControlEndSeekingBackward)  // KEY_REWIND
        case 115: return .some(down ? .remoteControlVolumeUp : nil)  // KEY_VOLUMEUP
        case 114: return .some(down ? .remoteControlVolumeDown : nil)  // KEY_VOLUMEDOWN
        case 113: return .some(down ? .remoteControlMute : nil)  // KEY_MUTE
        default: return nil
        }
    }
}

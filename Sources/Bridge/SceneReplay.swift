import KernelInput
import TouchUI

/// Replays recordings into an application's windows on the recording's own
/// timeline: each frame becomes one Event at its recorded moment, timers
/// set on the way fire at theirs, and at the end pending timers run out.
@MainActor
public final class SceneReplay {
    public let application: Application
    public let timeline: VirtualTimeline
    public let dispatcher: TouchDispatcher
    public let pressDispatcher: PressDispatcher
    /// How long after the last event pending timers may still run, in seconds.
    public var drainLimit = 10.0
    /// Play at the recorded pace instead of as fast as possible.
    public var realtime = false

    public init(application: Application, window: Window? = nil, timeline: VirtualTimeline = VirtualTimeline()) {
        self.application = application
        self.timeline = timeline
        application.timeline = timeline  // recognizers' timers run on the recording's timeline
        dispatcher = TouchDispatcher(application: application, window: window)
        pressDispatcher = PressDispatcher(application: application)
    }

    /// Plays the recordings; `onRecord` gets each record with the class name
    /// of the view its touch was bound to, `onKey` each key record once delivered.
    /// `onFrame` runs after each frame was delivered (a compositor draws then).
    public func run(
        _ recordings: [Recording], options: InputOptions, warn: (String) -> Void,
        onRecord: (TouchRecord, String?) -> Void = { _, _ in },
        onKey: (KeyRecord) -> Void = { _ in },
        onFrame: ([TouchRecord]) throws -> Void = { _ in }
    ) throws {
        var pacer = ReplayPacer()
        var frameError: Error?
        // The virtual clock moves to each frame's recorded moment (the first one's is where it starts).
        func arrive(at time: EventTime) {
            if realtime { pacer.wait(until: time) }
            timeline.advance(to: time.seconds)
        }
        try TouchReplay(options: options).run(recordings, warn: warn, onFrame: { records in
            arrive(at: records[0].time)
            dispatcher.dispatch(records)
            for record in records {
                onRecord(record, dispatcher.viewName(ofTouch: record.touch))
            }
            do {
                if frameError == nil { try onFrame(records) }
            } catch {
                frameError = error
            }
        }, onKeys: { records in
            arrive(at: records[0].time)
            pressDispatcher.dispatch(records)
            records.forEach(onKey)
        })
        if let frameError { throw frameError }
        timeline.runPendingTimers(limit: drainLimit)
    }
}

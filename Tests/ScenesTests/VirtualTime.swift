import TouchUI

extension Application {
    /// The virtual timeline a test gave the application, to move it on.
    var virtualTimeline: VirtualTimeline { timeline as! VirtualTimeline }
}

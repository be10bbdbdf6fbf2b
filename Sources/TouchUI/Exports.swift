// Geometry and colour come from the graphics layer, as UIKit's come from
// CoreGraphics; an app that imports TouchUI has them.
@_exported import Graphics

// Foundation's essentials (Date, Data, URL, JSON coding, NotificationCenter
// with its typed messages), as UIKit brings Foundation: FoundationEssentials
// only, without the ICU data that all of Foundation carries (issue 26).
@_exported import FoundationEssentials

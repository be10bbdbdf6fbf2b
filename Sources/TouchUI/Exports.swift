// Geometry and colour come from the graphics layer, as UIKit's come from
// CoreGraphics; an app that imports TouchUI has them.
@_exported import Graphics

// An app imports TouchBridge and nothing else: the UI model (views,
// controls, gesture recognizers, the application and its delegate) and,
// through it, geometry, colours and drawing.
@_exported import TouchUI

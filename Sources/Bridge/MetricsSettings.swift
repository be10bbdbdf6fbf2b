/// `[metrics]`: the figures for Prometheus, written for node_exporter's
/// textfile collector.
public struct MetricsSettings: Equatable, Sendable {
    public static let defaultInterval = 5.0

    /// The .prom file, in the collector's directory.
    public var textfile: String
    /// Seconds between writes.
    public var interval: Double

    public init(textfile: String, interval: Double = MetricsSettings.defaultInterval) {
        (self.textfile, self.interval) = (textfile, interval)
    }
}

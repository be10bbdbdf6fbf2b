import FoundationEssentials
import KernelInput

/// What tslib's environment variables ask for, read when the user says so
/// (`--tslib-environment`, `input.tslib-environment = true`): a system set
/// up for tslib keeps its filters, calibration and device.
public struct TslibEnvironment: Equatable, Sendable {
    /// TSLIB_CONFFILE's modules.
    public var filters: FilterChainSpec?
    /// TSLIB_CALIBFILE, else /etc/pointercal if it exists, as tslib does.
    public var pointercal: Pointercal?
    /// TSLIB_TSDEVICE.
    public var device: String?

    public init(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(TslibError) {
        func named(_ key: String, _ body: (String) throws(TslibError) -> Void) throws(TslibError) {
            guard let value = environment[key], !value.isEmpty else { return }
            do { try body(value) } catch { throw TslibError("\(key)=\(error.message)") }
        }
        try named("TSLIB_CONFFILE") { path throws(TslibError) in filters = try FilterChainSpec.tsConf(path: path) }
        try named("TSLIB_CALIBFILE") { path throws(TslibError) in pointercal = try Pointercal(path: path) }
        if environment["TSLIB_CALIBFILE"] == nil, FileManager.default.fileExists(atPath: "/etc/pointercal") {
            pointercal = try Pointercal(path: "/etc/pointercal")
        }
        device = environment["TSLIB_TSDEVICE"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// One module of a filter chain, named and set as in tslib's ts.conf(5):
/// `median depth=5`.
public enum FilterModule: Equatable, Sendable, CustomStringConvertible {
    case pthres(pmin: Int32, pmax: Int32)
    case debounce(dropThreshold: Int)
    case median(depth: Int)
    case dejitter(delta: Int)
    case iir(n: Int, d: Int)
    case variance(delta: Int)
    case skip(nhead: Int, ntail: Int)
    case lowpass(factor: Double, threshold: Int)
    case evthres(n: Int)
    case invert(x0: Int32?, y0: Int32?)

    /// The modules, with their parameters and what each parameter takes.
    public static let catalogue: [(name: String, parameters: [(name: String, takes: String)])] = [
        ("pthres", [("pmin", "a pressure, 1 by default"), ("pmax", "a pressure, no limit by default")]),
        ("debounce", [("drop_threshold", "milliseconds")]),
        ("median", [("depth", "1 to 127 samples, 3 by default")]),
        ("dejitter", [("delta", "device units, 100 by default")]),
        ("iir", [("N", "0 or more, below D"), ("D", "1 or more")]),
        ("variance", [("delta", "device units, 30 by default")]),
        ("skip", [("nhead", "samples, 1 by default"), ("ntail", "samples, 1 by default")]),
        ("lowpass", [("factor", "0 to 1, 0.4 by default"), ("threshold", "0 to 255 device units, 2 by default")]),
        ("evthres", [("N", "1 to 499 samples, 5 by default")]),
        ("invert", [("x0", "device units"), ("y0", "device units")]),
    ]

    /// Makes a module from its name and its `key=value` parameters.
    public init(name: String, parameters: [(key: String, value: String)]) throws(TslibError) {
        guard let entry = Self.catalogue.first(where: { $0.name == name }) else {
            let names = Self.catalogue.map(\.name).joined(separator: ", ")
            throw TslibError("tslib has no filter '\(name)'; the filters are \(names)")
        }
        var values: [String: String] = [:]
        for (key, value) in parameters {
            // tslib compares parameter names ignoring case.
            guard let known = entry.parameters.first(where: { $0.name.lowercased() == key.lowercased() }) else {
                let names = entry.parameters.map(\.name).joined(separator: " and ")
                throw TslibError("\(name) has no parameter '\(key)'; it takes \(names)")
            }
            values[known.name] = value
        }
        func number(_ key: String, default fallback: Int, in range: ClosedRange<Int>) throws(TslibError) -> Int {
            guard let text = values[key] else { return fallback }
            guard let value = Self.integer(text), range.contains(value) else {
                let takes = entry.parameters.first { $0.name == key }!.takes
                throw TslibError("\(name) \(key)=\(text): expected \(takes)")
            }
            return value
        }
        let anyInt32 = Int(Int32.min)...Int(Int32.max)
        switch name {
        case "pthres":
            self = .pthres(
                pmin: Int32(try number("pmin", default: 1, in: 0...Int(Int32.max))),
                pmax: Int32(try number("pmax", default: Int(Int32.max), in: 0...Int(Int32.max))))
        case "debounce":
            self = .debounce(dropThreshold: try number("drop_threshold", default: 0, in: 0...3_600_000))
        case "median":
            self = .median(depth: try number("depth", default: 3, in: 1...127))
        case "dejitter":
            self = .dejitter(delta: try number("delta", default: 100, in: 0...46340))
        case "iir":
            let d = try number("D", default: 1, in: 1...Int(Int32.max))
            guard values["D"] != nil || values["N"] == nil else {
                throw TslibError("iir N=\(values["N"]!) needs D, the divisor (iir N=8 D=10 keeps 8/10 of the last position)")
            }
            let n = try number("N", default: 0, in: 0...Int(Int32.max))
            guard n < d else { throw TslibError("iir N=\(n) D=\(d): N must be below D, or the position never moves") }
            self = .iir(n: n, d: d)
        case "variance":
            self = .variance(delta: try number("delta", default: 30, in: 0...46340))
        case "skip":
            self = .skip(
                nhead: try number("nhead", default: 1, in: 0...1000), ntail: try number("ntail", default: 1, in: 0...1000))
        case "lowpass":
            var factor = 0.4
            if let text = values["factor"] {
                guard let value = Double(text), (0...1).contains(value) else {
                    throw TslibError("lowpass factor=\(text): expected a number from 0 to 1")
                }
                factor = value
            }
            self = .lowpass(factor: factor, threshold: try number("threshold", default: 2, in: 0...255))
        case "evthres":
            self = .evthres(n: try number("N", default: 5, in: 1...499))
        default:
            // With neither, tslib's invert changes nothing; so does this one.
            self = .invert(
                x0: values["x0"] == nil ? nil : Int32(try number("x0", default: 0, in: anyInt32)),
                y0: values["y0"] == nil ? nil : Int32(try number("y0", default: 0, in: anyInt32)))
        }
    }

    /// As tslib reads numbers (strtoul with base 0): decimal, hexadecimal
    /// after 0x, octal after a leading 0.
    private static func integer(_ text: String) -> Int? {
        var digits = Substring(text.lowercased())
        let negative = digits.hasPrefix("-")
        if negative { digits = digits.dropFirst() }
        let value: Int?
        if digits.hasPrefix("0x") {
            value = Int(digits.dropFirst(2), radix: 16)
        } else if digits.count > 1 && digits.hasPrefix("0") {
            value = Int(digits.dropFirst(), radix: 8)
        } else {
            value = Int(digits)
        }
        return negative ? value.map { -$0 } : value
    }

    /// The module as a ts.conf line would set it.
    public var description: String {
        switch self {
        case .pthres(let pmin, let pmax): pmax == .max ? "pthres pmin=\(pmin)" : "pthres pmin=\(pmin) pmax=\(pmax)"
        case .debounce(let threshold): "debounce drop_threshold=\(threshold)"
        case .median(let depth): "median depth=\(depth)"
        case .dejitter(let delta): "dejitter delta=\(delta)"
        case .iir(let n, let d): "iir N=\(n) D=\(d)"
        case .variance(let delta): "variance delta=\(delta)"
        case .skip(let nhead, let ntail): "skip nhead=\(nhead) ntail=\(ntail)"
        case .lowpass(let factor, let threshold): "lowpass factor=\(factor) threshold=\(threshold)"
        case .evthres(let n): "evthres N=\(n)"
        case .invert(let x0, let y0):
            ["invert", x0.map { "x0=\($0)" }, y0.map { "y0=\($0)" }].compactMap { $0 }.joined(separator: " ")
        }
    }

    /// A fresh filter, holding nothing.
    public func makeFilter() -> any ContactFilter {
        switch self {
        case .pthres(let pmin, let pmax): PressureThresholdFilter(minimum: pmin, maximum: pmax)
        case .debounce(let threshold): DebounceFilter(dropThreshold: Int64(threshold))
        case .median(let depth): MedianFilter(depth: depth)
        case .dejitter(let delta): DejitterFilter(delta: delta)
        case .iir(let n, let d): IIRFilter(numerator: n, denominator: d)
        case .variance(let delta): VarianceFilter(delta: delta)
        case .skip(let nhead, let ntail): SkipFilter(head: nhead, tail: ntail)
        case .lowpass(let factor, let threshold): LowpassFilter(factor: factor, threshold: Int32(threshold))
        case .evthres(let n): EventThresholdFilter(count: n)
        case .invert(let x0, let y0): InvertFilter(x0: x0, y0: y0)
        }
    }
}

/// What was wrong with a tslib setting: a filter's name or parameters, a
/// ts.conf, a pointercal. Names the file where there is one; for a filter
/// written elsewhere, the caller adds where.
public struct TslibError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

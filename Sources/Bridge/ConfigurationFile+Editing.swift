extension ConfigurationFile {
    /// `text` with `key = value` set in `section`, for a tool that writes a
    /// setting (`calibrate --write-config`). Comments stay as they are.
    /// - The lines of an existing setting (all of them, for a list that runs
    ///   on) become one line, written with the key as it was written.
    /// - A new key goes at the top of the section's `[header]`; in a section
    ///   made by dotted keys, it is one more dotted key; else the section is
    ///   added at the end.
    /// A file that is not valid TOML, or a setting inside an inline table,
    /// is an error: the tool says where to set it by hand.
    public static func setting(_ key: String, to value: String, inSection section: String, of text: String, path: String = "the configuration") throws -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let file = try ConfigurationFile(path: path, text: text)
        let fullKey = "\(section).\(key)"
        if let entry = file.entries[fullKey] {
            let first = lines[entry.line - 1].trimmed
            guard let written = [key, fullKey].first(where: { first.hasPrefix($0) && String(first.dropFirst($0.count)).trimmed.hasPrefix("=") }) else {
                throw ConfigurationError(
                    file: path, line: entry.line, key: fullKey,
                    message: "is set in a form this tool does not rewrite (an inline table?); set it there by hand to \(value)")
            }
            lines.replaceSubrange((entry.line - 1)...(entry.endLine - 1), with: ["\(written) = \(value)"])
        } else if let header = lines.firstIndex(where: { $0.trimmed == "[\(section)]" }) {
            lines.insert("\(key) = \(value)", at: header + 1)
        } else if file.entries.keys.contains(where: { $0.hasPrefix(section + ".") }) {
            // Made by dotted keys at the top (input.grab = true): one more there, before any header.
            let firstHeader = lines.firstIndex { $0.trimmed.hasPrefix("[") } ?? lines.count
            lines.insert("\(fullKey) = \(value)", at: firstHeader)
        } else {
            if let last = lines.last, !last.trimmed.isEmpty { lines.append("") }
            lines.append("[\(section)]")
            lines.append("\(key) = \(value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ConfigurationFile {
    /// `text` with `key = value` set in `[section]`: an existing line of
    /// the key is replaced, otherwise one is added at the top of the
    /// section (made at the end when missing). Comments stay as they are.
    public static func setting(_ key: String, to value: String, inSection section: String, of text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let assignment = "\(key) = \(value)"
        var current = ""
        var header: Int?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmed
            if trimmed.hasPrefix("[") {
                current = String(trimmed.dropFirst().prefix { $0 != "]" }).trimmed
                if current == section { header = index }
                continue
            }
            guard current == section, !trimmed.hasPrefix("#") else { continue }
            let name = trimmed.prefix { $0 != "=" }.trimmingCharacters()
            if name == key {
                lines[index] = assignment
                return lines.joined(separator: "\n") + "\n"
            }
        }
        if let header {
            lines.insert(assignment, at: header + 1)
        } else {
            if let last = lines.last, !last.trimmed.isEmpty { lines.append("") }
            lines.append("[\(section)]")
            lines.append(assignment)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String { String(self).trimmed }
}

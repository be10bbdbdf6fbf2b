import CLibyaml

/// One node of a YAML document as libyaml's loader composed it, aliases
/// already replaced by the nodes they name: what `LibinputRecordReader` walks.
struct YAMLNode {
    enum Content {
        /// `plain` is false for a quoted or block scalar: "5" is text, 5 a number.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    var content: Content
    /// Where the node starts, counting from 1.
    var line: Int

    var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// A scalar's text, quoted or not.
    var string: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// An unquoted integer as YAML 1.1 writes one: an optional sign, then
    /// decimal digits, 0x hex, 0o or leading-0 octal, or 0b binary, with `_`
    /// allowed between digits (1_000). A float is not an integer.
    var int: Int? {
        guard case .scalar(let text, plain: true) = content else { return nil }
        var digits = text.filter { $0 != "_" }
        let sign = digits.first == "-" ? "-" : ""
        if digits.first == "-" || digits.first == "+" { digits.removeFirst() }
        var radix = 10
        for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2), ("0", 8)]
        where digits.count > prefix.count && digits.hasPrefix(prefix) {
            digits.removeFirst(prefix.count)
            radix = base
            break
        }
        // Int(_:radix:) would take a second sign after the prefix; YAML does not.
        guard let first = digits.first, first != "-", first != "+" else { return nil }
        return Int(sign + digits, radix: radix)
    }

    /// In a mapping, the value of the entry whose key is the scalar `key`.
    subscript(key: String) -> YAMLNode? {
        mapping?.first(where: { $0.key.string == key })?.value
    }
}

/// Why a text is not YAML (or not one YAML document), in libyaml's words.
struct YAMLError: Error {
    /// Counting from 1; nil when libyaml names no place (it ran out of memory).
    var line: Int?
    var message: String
}

enum YAMLDocument {
    /// Far deeper than a libinput record goes (about 7 levels). The tree is
    /// built by recursion, and a hostile file must not overflow the stack.
    static let maximumDepth = 64

    /// The root node of `text`, which holds one YAML document; nil when it holds none.
    static func parse(_ text: String) throws -> YAMLNode? {
        let bytes = Array(text.utf8)
        // libyaml asserts its input is not a null pointer, which an empty buffer may have.
        guard !bytes.isEmpty else { return nil }
        // libyaml reads the bytes while it loads: every load happens inside this closure.
        return try bytes.withUnsafeBufferPointer { input throws -> YAMLNode? in
            // On the heap, not in a local variable: libyaml keeps the parser's own
            // address (for its string reader), so the parser must never move.
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            parser.initialize(to: yaml_parser_t())
            defer { parser.deallocate() }
            guard yaml_parser_initialize(parser) == 1 else { throw YAMLError(line: nil, message: "out of memory") }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_input_string(parser, input.baseAddress, input.count)

            // Deleting is right however loading ends: a failed load leaves the
            // document empty, and deleting an empty document does nothing.
            var document = yaml_document_t()
            defer { yaml_document_delete(&document) }
            guard yaml_parser_load(parser, &document) == 1 else { throw YAMLError(parser.pointee, input: input) }
            guard let root = yaml_document_get_root_node(&document) else { return nil }

            // A second document would otherwise be ignored without a word.
            var next = yaml_document_t()
            defer { yaml_document_delete(&next) }
            guard yaml_parser_load(parser, &next) == 1 else { throw YAMLError(parser.pointee, input: input) }
            if yaml_document_get_root_node(&next) != nil {
                throw YAMLError(line: next.start_mark.line + 1, message: "expected one document, found a second")
            }

            return try withUnsafeMutablePointer(to: &document) { pointer throws -> YAMLNode in
                var builder = TreeBuilder(document: pointer)
                return try builder.build(root)
            }
        }
    }
}

extension YAMLError {
    /// libyaml's problem and what it was doing, e.g. "did not find expected
    /// key while parsing a block mapping (line 1)", at the problem's line.
    fileprivate init(_ parser: yaml_parser_t, input: UnsafeBufferPointer<UInt8>) {
        // libyaml names a problem for every error but running out of memory.
        guard let problemText = parser.problem else {
            self.init(line: nil, message: "out of memory")
            return
        }
        let problem = String(cString: problemText)
        if parser.error == YAML_READER_ERROR {
            // A bad character (a control character, say) is placed by its byte offset, not by a line.
            let offset = min(parser.problem_offset, input.count)
            let line = input[..<offset].count(where: { $0 == UInt8(ascii: "\n") }) + 1
            self.init(line: line, message: problem)
            return
        }
        let line = parser.problem_mark.line + 1
        var message = problem
        if let contextText = parser.context {
            message += " " + String(cString: contextText)
            let contextLine = parser.context_mark.line + 1
            if contextLine != line { message += " (line \(contextLine))" }
        }
        self.init(line: line, message: message)
    }
}

/// Turns libyaml's nodes into YAMLNodes. An alias points at the node its
/// anchor names, so that node is built once and shared, and a file of
/// aliases to aliases cannot make the tree grow exponentially.
private struct TreeBuilder {
    let document: UnsafeMutablePointer<yaml_document_t>
    private var built: [UnsafeMutablePointer<yaml_node_t>: YAMLNode] = [:]
    /// The nodes being built, root first. libyaml lets an alias name a node
    /// that contains it (`&a [*a]`); following one would never end.
    private var open: Set<UnsafeMutablePointer<yaml_node_t>> = []

    init(document: UnsafeMutablePointer<yaml_document_t>) {
        self.document = document
    }

    mutating func build(_ node: UnsafeMutablePointer<yaml_node_t>) throws -> YAMLNode {
        if let done = built[node] { return done }
        let line = node.pointee.start_mark.line + 1
        guard !open.contains(node) else {
            throw YAMLError(line: line, message: "an alias names a node that contains it")
        }
        guard open.count < YAMLDocument.maximumDepth else {
            throw YAMLError(line: line, message: "nested more than \(YAMLDocument.maximumDepth) levels deep")
        }
        open.insert(node)
        defer { open.remove(node) }

        let content: YAMLNode.Content
        switch node.pointee.type {
        case YAML_SCALAR_NODE:
            let scalar = node.pointee.data.scalar
            let text = String(
                decoding: UnsafeMutableBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            content = .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE)
        case YAML_SEQUENCE_NODE:
            let items = node.pointee.data.sequence.items
            var children: [YAMLNode] = []
            for index in Self.elements(items.start, items.top) {
                children.append(try build(child(index, line: line)))
            }
            content = .sequence(children)
        case YAML_MAPPING_NODE:
            let pairs = node.pointee.data.mapping.pairs
            var entries: [(key: YAMLNode, value: YAMLNode)] = []
            var keys: Set<String> = []
            for pair in Self.elements(pairs.start, pairs.top) {
                let key = try build(child(pair.key, line: line))
                // Which of two equal keys counts would be a guess: refuse them.
                if let name = key.string, !keys.insert(name).inserted {
                    throw YAMLError(line: key.line, message: "the key '\(name)' appears twice in one mapping")
                }
                let value = try build(child(pair.value, line: line))
                entries.append((key: key, value: value))
            }
            content = .mapping(entries)
        default:
            throw YAMLError(line: line, message: "a node of unknown kind")
        }
        let result = YAMLNode(content: content, line: line)
        built[node] = result
        return result
    }

    /// A child by libyaml's index (from 1). The loader only makes valid ones;
    /// a bad one would read out of bounds, so it is checked all the same.
    private func child(_ index: Int32, line: Int) throws -> UnsafeMutablePointer<yaml_node_t> {
        guard let node = yaml_document_get_node(document, index) else {
            throw YAMLError(line: line, message: "a reference to a node that does not exist")
        }
        return node
    }

    /// One of libyaml's stacks (a sequence's items, a mapping's pairs): the elements from start up to top.
    private static func elements<Element>(_ start: UnsafeMutablePointer<Element>?, _ top: UnsafeMutablePointer<Element>?)
        -> UnsafeMutableBufferPointer<Element>
    {
        guard let start, let top else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        return UnsafeMutableBufferPointer(start: start, count: top - start)
    }
}

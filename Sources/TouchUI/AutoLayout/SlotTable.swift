/// Where one engine keeps its record of an object (a constraint, an item's
/// unknowns), remembered on the object so the engine finds it without
/// hashing. One engine's at a time; another engine that holds the same
/// object (a fitting engine measuring a solved tree) looks it up instead.
struct EngineSlot {
    var engine = 0
    var index = -1
}

/// Not isolated, so that the table's generic code runs without executor checks: its users are the main actor's.
protocol EngineSlotted: AnyObject {
    nonisolated var engineSlot: EngineSlot { get set }
}

/// An engine's records, by slot: an array with a free list, each key
/// carrying its slot. Iterated in slot order, which is deterministic.
struct SlotTable<Key: EngineSlotted, Element> {
    /// The engine's identity, unique for the process's life (an engine's address can be reused).
    let engine: Int
    /// A passing engine (one measuring a fitting size) leaves the keys' own
    /// slots to the engine that keeps them.
    let claimsSlots: Bool
    private(set) var elements: [Element?] = []
    private var free: [Int] = []
    /// Slots of keys whose own slot is another engine's.
    private var elsewhere: [ObjectIdentifier: Int] = [:]
    private(set) var count = 0

    init(engine: Int, claimsSlots: Bool = true) {
        self.engine = engine
        self.claimsSlots = claimsSlots
    }

    func index(of key: Key) -> Int? {
        if key.engineSlot.engine == engine { return key.engineSlot.index }
        return elsewhere.isEmpty ? nil : elsewhere[ObjectIdentifier(key)]
    }

    subscript(key: Key) -> Element? { index(of: key).flatMap { elements[$0] } }

    subscript(index: Int) -> Element? {
        get { elements[index] }
        set { elements[index] = newValue }
    }

    /// Stores a record for a key that has none here; returns its slot.
    @discardableResult
    mutating func insert(_ element: Element, for key: Key) -> Int {
        let index = free.popLast() ?? elements.count
        if index == elements.count { elements.append(element) } else { elements[index] = element }
        count += 1
        if key.engineSlot.engine == 0 && claimsSlots {
            key.engineSlot = EngineSlot(engine: engine, index: index)
        } else {
            elsewhere[ObjectIdentifier(key)] = index
        }
        return index
    }

    mutating func remove(_ key: Key) -> Element? {
        guard let index = index(of: key), let element = elements[index] else { return nil }
        elements[index] = nil
        free.append(index)
        count -= 1
        if key.engineSlot.engine == engine { key.engineSlot = EngineSlot() } else { elsewhere[ObjectIdentifier(key)] = nil }
        return element
    }

    var values: [Element] { elements.compactMap { $0 } }
}

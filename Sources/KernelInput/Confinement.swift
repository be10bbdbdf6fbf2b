import Dispatch
import Glibc

/// The rule of a type that is not thread-safe and yet `@unchecked
/// Sendable`, because it is made on one thread and then used on another:
/// it is used on one serial queue, or else on the one thread that used it
/// first. `check()` asserts it on every use, in debug builds (a release
/// build pays nothing), as swift-nio's `assertInEventLoop` does.
public struct Confinement: Sendable {
    private enum Owner: Sendable {
        case unbound
        case queue(DispatchQueue)
        case thread(pthread_t)
    }
    private var owner = Owner.unbound

    public init() {}

    /// From now on, only `queue` may use it.
    public mutating func bind(to queue: DispatchQueue) { owner = .queue(queue) }

    /// Asserts the caller is the owner; the first caller, when there is none, becomes it.
    public mutating func check(_ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        assert(holds(), "\(what()) used off its queue or thread", file: file, line: line)
    }

    private mutating func holds() -> Bool {
        switch owner {
        case .unbound:
            owner = .thread(pthread_self())
            return true
        case .queue(let queue):
            dispatchPrecondition(condition: .onQueue(queue))
            return true
        case .thread(let thread):
            return pthread_equal(thread, pthread_self()) != 0
        }
    }
}

/// A weak reference for a closure to capture as a constant. A `[weak x]`
/// capture is a mutable box, and Swift checks each read of it for
/// exclusive access at run time (some 75 instructions); a constant holding
/// this is read with no check. For closures called every frame.
final class WeakReference<Object: AnyObject> {
    // Read and written on the main actor only, never while another access is open.
    @exclusivity(unchecked) weak var object: Object?

    init(_ object: Object) { self.object = object }
}

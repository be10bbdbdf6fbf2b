import FuzzCorpus
import KernelInput

/// The fuzz entry: the evemu reader must never crash, and whatever it
/// accepts must survive a write and a re-read unchanged.
func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzCorpus.bytes(data, size)
    guard let recording = try? EvemuReader.read(bytes, file: "fuzz") else { return 0 }
    let copy = try? EvemuReader.read(Array(EvemuWriter.write(recording).utf8), file: "copy")
    precondition(copy?.events == recording.events, "evemu round trip changed the events")
    trackIfValid(recording)
    return 0
}

@main struct FuzzEvemu {
    static func main() { FuzzCorpus.main { fuzzEvemu($0, $1) } }
}

import FuzzCorpus
import KernelInput

/// The fuzz entry: the evtest reader must never crash, and whatever it
/// accepts must survive a write and a re-read unchanged.
func fuzzEvtest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzCorpus.bytes(data, size)
    guard let recordings = try? EvtestReader.read(bytes, file: "fuzz") else { return 0 }
    for recording in recordings {
        trackIfValid(recording)
        guard recording.device != nil else { continue }
        let copy = try? EvtestReader.read(Array(EvtestWriter.write(recording).utf8), file: "copy")
        precondition(copy?.first?.events == recording.events, "evtest round trip changed the events")
    }
    return 0
}

@main struct FuzzEvtest {
    static func main() { FuzzCorpus.main { fuzzEvtest($0, $1) } }
}

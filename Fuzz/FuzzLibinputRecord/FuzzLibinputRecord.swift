import FuzzCorpus
import KernelInput

/// The fuzz entry: the libinput record reader must never crash.
func fuzzLibinputRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzCorpus.bytes(data, size), as: UTF8.self)
    if let recordings = try? LibinputRecordReader.read(text, file: "fuzz") {
        for recording in recordings { trackIfValid(recording) }
    }
    return 0
}

@main struct FuzzLibinputRecord {
    static func main() { FuzzCorpus.main { fuzzLibinputRecord($0, $1) } }
}

import FoundationEssentials

extension DisplayError {
    /// What Foundation's `localizedDescription` says of an error a file
    /// operation threw (a `CocoaError`), word for word, for the messages
    /// that quote it: FoundationEssentials has no `localizedDescription`,
    /// and Foundation would bring ICU into every app (issue 26).
    package static func text(of error: any Error) -> String {
        guard let error = error as? CocoaError else { return "The operation could not be completed. (\(error))" }
        if let description = error.userInfo["NSLocalizedDescription"] as? String { return description }
        let reason = (error.userInfo["NSLocalizedFailureReason"] as? String) ?? failureReasons[error.code.rawValue]
        return "The operation could not be completed. " + (reason ?? "(NSCocoaErrorDomain error \(error.code.rawValue).)")
    }

    /// swift-corelibs-foundation's failure reasons for the file codes (those
    /// below 1024; the others, not a file operation's, are told by number).
    private static let failureReasons: [Int: String] = [
        CocoaError.fileNoSuchFile.rawValue: "The file doesn’t exist.",
        CocoaError.fileLocking.rawValue: "The file couldn’t be locked.",
        CocoaError.fileReadNoPermission.rawValue: "You don’t have permission.",
        CocoaError.fileReadInvalidFileName.rawValue: "The file name is invalid.",
        CocoaError.fileReadCorruptFile.rawValue: "The file isn’t in the correct format.",
        CocoaError.fileReadNoSuchFile.rawValue: "The file doesn’t exist.",
        CocoaError.fileReadInapplicableStringEncoding.rawValue: "The specified text encoding isn’t applicable.",
        CocoaError.fileReadUnsupportedScheme.rawValue: "The specified URL type isn’t supported.",
        CocoaError.fileReadTooLarge.rawValue: "The item is too large.",
        CocoaError.fileReadUnknownStringEncoding.rawValue: "The text encoding of the contents couldn’t be determined.",
        CocoaError.fileWriteNoPermission.rawValue: "You don’t have permission.",
        CocoaError.fileWriteInvalidFileName.rawValue: "The file name is invalid.",
        CocoaError.fileWriteFileExists.rawValue: "A file with the same name already exists.",
        CocoaError.fileWriteInapplicableStringEncoding.rawValue: "The specified text encoding isn’t applicable.",
        CocoaError.fileWriteUnsupportedScheme.rawValue: "The specified URL type isn’t supported.",
        CocoaError.fileWriteOutOfSpace.rawValue: "There isn’t enough space.",
        CocoaError.fileWriteVolumeReadOnly.rawValue: "The volume is read only.",
    ]
}

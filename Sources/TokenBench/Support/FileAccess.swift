import Foundation

/// Opens, reads and checks the files a command is given, so that every reader and writer of the
/// bench says the same thing when it cannot: the path, then the operating system's own reason
/// (`nosuch.txt: No such file or directory`), and for a directory where a file is expected
/// `results/: is a directory, expected a file`. Foundation's own wording for these is
/// `The operation could not be completed. (NSCocoaErrorDomain error 256.)`, which names neither.
package enum FileAccess {
    /// The reason for a directory given where a file is expected (EISDIR).
    static let directoryReason = "is a directory, expected a file"

    /// The whole file at `path`.
    package static func contents(ofFile path: String) throws(TokenBenchError) -> Data {
        let handle = try handle(forReading: path)
        defer { try? handle.close() }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw .fileAccess(path: path, reason: reason(of: error))
        }
    }

    /// A handle open for reading on the file at `path`, for a reader that streams it; the caller
    /// closes it. A directory is refused here, before a read would fail on it.
    package static func handle(forReading path: String) throws(TokenBenchError) -> FileHandle {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fileAccess(path: path, reason: reason(errno: errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            try? handle.close()
            throw .fileAccess(path: path, reason: directoryReason)
        }
        return handle
    }

    /// Throws unless the file at `path` can be opened for reading: for inputs checked before a
    /// long run reads them.
    package static func checkReadable(_ path: String) throws(TokenBenchError) {
        let handle = try handle(forReading: path)
        try? handle.close()
    }

    /// Whether `path` names a directory (false for any other kind of file); throws the
    /// operating system's reason when it names nothing that can be looked at.
    package static func isDirectory(_ path: String) throws(TokenBenchError) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .fileAccess(path: path, reason: reason(errno: errno)) }
        return (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Throws when `path` names a directory, which a command cannot write its output over.
    package static func checkWritable(_ path: String) throws(TokenBenchError) {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw .fileAccess(path: path, reason: directoryReason)
        }
    }

    /// The operating system's reason in an error Foundation threw for a file: Foundation's
    /// errors hold the POSIX error beneath them (a Swift `POSIXError` on Linux, an NSError of
    /// NSPOSIXErrorDomain elsewhere), whose `strerror` text is what a shell would say. Another
    /// error's own description otherwise.
    package static func reason(of error: any Error) -> String {
        if let error = error as? POSIXError { return reason(errno: error.code.rawValue) }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error {
            if let posix = underlying as? POSIXError { return reason(errno: posix.code.rawValue) }
            let bridged = underlying as NSError
            if bridged.domain == NSPOSIXErrorDomain { return reason(errno: Int32(bridged.code)) }
        }
        return error.localizedDescription
    }

    /// `strerror`'s text for `code`, but EISDIR says what was expected instead.
    static func reason(errno code: Int32) -> String {
        code == EISDIR ? directoryReason : String(cString: strerror(code))
    }
}

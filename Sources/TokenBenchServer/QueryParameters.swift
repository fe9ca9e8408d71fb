/// The parameters of a request's query string, decoded by hand from the raw bytes so that each
/// failure names its parameter: a `%` escape that is not two hex digits, or bytes that are not
/// UTF-8, is a 400; a field over the limit is a 413.
struct QueryParameters {
    private(set) var items: [(name: String, value: String)] = []

    init(rawQuery: String, limits: ServerLimits) throws(APIError) {
        guard rawQuery.utf8.count <= limits.queryStringBytes else {
            throw .tooLarge(
                "the query string is \(rawQuery.utf8.count) bytes; at most \(limits.queryStringBytes) are read")
        }
        let bytes = Array(rawQuery.utf8)
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard items.count < limits.parameters else {
                throw .tooLarge("more than \(limits.parameters) parameters")
            }
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0], what: "a parameter name", limit: 64)
            let value = try Self.decode(
                parts.count > 1 ? parts[1] : ArraySlice(), what: "parameter '\(name)'", limit: limits.fieldBytes)
            items.append((name, value))
        }
    }

    /// Every value of `name`, in order.
    func all(_ name: String) -> [String] { items.filter { $0.name == name }.map(\.value) }

    /// The one value of `name`, nil when absent; given twice is a 400.
    func single(_ name: String) throws(APIError) -> String? {
        let values = all(name)
        guard values.count <= 1 else { throw .badRequest("parameter '\(name)' is given \(values.count) times") }
        return values.first
    }

    /// The value of `name`, which the request must carry.
    func required(_ name: String) throws(APIError) -> String {
        guard let value = try single(name) else { throw .badRequest("parameter '\(name)' is missing") }
        return value
    }

    /// Refuses a parameter this endpoint does not read: a misspelt `tokeniser` would otherwise
    /// be ignored silently.
    func requireOnly(_ known: [String]) throws(APIError) {
        if let unknown = items.first(where: { !known.contains($0.name) }) {
            throw .badRequest(
                "unknown parameter '\(unknown.name)'; this API reads \(known.joined(separator: ", "))")
        }
    }

    /// Percent-decodes `bytes` (`+` is a space, as HTML forms send it) and checks it is UTF-8.
    private static func decode(_ bytes: ArraySlice<UInt8>, what: String, limit: Int) throws(APIError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else {
                    throw .badRequest("\(what): '%' must be followed by two hex digits")
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte == UInt8(ascii: "+") ? 0x20 : byte)
                index += 1
            }
            guard decoded.count <= limit else {
                throw .tooLarge("\(what) is longer than \(limit) bytes")
            }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw .badRequest("\(what) is not valid UTF-8 once percent-decoded")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

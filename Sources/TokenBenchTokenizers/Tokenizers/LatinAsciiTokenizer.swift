import GRDB
import GRDBSQLite
import TokenBenchEngines

/// `latinascii [BASE...]`: every token folded to lower-case ASCII as ICU's "Latin-ASCII; Lower"
/// does (Großmann → grossmann, Encyclopædia → encyclopaedia, ﬁdélité → fidelite, Diyarbakır →
/// diyarbakir, Łódź → lodz, Þór → thor), in NFC and NFD alike: the transform first decomposes
/// and drops nonspacing marks, then recomposes.
///
/// BASE defaults to `unicode61 remove_diacritics 0`: folding is this tokenizer's own job. ICU's
/// transform comes from tables generated from ICU (`LatinAsciiFolder`), so no ICU is needed at
/// run time; ASCII tokens are only lower-cased.
final class LatinAsciiTokenizer: ShippedWrapper {
    static let tokenTrampoline: FTS5TokenCallback = {
        WrappedTokenization.forward(LatinAsciiTokenizer.self, $0, $1, $2, $3, $4, $5)
    }
    static let name = "latinascii"
    /// The transform maps lower-case ASCII to itself.
    static var lowercaseASCII: LowercaseASCIIPath { .keptAsIs }
    static let declaredArguments = DeclaredArguments(defaultBase: ["unicode61", "remove_diacritics", "0"])

    let base: any FTS5Tokenizer
    let baseWordTable: Unmanaged<Unicode61WordTable>?
    private let folder = LatinAsciiFolder()

    init(connection: EngineConnection, arguments: [String]) throws {
        base = try WrapperArguments(arguments, declared: Self.declaredArguments, tokenizer: Self.name)
            .makeBase(connection)
        baseWordTable = Unicode61WordTable.unmanaged(of: base)
    }

    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        folder.withFolded(token) { folded in
            // A token the transform cannot read (invalid UTF-8) or turns into nothing is kept as it is.
            guard let folded, !folded.isEmpty else { return emit.emit(token, flags: flags, start: start, end: end) }
            return emit.emit(folded, flags: flags, start: start, end: end)
        }
    }
}

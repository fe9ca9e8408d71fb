import CUnicode61Words
import Foundation
import GRDB
import GRDBSQLite
import TokenBenchEngines

/// Runs a wrapped tokenizer's xTokenize and routes every token through a filter.
///
/// This sits on the path of every token, so it avoids what Swift would otherwise do per call:
/// the per-call state is a stack value reached through a raw pointer (no retain/release of a
/// context object, no dynamic exclusivity check on the emitter), and the filter is reached
/// unretained because the caller keeps it alive for the whole call.
enum WrappedTokenization {
    /// Per-call state reached from the C callback through its context pointer.
    struct CallState<Filter: TokenFilter> {
        /// Unmanaged: the caller keeps the filter alive, and a strong or unowned reference would
        /// cost a retain and a release on every token.
        let filter: Unmanaged<Filter>
        let tokenization: FTS5Tokenization
        var emitter: TokenEmitter
        /// What is left of the call's `TokenByteBudget`: a base that reports more fails the call
        /// before a byte is read, however long it says its tokens are.
        var remainingTokenBytes: Int
        /// Where in the caller's text the text BASE is tokenizing starts: BASE's offsets are
        /// moved by it. Not 0 only when `runFromWordTable` hands BASE a part of the text.
        var baseTextOffset: CInt = 0
        /// Whether FTS5's callback stopped the call with SQLITE_DONE: unicode61 returns
        /// SQLITE_OK then, and `runFromWordTable` must not go on after that stretch.
        var stoppedWithDone = false
    }

    @inline(__always)
    static func run<Filter: TokenFilter>(
        filter: Filter, base: any FTS5Tokenizer, context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback, trampoline: FTS5TokenCallback
    ) -> CInt {
        var state = CallState(
            filter: Unmanaged.passUnretained(filter), tokenization: tokenization,
            emitter: TokenEmitter(context: context, callback: tokenCallback),
            remainingTokenBytes: TokenByteBudget.bytes(forTextOf: Int(nText)))
        // Ownership: `filter` is kept alive until xTokenize returns; `state` lives on this stack
        // frame and the callback only borrows it through the pointer, during the call.
        return withExtendedLifetime(filter) {
            withUnsafeMutablePointer(to: &state) { statePointer in
                if let table = filter.baseWordTable, let pText, nText > 0 {
                    return table._withUnsafeGuaranteedRef { table in
                        runFromWordTable(
                            table, filter: filter, base: base, state: statePointer, tokenization: tokenization,
                            text: pText, count: nText, trampoline: trampoline)
                    }
                }
                return base.tokenize(
                    context: UnsafeMutableRawPointer(statePointer), tokenization: tokenization, pText: pText,
                    nText: nText,
                    tokenCallback: trampoline)
            }
        }
    }

    /// How many of unicode61's tokens and folded bytes one `tb_u61_scan` finds at most. Each
    /// buffer stays within 1,024 bytes, which `withUnsafeTemporaryAllocation` keeps on the stack:
    /// with 2,048 it called malloc and free on every call (`perf`: 4 % of `latinascii`'s samples).
    private static let scannedWordCapacity = 48
    private static let scannedByteCapacity = 1024
    /// Bytes of the folded buffer that `tb_u61_scan` leaves unused past its last token, so that a
    /// filter may read 8 bytes from any token's start (`tb_u61_words_outside`, for `stopwords`).
    static let foldedPadding = 8
    /// When the segments `tb_u61_scan` leaves to BASE come this many in a row, or one is
    /// `TB_U61_LONG_SEGMENT` bytes long, the rest of the text goes to BASE in one call: text the
    /// table cannot replay (emoji, bytes that are not UTF-8) would otherwise be read twice.
    private static let segmentsForBaseBeforeTheRest = 3

    /// xTokenize over FTS5's own unicode61 that replays unicode61 from `table`
    /// (`Unicode61WordTable`) rather than calling through it and back for every token: each token
    /// goes straight to the filter. A block of code points the table has not learnt yet is learnt
    /// from BASE when a text first has one. Segments the table cannot replay (characters outside
    /// the BMP, code points unicode61 gave no clear answer for, bytes that are not UTF-8) go to
    /// unicode61 in one call per stretch, its offsets moved to the whole text's:
    /// a stretch runs between ASCII separators, where unicode61 ends every token and no UTF-8
    /// sequence runs across, so unicode61 gives it the tokens it gives it inside the whole text.
    /// `FastPathTests` compares both paths.
    @inline(__always)
    private static func runFromWordTable<Filter: TokenFilter>(
        _ table: Unicode61WordTable, filter: Filter, base: any FTS5Tokenizer,
        state: UnsafeMutablePointer<CallState<Filter>>, tokenization: FTS5Tokenization,
        text pText: UnsafePointer<CChar>, count: CInt, trampoline: FTS5TokenCallback
    ) -> CInt {
        let text = UnsafeRawPointer(pText).assumingMemoryBound(to: UInt8.self)
        /// Hands BASE the text from `start` to `end`.
        func tokenizeStretch(_ start: CInt, _ end: CInt) -> CInt {
            state.pointee.baseTextOffset = start
            return base.tokenize(
                context: UnsafeMutableRawPointer(state), tokenization: tokenization, pText: pText + Int(start),
                nText: end - start, tokenCallback: trampoline)
        }
        let code = withUnsafeTemporaryAllocation(of: tb_u61_word.self, capacity: scannedWordCapacity) { words in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scannedByteCapacity) { folded in
                let wordPointer = words.baseAddress.unsafelyUnwrapped
                let foldedPointer = folded.baseAddress.unsafelyUnwrapped
                // The segments not yet handed to BASE: from stretchStart (-1: none) to stretchEnd.
                var stretchStart: CInt = -1
                var stretchEnd: CInt = 0
                var segmentsInStretch = 0
                var position: CInt = 0
                while position < count {
                    var otherEnd: CInt = -1
                    var unlearntBlock: CInt = -1
                    let found = Int(
                        tb_u61_scan(
                            table.table, text, count, &position, wordPointer, CInt(scannedWordCapacity),
                            foldedPointer, CInt(scannedByteCapacity - foldedPadding), &otherEnd, &unlearntBlock))
                    if found > 0 {
                        if stretchStart >= 0 {
                            let code = tokenizeStretch(stretchStart, stretchEnd)
                            guard code == SQLITE_OK, !state.pointee.stoppedWithDone else { return code }
                            stretchStart = -1
                        }
                        let code = filter.filter(
                            replayed: UnsafeBufferPointer(start: wordPointer, count: found), folded: foldedPointer,
                            tokenization: tokenization, emit: &state.pointee.emitter)
                        guard code == SQLITE_OK else { return code }
                    }
                    if unlearntBlock >= 0 {
                        // BASE is not inside a call here, so it can tokenize the probes.
                        table.learn(block: unlearntBlock, from: base)
                        continue
                    }
                    guard otherEnd >= 0 else { continue }
                    if stretchStart < 0 {
                        stretchStart = position
                        segmentsInStretch = 0
                    }
                    segmentsInStretch += 1
                    if segmentsInStretch == segmentsForBaseBeforeTheRest
                        || otherEnd - position >= CInt(TB_U61_LONG_SEGMENT)
                    {
                        return tokenizeStretch(stretchStart, count)
                    }
                    stretchEnd = otherEnd
                    position = otherEnd
                }
                return stretchStart >= 0 ? tokenizeStretch(stretchStart, stretchEnd) : SQLITE_OK
            }
        }
        // unicode61 returns SQLITE_OK when a callback stops it with SQLITE_DONE.
        return code == SQLITE_DONE ? SQLITE_OK : code
    }

    /// The body of every `tokenTrampoline`: hands one base token to `Filter.filter`.
    @inline(__always)
    static func forward<Filter: TokenFilter>(
        _: Filter.Type, _ statePointer: UnsafeMutableRawPointer?, _ flags: CInt, _ pToken: UnsafePointer<CChar>?,
        _ nToken: CInt, _ start: CInt, _ end: CInt
    ) -> CInt {
        // What a broken BASE (an extension tokenizer, say) reports that can be checked without a
        // system call stops the call with an error that `tokenbench conformance` reports: a
        // negative length, no bytes behind a positive one, or more bytes than the call's budget.
        // A pointer to memory that cannot be read is trusted, as FTS5 trusts it: it crashes the
        // process, and the bench, which runs judged tokenizers in workers, reports that crash.
        guard nToken >= 0, pToken != nil || nToken == 0 else { return SQLITE_ERROR }
        let state = statePointer.unsafelyUnwrapped.assumingMemoryBound(to: CallState<Filter>.self)
        guard Int(nToken) <= state.pointee.remainingTokenBytes else { return SQLITE_ERROR }
        state.pointee.remainingTokenBytes -= Int(nToken)
        let token = UnsafeBufferPointer(
            start: UnsafeRawPointer(pToken)?.assumingMemoryBound(to: UInt8.self), count: Int(nToken))
        let offset = state.pointee.baseTextOffset
        let code = state.pointee.filter._withUnsafeGuaranteedRef { filter in
            filter.filter(
                token, flags: flags, start: start &+ offset, end: end &+ offset,
                tokenization: state.pointee.tokenization,
                emit: &state.pointee.emitter)
        }
        if code == SQLITE_DONE { state.pointee.stoppedWithDone = true }
        return code
    }
}

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
        /// Unmanaged for the same reason: the filter that owns it outlives the call.
        let pages: Unmanaged<ReadablePages>
        /// What is left of the call's `TokenByteBudget`: a base that reports more fails the call
        /// before its pages are probed, however long it says its tokens are.
        var remainingTokenBytes: Int
    }

    static func run<Filter: TokenFilter>(
        filter: Filter, base: any FTS5Tokenizer, context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback, trampoline: FTS5TokenCallback
    ) -> CInt {
        var state = CallState(
            filter: Unmanaged.passUnretained(filter), tokenization: tokenization,
            emitter: TokenEmitter(context: context, callback: tokenCallback),
            pages: Unmanaged.passUnretained(filter.baseTokenPages),
            remainingTokenBytes: TokenByteBudget.bytes(forTextOf: Int(nText)))
        filter.baseTokenPages.trust(pText, count: Int(max(nText, 0)))
        // Ownership: `filter` is kept alive until xTokenize returns; `state` lives on this stack
        // frame and the callback only borrows it through the pointer, during the call.
        return withExtendedLifetime(filter) {
            withUnsafeMutablePointer(to: &state) { statePointer in
                base.tokenize(
                    context: UnsafeMutableRawPointer(statePointer), tokenization: tokenization, pText: pText,
                    nText: nText,
                    tokenCallback: trampoline)
            }
        }
    }

    /// The body of every `tokenTrampoline`: hands one base token to `Filter.filter`.
    @inline(__always)
    static func forward<Filter: TokenFilter>(
        _: Filter.Type, _ statePointer: UnsafeMutableRawPointer?, _ flags: CInt, _ pToken: UnsafePointer<CChar>?,
        _ nToken: CInt, _ start: CInt, _ end: CInt
    ) -> CInt {
        // A broken BASE (an extension tokenizer, say) must not crash the wrapper: a negative
        // length, no bytes behind a positive one, more bytes than the call's budget, or a length
        // that runs into memory that cannot be read stops the call with an error that
        // `tokenbench conformance` reports, instead of reading what is not there.
        guard nToken >= 0, pToken != nil || nToken == 0 else { return SQLITE_ERROR }
        let state = statePointer.unsafelyUnwrapped.assumingMemoryBound(to: CallState<Filter>.self)
        guard Int(nToken) <= state.pointee.remainingTokenBytes else { return SQLITE_ERROR }
        state.pointee.remainingTokenBytes -= Int(nToken)
        if nToken > 0,
            !state.pointee.pages._withUnsafeGuaranteedRef({ $0.canRead(pToken.unsafelyUnwrapped, count: Int(nToken)) })
        {
            return SQLITE_ERROR
        }
        let token = UnsafeBufferPointer(
            start: UnsafeRawPointer(pToken)?.assumingMemoryBound(to: UInt8.self), count: Int(nToken))
        return state.pointee.filter._withUnsafeGuaranteedRef { filter in
            filter.filter(
                token, flags: flags, start: start, end: end, tokenization: state.pointee.tokenization,
                emit: &state.pointee.emitter)
        }
    }
}

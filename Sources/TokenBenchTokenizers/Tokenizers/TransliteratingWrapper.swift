#if TOKENBENCH_ICU
    import GRDB
    import TokenBenchEngines

    /// A shipped wrapper that runs each of BASE's tokens through one ICU transform (`translit`):
    /// a type gives the transform and the default BASE. The transform maps lower-case ASCII to
    /// itself.
    protocol TransliteratingWrapper: ShippedWrapper {
        /// The ICU transform, as `Transliterator` compiles it.
        static var transformID: String { get }
        /// BASE's spec words when the spec names none.
        static var defaultBase: [String] { get }
        var transliterator: Transliterator { get }
    }

    extension TransliteratingWrapper {
        /// The transform maps lower-case ASCII to itself.
        static var lowercaseASCII: LowercaseASCIIPath { .keptAsIs }

        static var declaredArguments: DeclaredArguments { DeclaredArguments(defaultBase: defaultBase) }

        /// BASE made from the spec's arguments, and the compiled transform: what `init` stores.
        static func parts(connection: EngineConnection, arguments: [String]) throws -> (
            base: any FTS5Tokenizer, transliterator: Transliterator
        ) {
            let parsed = try WrapperArguments(arguments, declared: declaredArguments, tokenizer: name)
            return (
                try parsed.makeBase(connection),
                try Transliterator(id: transformID, tokenizer: name)
            )
        }

        func filter(
            _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
            tokenization: FTS5Tokenization, emit: inout TokenEmitter
        ) -> CInt {
            transliterator.emitTransliterated(token, flags: flags, start: start, end: end, emit: &emit)
        }
    }
#endif

import GRDB
import Testing
import TokenBench

/// The README's "Fast wrappers of your own" snippet, word for word inside a namespace (the
/// guide's snippets have a `ColourToColor` too), so that it keeps compiling and doing what it says.
enum ReadmeSnippet {
    final class ColourToColor: TokenFilteringTokenizer {
        static let name = "colour"                      // spec: colour [BASE…], BASE unicode61 by default
        init(options: [String: String], base: any FTS5Tokenizer) throws {}
        func filter(_ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
                    tokenization: FTS5Tokenization, emitter: inout TokenEmitter) -> CInt {
            token.elementsEqual("colour".utf8)
                ? emitter.emit(Array("color".utf8), flags: flags, start: start, end: end)
                : emitter.emit(token, flags: flags, start: start, end: end)
        }
    }
}

struct ReadmeSnippetTests {
    @Test func theFastWrapperSnippetMapsColour() throws {
        let workbench = try Workbench(options: .init(filteringTokenizers: [ReadmeSnippet.ColourToColor.self]))
        let tokens = try workbench.tokens(of: "Colour TV", spec: TokenizerSpec(text: "colour"), mode: .query)
        #expect(tokens.map { String(decoding: $0.bytes, as: UTF8.self) } == ["color", "tv"])
    }
}

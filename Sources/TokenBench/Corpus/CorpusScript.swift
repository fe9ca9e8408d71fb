/// The writing system of a built-in corpus: one script, or `mixed`, the multilingual corpus of
/// every language with a weight (the default).
///
/// Tokenizers run at very different speeds per script: ICU segments Thai, Chinese and Japanese
/// with dictionaries, and a Latin word costs far less than a Han one. A single-script corpus
/// gives the figure a user of that language will see.
public enum CorpusScript: String, Sendable, Hashable, CaseIterable {
    case latin
    case cyrillic
    case greek
    case han
    case japanese
    case hangul
    case thai
    case arabic
    case mixed
}

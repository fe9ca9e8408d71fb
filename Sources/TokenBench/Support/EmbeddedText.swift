/// A text file a module embeds (`resources: [.embedInCode(…)]`), as the page it goes into takes
/// it: without the newline that ends the file.
package func embeddedText(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
}

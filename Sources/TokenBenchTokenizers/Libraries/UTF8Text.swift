#if TOKENBENCH_ICU
    import CICUShim
    import TokenBenchEngines

    /// Character-class questions about UTF-8 bytes, answered by the system ICU.
    enum UTF8Text {
        /// Whether `bytes` hold a letter or a decimal digit; invalid bytes count as neither.
        static func hasLetterOrDigit(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    tb_utf8_has_letter_or_digit($0.baseAddress, CInt($0.count)) != 0
                }
            }
        }
    }
#endif

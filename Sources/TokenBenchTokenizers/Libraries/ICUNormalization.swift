#if TOKENBENCH_ICU
    import CICUShim
    import TokenBenchEngines

    /// Unicode normalization of UTF-8 bytes through the system ICU (`tb_normalize_utf8`).
    package enum ICUNormalization {
        case nfc, nfd, nfkc, nfkd, nfkcCasefold

        private var cValue: tb_normalization {
            switch self {
            case .nfc: TB_NFC
            case .nfd: TB_NFD
            case .nfkc: TB_NFKC
            case .nfkd: TB_NFKD
            case .nfkcCasefold: TB_NFKC_CASEFOLD
            }
        }

        /// Whether `bytes` are NFC already by a bit test per code point (`tb_nfc_is_normalized`);
        /// false means only `nfc.apply` can tell.
        package static func isNFC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            bytes.withMemoryRebound(to: CChar.self) { tb_nfc_is_normalized($0.baseAddress, CInt($0.count)) != 0 }
        }

        /// `bytes` normalized; nil when they are not valid UTF-8.
        package func apply(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            bytes.withMemoryRebound(to: CChar.self) { input in
                withGrowingBuffer(initialCapacity: input.count * 3 + 16) { output, capacity in
                    tb_normalize_utf8(cValue, input.baseAddress, CInt(input.count), output, capacity)
                }
            }
        }

        package func apply(_ bytes: [UInt8]) -> [UInt8]? {
            bytes.withUnsafeBufferPointer { apply($0) }
        }
    }
#endif

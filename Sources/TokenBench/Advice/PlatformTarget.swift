/// A platform an app ships on, with the SQLite it gets there: what `tokenbench advise --target`
/// excludes candidates by. Each row's source is in Engines.md ("Where apps run"); a row
/// without one that shows the version on the platform itself is `verified: false`.
public struct PlatformTarget: Sendable, Equatable {
    public let name: String
    /// The system SQLite of the platform's first release (x.0), or nil where apps bundle their
    /// own (Android's framework SQLite has no FTS5).
    public let sqliteVersion: String?
    /// Whether only the portable set of the shipped tokenizers builds there (Apple's platforms:
    /// no ICU, MeCab or libstemmer), and system SQLite cannot load extensions.
    public let portableOnly: Bool
    public let verified: Bool
    /// What the row rests on, in a few words.
    public let note: String

    /// Every target, by platform then release.
    public static let all: [PlatformTarget] = [
        apple("ios15", "3.36.0", true, "iOS 15.0 SDK header; 3.37.0 from 15.4"),
        apple("ios16", "3.39.0", true, "SQLiteFlow-Issues#198"),
        apple("ios17", "3.39.5", true, "iOS 17.0 SDK header; 3.43.2 from 17.2"),
        apple("ios17.2", "3.43.2", true, "iOS 17.2 SDK header"),
        apple("ios18", "3.43.2", false, "no report of iOS 18 itself: its SDK exports no 3.44 function"),
        apple("ios26", "3.51.0", true, "GRDB.swift#1874 (an Apple build of June 2025)"),
        apple("macos13", "3.39.5", false, "seen on 13.3.1 and 13.7, 13.0 not"),
        apple("macos14", "3.39.5", false, "as iOS 17.0; 3.43.2 seen from 14.3"),
        apple("macos15", "3.43.2", false, "seen on 15.5"),
        apple("macos26", "3.51.0", false, "seen on 26.5"),
        linux("ubuntu20.04", "3.31.1", "packages.ubuntu.com, focal"),
        linux("ubuntu22.04", "3.37.2", "packages.ubuntu.com, jammy"),
        linux("ubuntu24.04", "3.45.1", "packages.ubuntu.com, noble"),
        linux("ubuntu26.04", "3.46.1", "packages.ubuntu.com, resolute"),
        linux("debian11", "3.34.1", "packages.debian.org, bullseye"),
        linux("debian12", "3.40.1", "packages.debian.org, bookworm; this machine"),
        linux("debian13", "3.46.1", "packages.debian.org, trixie"),
        PlatformTarget(
            name: "android", sqliteVersion: nil, portableOnly: false, verified: true,
            note: "the framework's SQLite has no FTS5 (AOSP enables FTS3 and FTS4 only): apps bundle their own"),
    ]

    private static func apple(_ name: String, _ version: String, _ verified: Bool, _ note: String) -> PlatformTarget {
        PlatformTarget(name: name, sqliteVersion: version, portableOnly: true, verified: verified, note: note)
    }

    private static func linux(_ name: String, _ version: String, _ note: String) -> PlatformTarget {
        PlatformTarget(name: name, sqliteVersion: version, portableOnly: false, verified: true, note: note)
    }

    /// The target named `name`; an unknown name throws, listing the targets.
    public static func named(_ name: String) throws -> PlatformTarget {
        guard let target = all.first(where: { $0.name == name.lowercased() }) else {
            throw TokenBenchError.invalidArgument(
                name: "target", value: name,
                reason: "unknown target; the targets are \(all.map(\.name).joined(separator: ", "))")
        }
        return target
    }
}

/// The oldest SQLite a tokenizer spec needs, from the spec's words: FTS5 itself came in 3.9.0,
/// `trigram` in 3.34.0 (SQLite's release notes), and `trigram remove_diacritics` in 3.45.0
/// (probed in APSW's wheels: Engines.md). Options older than every target's SQLite
/// (`categories`, `remove_diacritics 2`) add nothing.
package enum SQLiteRequirement {
    package static func minimumVersion(of spec: TokenizerSpec) -> String {
        let words = spec.text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        guard let trigram = words.firstIndex(of: "trigram") else { return "3.9.0" }
        return words[trigram...].contains("remove_diacritics") ? "3.45.0" : "3.34.0"
    }

    /// Whether a spec builds from the portable set alone: it names none of the tokenizers that
    /// need ICU, MeCab or libstemmer (Shipping.md).
    package static func isPortable(_ spec: TokenizerSpec) -> Bool {
        let words = Set(spec.text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() })
        return words.isDisjoint(with: ["icu", "translit", "japanese", "snowball"])
    }
}

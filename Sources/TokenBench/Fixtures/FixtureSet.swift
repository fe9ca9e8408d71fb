import Foundation

/// The match cases of a run, loaded from files or from the embedded defaults, with unique ids.
public struct FixtureSet: Sendable {
    public private(set) var cases: [MatchCase]

    public init(cases: [MatchCase]) throws {
        var seen: [String: SourceLocation] = [:]
        for matchCase in cases {
            if let earlier = seen[matchCase.id] {
                throw TokenBenchError.invalidFixture(
                    file: matchCase.location.file, line: matchCase.location.line,
                    reason: "duplicate id '\(matchCase.id)' (first defined at \(earlier))")
            }
            seen[matchCase.id] = matchCase.location
        }
        self.cases = cases
    }

    /// The default cases shipped in `fixtures/`, embedded in the library at build time so that
    /// they are there whatever the working directory.
    public static func defaults() throws -> FixtureSet {
        var cases: [MatchCase] = []
        for (name, bytes) in embeddedFiles {
            cases += try FixtureParser.parse(bytes, file: "fixtures/\(name)", format: FixtureFormat(path: name))
        }
        return try FixtureSet(cases: cases)
    }

    /// The embedded fixture files, by file name, in run order. A test checks that this list
    /// names every file in `fixtures/`.
    package static let embeddedFiles: [(name: String, bytes: [UInt8])] = [
        ("seeds.cases", PackageResources.seeds_cases),
        ("gotchas.cases", PackageResources.gotchas_cases),
        ("languages.cases", PackageResources.languages_cases),
        ("engines.cases", PackageResources.engines_cases),
        ("locales.cases", PackageResources.locales_cases),
        ("typed.cases", PackageResources.typed_cases),
    ]

    /// Loads every path given: a file, or a directory whose `.cases` and `.csv` files are read in
    /// name order. A file without a case is an error naming it: it would check nothing, and an
    /// empty selection would otherwise be blamed on `--category` and `--case`.
    public static func load(paths: [String]) throws -> FixtureSet {
        var cases: [MatchCase] = []
        for path in paths {
            for file in try fixtureFiles(at: path) {
                let data = try FileAccess.contents(ofFile: file)
                let fileCases = try FixtureParser.parse(Array(data), file: file, format: FixtureFormat(path: file))
                guard !fileCases.isEmpty else {
                    throw TokenBenchError.invalidFixture(
                        file: file, line: 0, reason: data.isEmpty ? "is empty" : "has no case")
                }
                cases += fileCases
            }
        }
        return try FixtureSet(cases: cases)
    }

    private static func fixtureFiles(at path: String) throws -> [String] {
        guard try FileAccess.isDirectory(path) else { return [path] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw TokenBenchError.fileAccess(path: path, reason: FileAccess.reason(of: error))
        }
        let files = names.filter { $0.hasSuffix(".cases") || $0.hasSuffix(".csv") }.sorted()
        guard !files.isEmpty else {
            throw TokenBenchError.fileAccess(path: path, reason: "the directory holds no .cases or .csv file")
        }
        return files.map { (path as NSString).appendingPathComponent($0) }
    }

    /// Keeps the cases whose category or id is listed (all of them when both lists are empty).
    public func filtered(categories: [String], ids: [String]) -> FixtureSet {
        guard !categories.isEmpty || !ids.isEmpty else { return self }
        var copy = self
        copy.cases = cases.filter { categories.contains($0.category) || ids.contains($0.id) }
        return copy
    }
}

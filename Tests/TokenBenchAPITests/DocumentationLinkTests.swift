import Foundation
import Testing

/// Every relative link in the repository's Markdown resolves: to a file that exists and, with a
/// `#fragment`, to a heading of that file (GitHub's heading anchors). One row per Markdown file.
struct DocumentationLinkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Markdown files of the repository, relative to its root; build folders and hidden
    /// folders (.git, .build, .build-asan…) are not the project's.
    static let markdownFiles: [String] = {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if name.hasPrefix(".") || name == "Golden" { enumerator?.skipDescendants() }
                continue
            }
            if name.hasSuffix(".md") { files.append(String(url.path.dropFirst(root.path.count + 1))) }
        }
        return files.sorted()
    }()

    /// The links of `markdown` outside fenced code blocks: `[text](target)` and `![alt](target)`.
    static func links(in markdown: String) -> [String] {
        var links: [String] = []
        var inFence = false
        let pattern = /!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence else { continue }
            // Inline code spans are not links either.
            let prose = line.replacing(/`[^`]*`/, with: "")
            links += prose.matches(of: pattern).map { String($0.output.1) }
        }
        return links
    }

    /// GitHub's anchors for the headings of `markdown`: lower-cased, spaces to hyphens, other
    /// punctuation dropped, and `-1`, `-2`… for repeats.
    static func anchors(in markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        var inFence = false
        for line in markdown.split(separator: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            guard !inFence, let heading = line.firstMatch(of: /^#{1,6}\s+(.*)$/)?.output.1 else { continue }
            let slug = String(
                heading.lowercased().compactMap { character -> Character? in
                    if character == " " { return "-" }
                    return character.isLetter || character.isNumber || character == "-" || character == "_"
                        ? character : nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// Why `link` in `file` does not resolve, or nil when it does.
    static func problem(with link: String, in file: String) throws -> String? {
        guard !link.contains("://"), !link.hasPrefix("mailto:") else { return nil }
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let directory = root.appendingPathComponent(file).deletingLastPathComponent()
        let target =
            parts[0].isEmpty
            ? root.appendingPathComponent(file) : directory.appendingPathComponent(parts[0]).standardizedFileURL
        guard FileManager.default.fileExists(atPath: target.path) else { return "\(link): no file \(target.path)" }
        if parts.count == 2, target.pathExtension == "md" {
            let anchors = anchors(in: try String(contentsOf: target, encoding: .utf8))
            guard anchors.contains(parts[1]) else {
                return "\(link): no heading with that anchor in \(target.lastPathComponent)"
            }
        }
        return nil
    }

    @Test func theRepositoryHasItsGuides() {
        for guide in [
            "README.md", "results/README.md", "Documentation/Commands.md", "Documentation/UsingTheLibrary.md",
        ] {
            #expect(Self.markdownFiles.contains(guide), "\(guide)")
        }
    }

    @Test(arguments: markdownFiles)
    func everyRelativeLinkResolves(file: String) throws {
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        for link in Self.links(in: markdown) {
            let problem = try Self.problem(with: link, in: file)
            #expect(problem == nil, "\(file): \(problem ?? "")")
        }
    }

    /// The checker itself: a missing file and a missing heading are found, and links in code
    /// blocks or code spans are not links.
    @Test func brokenLinksAreFound() throws {
        #expect(try Self.problem(with: "Documentation/Nowhere.md", in: "README.md") != nil)
        #expect(try Self.problem(with: "Documentation/Commands.md#no-such-heading", in: "README.md") != nil)
        #expect(try Self.problem(with: "Commands.md", in: "Documentation/Throughput.md") == nil)
        #expect(Self.links(in: "```\n[a](nowhere.md)\n```\n`[b](nowhere.md)` [c](here.md)") == ["here.md"])
        #expect(
            Self.anchors(in: "# What changes between 3.40.1 and 3.54.1?\n## `throughput-colour-wrapper.csv`")
                == ["what-changes-between-3401-and-3541", "throughput-colour-wrappercsv"])
    }
}

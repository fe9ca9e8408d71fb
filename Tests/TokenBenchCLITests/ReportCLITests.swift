import Foundation
import Testing

/// `tokenbench report` as a user runs it, and the page rendered by headless Chromium.
struct ReportCLITests {
    typealias CLI = CLITests

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "render-report.sh")

    /// Chromium is needed for the render test; `.ci/run` installs it and sets
    /// TOKENBENCH_REQUIRE_CHROMIUM=1 so that a missing browser fails instead of skipping.
    static var chromiumAvailable: Bool {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }
    static var chromiumRequired: Bool { ProcessInfo.processInfo.environment["TOKENBENCH_REQUIRE_CHROMIUM"] == "1" }

    /// A small report with throughput charts from a real (tiny) throughput run, in `directory`.
    static func makeReport(in directory: URL) throws -> URL {
        let figures = try CLI.run(
            [
                "throughput", "--tokenizer", "icu", "--operation", "tokenize", "--runs", "1", "--size", "50K", "-o",
                "throughput.csv",
            ], in: directory)
        #expect(figures.status == 0, "\(figures.stderr)")
        let run = try CLI.run(
            [
                "report", "--category", "seed-table", "--category", "invisible", "--throughput", "throughput.csv",
                "--output", "report.html",
            ], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty)
        return directory.appendingPathComponent("report.html")
    }

    @Test func reportIsOneSelfContainedPage() throws {
        let directory = try CLI.makeTemporaryDirectory()
        let html = try String(contentsOf: Self.makeReport(in: directory), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(
            html.contains(
                "Made by <code>tokenbench report --category seed-table --category invisible --throughput throughput.csv --output report.html</code>"
            ))
        #expect(html.contains("<dt>SQLite</dt><dd>3."))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 2)
        // The chart's own label for the measured tokenizer, inside the throughput section (the
        // grid header also names icu, so the page as a whole proves nothing).
        let throughput = try #require(
            html.range(of: "<section id=\"throughput\">").map { String(html[$0.lowerBound...]) })
        #expect(throughput.contains("text-anchor=\"end\">icu@system</text>"))
        #expect(throughput.contains("text-anchor=\"end\">unicode61 c-reference@system</text>"))
        #expect(throughput.contains("text-anchor=\"end\">icu c-limit@bundled</text>"))
        // The matrix data and the one script that draws it, both inline; nothing fetched.
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(!html.contains("src=") && !html.contains("href="))
    }

    @Test func badThroughputFileExitsTwoAndWritesNothing() throws {
        let directory = try CLI.makeTemporaryDirectory()
        try Data("tokenizer,mode\nx,document\n".utf8).write(to: directory.appendingPathComponent("bad.csv"))
        let run = try CLI.run(["report", "--throughput", "bad.csv", "--output", "report.html"], in: directory)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "tokenbench: error: bad.csv:1: no 'operation' column; expected a CSV from 'tokenbench throughput'\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.html").path))
    }

    @Test func outputIsRequired() throws {
        let run = try CLI.run(["report"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Missing expected argument '--output <output>'"))
    }

    @Test(.enabled(if: chromiumAvailable || chromiumRequired, "headless Chromium is not installed"))
    func chromiumRendersTheReport() throws {
        let directory = try CLI.makeTemporaryDirectory()
        let report = try Self.makeReport(in: directory)
        let bytes = try Self.render(report, to: directory.appendingPathComponent("report.png"), height: 900)
        // A PNG: signature, then the IHDR chunk with the window's size.
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(bigEndian(16) == 1600)
        #expect(bigEndian(20) == 900)
        // A blank page compresses to a few kilobytes; a rendered grid of text does not.
        #expect(bytes.count > 40_000, "\(bytes.count) bytes: is the page blank?")
    }

    /// Whether fontconfig knows a font for Japanese (fonts-noto-cjk, say).
    static var cjkFontInstalled: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
        process.arguments = [":lang=ja"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return false }
        let listed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 && !listed.isEmpty
    }

    /// Renders `text` in a 48-pixel sans-serif line, as a PNG's bytes.
    static func renderText(_ text: String, in directory: URL, name: String) throws -> [UInt8] {
        let page = directory.appendingPathComponent("\(name).html")
        try Data("<!doctype html><meta charset=\"utf-8\"><body style=\"font: 48px sans-serif\">\(text)</body>".utf8)
            .write(
                to: page)
        return try render(page, to: directory.appendingPathComponent("\(name).png"), height: 200)
    }

    /// Renders `page` with `render-report.sh` at 1600 × `height` pixels, as a PNG's bytes; a
    /// failed render is an issue with the script's message.
    static func render(_ page: URL, to png: URL, height: Int) throws -> [UInt8] {
        let process = Process()
        process.executableURL = Self.script
        process.arguments = [page.path, png.path, String(height)]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
        return try [UInt8](Data(contentsOf: png))
    }

    /// The report's CJK cells are drawn with a font, not as empty boxes (the report shows the
    /// fixtures' Chinese and Japanese text). Characters no font has all render as the same
    /// boxes, so two such lines give the same image; a CJK line must not. Without a CJK font
    /// the test is skipped, unless `.ci/run` requires it (it installs fonts-noto-cjk).
    @Test(
        .enabled(
            if: (chromiumAvailable && cjkFontInstalled) || chromiumRequired,
            "headless Chromium or a CJK font is not installed"))
    func cjkTextIsDrawnWithAFont() throws {
        let directory = try CLI.makeTemporaryDirectory()
        let boxes = try Self.renderText(
            "\u{E000}\u{E001}\u{E002}\u{E003}\u{E004}\u{E005}\u{E006}\u{E007}", in: directory, name: "boxes")
        let otherBoxes = try Self.renderText(
            "\u{E010}\u{E011}\u{E012}\u{E013}\u{E014}\u{E015}\u{E016}\u{E017}", in: directory, name: "other")
        let cjk = try Self.renderText("日本語のテキスト", in: directory, name: "cjk")
        #expect(
            boxes == otherBoxes, "characters without a glyph no longer render alike: this check needs another reference"
        )
        #expect(cjk != boxes, "CJK text renders as empty boxes: install a CJK font (fonts-noto-cjk)")
    }
}

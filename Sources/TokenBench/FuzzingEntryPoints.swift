/// The parsers the libFuzzer targets drive. The targets live in a package of their own (`Fuzz/`,
/// built with the fuzzer's instrumentation), which cannot see `package` declarations: this is
/// their one door, behind an SPI that no user imports by accident.
@_spi(Fuzzing) public enum FuzzingEntryPoints {
    /// The fixture parser on `bytes` as a `.cases` file, or as a CSV file.
    public static func parseFixtures(_ bytes: [UInt8], asCSV: Bool) throws {
        _ = try FixtureParser.parse(bytes, file: asCSV ? "fuzz.csv" : "fuzz.cases", format: asCSV ? .csv : .cases)
    }

    /// The reader of a `tokenbench check` baseline (a match matrix CSV).
    public static func parseMatrixBaseline(_ text: String) throws {
        _ = try MatrixBaseline.parse(text, source: "fuzz.csv")
    }

    /// The readers of a throughput CSV: as a `--baseline` and as the report's figures.
    public static func parseThroughputCSV(_ text: String) {
        _ = try? ThroughputBaseline(csv: text, file: "fuzz.csv")
        _ = try? ThroughputFigures.parse(text, file: "fuzz.csv")
    }
}

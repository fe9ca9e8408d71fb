import ArgumentParser
import TokenBench

/// `--shard K/N`: one job's share of a run that a CI job matrix spreads over machines;
/// `tokenbench merge` joins the shards' CSVs, in shard order, into the unsharded run's.
struct ShardOptions: ParsableArguments {
    @Option(
        name: .customLong("shard"),
        help: ArgumentHelp(
            "Run only share K of N of the run (1 ≤ K ≤ N), for one job of a CI matrix.",
            discussion:
                "The shares are contiguous blocks, in order, of the matrix's cases, of conformance's tokenizer × engine pairs, or of the tokenizers of upgrade, quality and throughput; 'tokenbench merge' joins the shards' CSVs, in shard order, into what the run without --shard writes.",
            valueName: "K/N"))
    var text: String?

    var shard: Shard? { text.flatMap(Shard.init(parsing:)) }

    func validate() throws {
        if let text, Shard(parsing: text) == nil {
            throw ValidationError("--shard '\(text)': expected K/N with 1 ≤ K ≤ N, such as 2/4")
        }
    }
}

import ArgumentParser
import TokenBench

extension TokenBenchCommand {
    /// The message for a first argument that names no subcommand, or nil when it does (or is an
    /// option, or `help`). ArgumentParser would read `tokenbench matirx --category x` as the root
    /// command's arguments and blame `--category`, never the misspelt word: this check comes first
    /// and names the subcommands nearest it, by the same rule as a fixture's misspelt label.
    static func unknownSubcommandMessage(arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help" else { return nil }
        let subcommands = configuration.subcommands
        let known = subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
        guard !known.contains(first) else { return nil }
        // The hidden `worker` is for the bench's own processes: never suggested.
        let listed = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        let nearest = NearestNames.nearest(to: first, among: listed)
        return "'\(first)' is not a subcommand; "
            + (nearest.isEmpty
                ? "the subcommands are \(listed.joined(separator: ", "))"
                : "nearest: \(nearest.joined(separator: ", ")) ('tokenbench --help' lists them all)")
    }
}

/// Why an input has no answer: the judged code killed its worker on it, or the unit stopped
/// before reaching it. A `Loss` owns its wording, and its `code` is what files and programs read:
/// a CSV's `loss` column holds the code, its `error` (or `message`) column the wording.
public struct Loss: Hashable, Sendable, CustomStringConvertible {
    /// How the input was lost, as one stable word.
    public enum Code: String, CaseIterable, Codable, Sendable {
        /// Ended by a signal, a Swift trap, or AddressSanitizer's report of a fault.
        case crashed
        /// Silent on the input for longer than the timeout, then killed.
        case timedOut = "timed-out"
        /// Died after reaching the worker's memory bound.
        case outOfMemory = "out-of-memory"
        /// Exited by itself in the middle of the unit (a tokenizer that calls exit()).
        case exited
        /// Wrote something that is not the workers' protocol.
        case `protocol`
        /// Not reached: the unit used up its deaths (`--deaths-per-unit`) before this input.
        case notRunDeaths = "not-run-deaths"
        /// Not reached: the worker died making the tokenizer, before any input.
        case notRunConstructor = "not-run-constructor"

        /// The words a wording starts with, and what the wide matrix shows: "crashed",
        /// "timed out", "out of memory", "exited", "broke the worker protocol", "not run".
        public var headline: String {
            switch self {
            case .crashed: "crashed"
            case .timedOut: "timed out"
            case .outOfMemory: "out of memory"
            case .exited: "exited"
            case .protocol: "broke the worker protocol"
            case .notRunDeaths, .notRunConstructor: "not run"
            }
        }

        /// Whether the input was never tried (the unit stopped before it), rather than tried and
        /// fatal.
        public var isNotRun: Bool { self == .notRunDeaths || self == .notRunConstructor }
    }

    public var code: Code
    /// For a person: the code's headline with its detail in parentheses, as in "crashed
    /// (SIGSEGV while indexing)".
    public var wording: String

    public var description: String { wording }

    /// A loss worded as its code's headline with `detail` in parentheses.
    package init(_ code: Code, detail: String) {
        self.code = code
        wording = "\(code.headline) (\(detail))"
    }

    /// A loss read back from a file: its `loss` code, with its wording as the file has it.
    package init(code: Code, wording: String) {
        self.code = code
        self.wording = wording
    }

    /// The inputs left when the unit stopped after `deaths` deaths.
    package static func notRun(afterDeaths deaths: Int) -> Loss {
        Loss(.notRunDeaths, detail: "the tokenizer stopped after \(deaths) deaths on this engine")
    }

    /// The inputs of a unit whose worker died making the tokenizer, as `death` says.
    package static func notRun(constructorDied death: Loss) -> Loss {
        Loss(.notRunConstructor, detail: "the tokenizer could not be made on this engine: \(death.wording)")
    }

    /// The loss a file written before the `loss` column existed spelled in its error column;
    /// nil for an error that is not a loss. The only place the bench reads English back: kept
    /// for one release, for baselines without the column.
    package static func fromLegacyWording(_ text: String) -> Loss? {
        guard let code = Code.allCases.first(where: { text.hasPrefix($0.headline + " (") }) else { return nil }
        guard code.isNotRun else { return Loss(code: code, wording: text) }
        return Loss(code: text.contains("could not be made") ? .notRunConstructor : .notRunDeaths, wording: text)
    }
}

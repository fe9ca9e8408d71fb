/// What became of one input of a unit: its output, or why it has none. Operations read inputs
/// through this alone, so that every one of them words and codes a loss the same way.
package enum InputOutcome<Output: Sendable>: Sendable {
    /// The unit ran the input and gave this.
    case answered(Output)
    /// The input killed a worker: the loss says how.
    case lost(Loss)
    /// The unit stopped before the input (after its deaths, or at a constructor that died).
    case notRun(Loss)

    /// The output, or nil for an input without one.
    package var output: Output? {
        if case .answered(let output) = self { output } else { nil }
    }

    /// Why there is no output: the loss of a lost or not-run input; nil for an answer.
    package var loss: Loss? {
        switch self {
        case .answered: nil
        case .lost(let loss), .notRun(let loss): loss
        }
    }
}

extension UnitResult {
    /// The outcome of `input`: nil when the unit gave no output for it and neither died on it
    /// nor stopped before it (a unit that answers some inputs only, or one that failed as a
    /// whole).
    package func outcome(of input: Int) -> InputOutcome<Output>? {
        if let output = outputs[input] { return .answered(output) }
        if let death = death(on: input) { return .lost(death.loss) }
        guard isNotRun(input) else { return nil }
        return .notRun(stopLoss)
    }

    /// Whether `input` is among `notRun`, which the pool fills in ascending order: a binary
    /// search, since a matrix asks once for each of up to a hundred thousand inputs.
    private func isNotRun(_ input: Int) -> Bool {
        var (low, high) = (0, notRun.count)
        while low < high {
            let middle = (low + high) / 2
            if notRun[middle] < input { low = middle + 1 } else { high = middle }
        }
        return low < notRun.count && notRun[low] == input
    }

    /// Why a unit left its `notRun` inputs: the constructor's death, or the deaths it used up.
    package var stopLoss: Loss {
        if let creating = deaths.first(where: { $0.input == nil })?.death {
            .notRun(constructorDied: creating.loss)
        } else {
            .notRun(afterDeaths: deaths.count)
        }
    }
}

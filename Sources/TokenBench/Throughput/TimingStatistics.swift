import Histogram

/// Summary statistics of a set of timings, in nanoseconds.
///
/// HdrHistogram keeps any number of samples in fixed memory and answers percentiles to three
/// significant digits (0.1%), well below run-to-run noise; writing percentile code by hand
/// would only add a second thing to test.
package struct TimingStatistics: Sendable {
    private var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)

    package init() {}

    package init(nanoseconds samples: [UInt64]) {
        for sample in samples { record(nanoseconds: sample) }
    }

    package mutating func record(nanoseconds: UInt64) {
        _ = histogram.record(nanoseconds)
    }

    package var count: Int { Int(histogram.totalCount) }

    package var minSeconds: Double { Double(histogram.min) / 1e9 }
    package var maxSeconds: Double { Double(histogram.max) / 1e9 }
    package var medianSeconds: Double { Double(histogram.median) / 1e9 }

    /// The value at `percentile` (0–100), in microseconds.
    package func microseconds(atPercentile percentile: Double) -> Double {
        Double(histogram.valueAtPercentile(percentile)) / 1e3
    }
}

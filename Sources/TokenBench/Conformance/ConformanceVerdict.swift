/// Conformance reports judged against the errors already known: the errors that fail a run are
/// the unknown ones, and a known issue that did not come up is worth saying (fixed upstream, or
/// no longer reached by the inputs).
package struct ConformanceVerdict: Sendable {
    /// Errors no known-issue entry covers: these break FTS5's tokenizer contract anew.
    package internal(set) var unknownErrors: [ConformanceFinding] = []
    /// Errors a known-issue entry covers: still listed, but they do not fail the run.
    package internal(set) var knownErrors: [ConformanceFinding] = []
    /// Entries for a tokenizer and engine that ran whose check found nothing.
    package internal(set) var knownIssuesNotFound: [ConformanceKnownIssues.Entry] = []

    /// True when every error found is a known one (warnings never fail a run).
    package var passes: Bool { unknownErrors.isEmpty }
}

extension ConformanceKnownIssues {
    /// Judges `reports`. An entry counts as not found only when its tokenizer ran on its engine
    /// among the reports: a run over other tokenizers says nothing about it.
    package func verdict(on reports: [ConformanceReport]) -> ConformanceVerdict {
        var verdict = ConformanceVerdict()
        for finding in reports.flatMap(\.findings) where finding.severity == .error {
            if entry(for: finding) != nil {
                verdict.knownErrors.append(finding)
            } else {
                verdict.unknownErrors.append(finding)
            }
        }
        verdict.knownIssuesNotFound = entries.filter { entry in
            reports.contains { $0.tokenizer == entry.tokenizer && $0.engine == entry.engine }
                && !verdict.knownErrors.contains { entry.covers($0) }
        }
        return verdict
    }
}

import Foundation
import Testing

/// The report's layout at the widths people open it at, measured in headless Chromium from
/// each element's bounding box: the grid's case column and category names stay in view while
/// the tokenizer columns scroll, and no chart label is cut or drawn over another.
@Suite(.serialized, WebDriver.availableOrRequired)
struct ReportLayoutBrowserTests {
    typealias CLI = CLITests

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The default matrix with the committed quality and throughput results charted (their
    /// real labels, such as `snowball-portuguese@bundled`, are the ones that were cut), and a
    /// throughput file whose labels are wide characters and emoji.
    static let report: Result<URL, any Error> = Result {
        let directory = try CLI.makeTemporaryDirectory()
        try Data(
            """
            tokenizer,operation,mode,corpus,bytes,mb_per_s,relative,reference
            unicode61,tokenize,document,g,100,150.5,1.000,unicode61
            用户自定义的中文分词器,tokenize,document,g,100,30.1,0.200,unicode61
            絵文字🍕👍🏽トークナイザー,tokenize,document,g,100,3.1,0.020,unicode61

            """.utf8
        ).write(to: directory.appendingPathComponent("wide.csv"))
        let results = repository.appendingPathComponent("results")
        let run = try CLI.run(
            [
                "report", "--quality", results.appendingPathComponent("quality.csv").path,
                "--throughput", results.appendingPathComponent("throughput.csv").path,
                "--throughput", results.appendingPathComponent("throughput-scripts.csv").path,
                "--throughput", "wide.csv", "--output", "report.html",
            ], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        return directory.appendingPathComponent("report.html")
    }

    static func open(width: Int) throws -> WebDriver {
        if let reason = WebDriver.unavailableReason { throw WebDriver.Failure(description: reason) }
        let driver = try WebDriver(width: width, height: 900)
        try driver.open(try report.get())
        try driver.wait(until: "document.body.dataset.ready === 'true'")
        return driver
    }

    static let widths = [
        480, // a phone held upright: the case column must leave room for a tokenizer column
        1024, // a small laptop
        1600, // the width results/report.png is rendered at
    ]

    @Test(arguments: widths)
    func caseColumnAndCategoriesStayWhileTokenizersScroll(width: Int) throws {
        let driver = try Self.open(width: width)
        let layout = try #require(
            try driver.execute(
                """
                const wrap = document.querySelector('.grid-wrap');
                wrap.scrollIntoView();
                const box = () => wrap.getBoundingClientRect();
                const firstCase = document.querySelector('#grid th.case');
                const before = firstCase.getBoundingClientRect().left;
                wrap.scrollLeft = wrap.scrollWidth;
                const after = firstCase.getBoundingClientRect();
                const onTop = document.elementFromPoint(after.left + after.width / 2, after.top + after.height / 2);
                const headers = document.querySelectorAll('#grid th.tokenizer');
                const lastHeader = headers[headers.length - 1].getBoundingClientRect();
                const name = document.createRange();
                name.selectNodeContents(document.querySelector('#grid tr.category th'));
                const band = name.getBoundingClientRect();
                wrap.scrollTop = wrap.scrollHeight / 2;
                const head = document.querySelector('#grid thead th.tokenizer').getBoundingClientRect();
                return {
                  scrolled: wrap.scrollLeft, caseMoved: after.left - before, caseOnTop: firstCase.contains(onTop),
                  caseShare: after.width / wrap.clientWidth, lastRightPastWrap: lastHeader.right - box().right,
                  bandLeftPastWrap: band.left - box().left, bandRightPastWrap: band.right - box().right,
                  headBelowWrapTop: head.top - box().top
                };
                """) as? [String: Any])
        func number(_ key: String) -> Double { (layout[key] as? NSNumber)?.doubleValue ?? .nan }
        // The grid is wider than the window at every width here, so it did scroll.
        #expect(number("scrolled") > 0, "\(layout)")
        // The case column stays where it was, drawn over the tokenizer cells, not under them.
        #expect(number("caseMoved") == 0, "\(layout)")
        #expect(layout["caseOnTop"] as? Bool == true, "\(layout)")
        // It takes at most half the grid's width, so a tokenizer column fits beside it.
        #expect(number("caseShare") <= 0.5, "\(layout)")
        // The last tokenizer column can be scrolled fully into view.
        #expect(number("lastRightPastWrap") <= 1, "\(layout)")
        // A category's name stays in view, at the left, however far the columns scroll.
        #expect(number("bandLeftPastWrap") >= 0 && number("bandRightPastWrap") <= 0, "\(layout)")
        // The tokenizer names stay at the top while the cases scroll under them.
        #expect(abs(number("headBelowWrapTop")) <= 2, "\(layout)")
    }

    @Test(arguments: widths)
    func chartLabelsAreNeitherCutNorOverlapping(width: Int) throws {
        let driver = try Self.open(width: width)
        let found = try #require(
            try driver.execute(
                """
                const problems = [], charts = document.querySelectorAll('svg');
                let labels = 0;
                charts.forEach((svg, chart) => {
                  const box = svg.getBoundingClientRect();
                  const texts = Array.from(svg.querySelectorAll('text'), t => [t.textContent, t.getBoundingClientRect()]);
                  labels += texts.length;
                  texts.forEach(([text, r]) => {
                    if (r.width === 0 || r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom)
                      problems.push('chart ' + chart + ': "' + text + '" is cut');
                  });
                  texts.forEach(([a, ra], i) => texts.slice(i + 1).forEach(([b, rb]) => {
                    if (ra.left < rb.right && rb.left < ra.right && ra.top < rb.bottom && rb.top < ra.bottom)
                      problems.push('chart ' + chart + ': "' + a + '" overlaps "' + b + '"');
                  }));
                });
                return [charts.length, labels, problems];
                """) as? [Any])
        // Two bar charts per throughput file, quality's bar chart and its scatter plot.
        #expect(found[0] as? Int == 2 * 3 + 2)
        #expect((found[1] as? Int ?? 0) > 300)
        let problems = found[2] as? [String] ?? ["no answer"]
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(10))")
    }
}

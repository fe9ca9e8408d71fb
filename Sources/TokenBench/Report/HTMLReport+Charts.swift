import Foundation

/// The report's two kinds of chart, as inline SVG. Every label is placed from `SVGText`'s
/// estimate of its width, so that none is cut at the chart's edge or drawn over another: the
/// bar chart's label column is as wide as its longest label, the legend wraps, and the scatter
/// plot's labels stand in a column beside the plot, each joined to its point by a line.
extension HTMLReport {
    private static let fontSize = 12.0
    private static let valueFontSize = 10.0
    private static let titleFontSize = 13.0

    /// A horizontal grouped bar chart: one group per label, one bar per mode.
    func barChart(
        title: String, modes: [String], rows: [(label: String, mode: String, value: Double)],
        format: (Double) -> String, marker: Double?
    ) -> String {
        let labels = rows.map(\.label).uniquedInOrder()
        // The labels end 6 units left of the bars and start at least 6 units from the edge.
        let labelWidth = (labels.map { SVGText.width($0, fontSize: Self.fontSize) }.max() ?? 0) + 12
        let barArea = 520.0
        let valueWidth = (rows.map { SVGText.width(format($0.value), fontSize: Self.valueFontSize) }.max() ?? 0) + 8
        let width = max(
            labelWidth + barArea + valueWidth, SVGText.width(title, fontSize: Self.titleFontSize, bold: true) + 4
        ).rounded(.up)
        let legend = legendLayout(modes, width: width)
        let barHeight = 11.0
        let groupGap = 8.0
        let top = legend.bottom + 8
        let groupHeight = Double(modes.count) * barHeight + groupGap
        let height = (top + Double(labels.count) * groupHeight + 10).rounded(.up)
        let maximum = max(rows.map(\.value).max() ?? 1, marker ?? 0, 0.000_001)
        let colours = [
            "#2f6db3", "#d9822b", "#3a9a5b", "#8a5ab8", "#c0392b", "#7f8c8d", "#b8a22f", "#1f9e9e", "#555555",
        ]
        let patterns = [
            "", " stroke-dasharray=\"3 2\"", " stroke-dasharray=\"1 1\"", "", " stroke-dasharray=\"3 2\"", "",
            " stroke-dasharray=\"1 1\"", "", " stroke-dasharray=\"3 2\"",
        ]
        var svg = svgStart(title: title, width: width, height: height)
        for (index, entry) in legend.entries.enumerated() {
            svg +=
                "<rect x=\(Self.number(entry.x)) y=\(Self.number(entry.y - 9)) width=\"10\" height=\"10\" fill=\"\(colours[index % colours.count])\" stroke=\"#000\"\(patterns[index % patterns.count])/>"
            svg += "<text x=\(Self.number(entry.x + 14)) y=\(Self.number(entry.y))>\(HTML.escape(modes[index]))</text>"
        }
        for (groupIndex, label) in labels.enumerated() {
            let y = top + Double(groupIndex) * groupHeight
            svg +=
                "<text x=\(Self.number(labelWidth - 6)) y=\(Self.number(y + Double(modes.count) * barHeight / 2 + 4)) text-anchor=\"end\">\(HTML.escape(label))</text>"
            for (modeIndex, mode) in modes.enumerated() {
                guard let row = rows.first(where: { $0.label == label && $0.mode == mode }) else { continue }
                let barWidth = max(row.value / maximum * barArea, 1)
                let barY = y + Double(modeIndex) * barHeight
                svg +=
                    "<rect x=\(Self.number(labelWidth)) y=\(Self.number(barY)) width=\(Self.number(barWidth)) height=\"\(barHeight - 2)\" fill=\"\(colours[modeIndex % colours.count])\" stroke=\"#000\" stroke-width=\"0.5\"\(patterns[modeIndex % patterns.count])>"
                svg += "<title>\(HTML.escape("\(label) \(mode): \(format(row.value))"))</title></rect>"
                svg +=
                    "<text x=\(Self.number(labelWidth + barWidth + 4)) y=\(Self.number(barY + barHeight - 3)) class=\"value\">\(HTML.escape(format(row.value)))</text>"
            }
        }
        if let marker {
            let x = labelWidth + marker / maximum * barArea
            svg +=
                "<line x1=\(Self.number(x)) y1=\(Self.number(top - 4)) x2=\(Self.number(x)) y2=\(Self.number(height - 6)) stroke=\"#444\" stroke-dasharray=\"4 3\"/>"
        }
        return svg + "</svg></figure>\n"
    }

    /// A point of a scatter plot, in the data's units, with the label written beside the plot
    /// and the tooltip of its marker.
    struct ScatterPoint {
        var x: Double
        var y: Double
        var label: String
        var tooltip: String
    }

    /// A scatter plot from 0 to the largest value on both axes. Points at the same place share
    /// one marker and one label. The labels stand in a column right of the plot, in the order
    /// of their points from top to bottom, each as near its point's height as the labels above
    /// it allow and joined to it by a line; the column, and the chart, grow taller when the
    /// labels need it.
    func scatterChart(
        title: String, points: [ScatterPoint], xAxis: (Double) -> String, yAxis: (Double) -> String
    ) -> String {
        let left = 70.0
        let top = 30.0
        let plotWidth = 490.0
        let plotHeight = 290.0
        let lineHeight = 15.0
        let maxX = max(points.map(\.x).max() ?? 1, 0.000_001)
        let maxY = max(points.map(\.y).max() ?? 1, 0.000_001)
        var places: [(x: Double, y: Double, labels: [String], tooltips: [String])] = []
        for point in points {
            let x = left + point.x / maxX * plotWidth
            let y = top + plotHeight - point.y / maxY * plotHeight
            if let index = places.firstIndex(where: { abs($0.x - x) < 0.5 && abs($0.y - y) < 0.5 }) {
                places[index].labels.append(point.label)
                places[index].tooltips.append(point.tooltip)
            } else {
                places.append((x, y, [point.label], [point.tooltip]))
            }
        }
        places.sort { ($0.y, $0.x) < ($1.y, $1.x) }
        let labels = places.map { $0.labels.joined(separator: ", ") }
        // Baselines: each at its point's height or one line below the label above, then pushed
        // up from the bottom of the column where they ran past it.
        let columnHeight = max(plotHeight, Double(places.count) * lineHeight)
        var baselines: [Double] = []
        for place in places {
            baselines.append(max(place.y + 4, (baselines.last ?? top + 4 - lineHeight) + lineHeight))
        }
        var limit = top + columnHeight
        for index in baselines.indices.reversed() {
            baselines[index] = min(baselines[index], limit)
            limit = baselines[index] - lineHeight
        }
        let column = left + plotWidth + 40
        let width = max(
            column + (labels.map { SVGText.width($0, fontSize: Self.valueFontSize) }.max() ?? 0) + 8,
            SVGText.width(title, fontSize: Self.titleFontSize, bold: true) + 4
        ).rounded(.up)
        let axisBaseline = top + plotHeight + 18
        let height = (max(axisBaseline, top + columnHeight) + 10).rounded(.up)
        var svg = svgStart(title: title, width: width, height: height)
        let bottom = top + plotHeight
        svg +=
            "<line x1=\(Self.number(left)) y1=\(Self.number(bottom)) x2=\(Self.number(left + plotWidth)) y2=\(Self.number(bottom)) stroke=\"#444\"/>"
        svg +=
            "<line x1=\(Self.number(left)) y1=\(Self.number(top)) x2=\(Self.number(left)) y2=\(Self.number(bottom)) stroke=\"#444\"/>"
        svg +=
            "<text x=\(Self.number(left + plotWidth)) y=\(Self.number(axisBaseline)) text-anchor=\"end\">\(HTML.escape(xAxis(maxX)))</text>"
        svg += "<text x=\(Self.number(left)) y=\(Self.number(axisBaseline))>\(HTML.escape(xAxis(0)))</text>"
        svg +=
            "<text x=\(Self.number(left - 6)) y=\(Self.number(top + 4)) text-anchor=\"end\">\(HTML.escape(yAxis(maxY)))</text>"
        svg +=
            "<text x=\(Self.number(left - 6)) y=\(Self.number(bottom - 2)) text-anchor=\"end\">\(HTML.escape(yAxis(0)))</text>"
        for (index, place) in places.enumerated() {
            svg +=
                "<line x1=\(Self.number(place.x + 5)) y1=\(Self.number(place.y)) x2=\(Self.number(column - 4)) y2=\(Self.number(baselines[index] - 4)) stroke=\"#999\" stroke-width=\"0.75\"/>"
            svg +=
                "<circle cx=\(Self.number(place.x)) cy=\(Self.number(place.y)) r=\"4\" fill=\"#2f6db3\" stroke=\"#000\" stroke-width=\"0.5\">"
            svg += "<title>\(HTML.escape(place.tooltips.joined(separator: "\n")))</title></circle>"
            svg +=
                "<text x=\(Self.number(column)) y=\(Self.number(baselines[index])) class=\"value\">\(HTML.escape(labels[index]))</text>"
        }
        return svg + "</svg></figure>\n"
    }

    /// Where each legend entry's text starts and stands (its baseline): side by side under the
    /// title, on as many lines as the chart's width needs.
    private func legendLayout(_ modes: [String], width: Double) -> (entries: [(x: Double, y: Double)], bottom: Double) {
        var entries: [(x: Double, y: Double)] = []
        var x = 0.0
        var y = 35.0
        for mode in modes {
            let entryWidth = 14 + SVGText.width(mode, fontSize: Self.fontSize)
            if x > 0, x + entryWidth > width {
                x = 0
                y += 16
            }
            entries.append((x, y))
            x += entryWidth + 16
        }
        return (entries, modes.isEmpty ? 20 : y + 4)
    }

    private func svgStart(title: String, width: Double, height: Double) -> String {
        "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">"
            + "<title>\(HTML.escape(title))</title>"
            + "<text x=\"0\" y=\"16\" class=\"chart-title\">\(HTML.escape(title))</text>"
    }

    /// A coordinate as a quoted attribute value, to a tenth of a unit.
    private static func number(_ value: Double) -> String {
        "\"" + String(format: "%.1f", value) + "\""
    }
}

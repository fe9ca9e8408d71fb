extension HTMLReport {
    /// The page's only style sheet, inline. Verdicts differ in colour, in glyph and in text, so
    /// the grid reads without colour too. (No '<' or '&' here: the page stays well-formed XML.)
    static let css = """
        body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP", sans-serif; margin: 16px 24px; color: #1d1d1f; background: #fff; }
        h1 { font-size: 22px; margin: 0 0 6px; }
        h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #ccc; }
        code { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; background: #f2f2f2; padding: 0 3px; }
        .lead { max-width: 1100px; margin: 4px 0; }
        dl.env { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 6px 0; }
        dl.env dt { font-weight: 600; }
        dl.env dd { margin: 0 0 0 -12px; }
        .command { margin: 4px 0; color: #444; }
        .legend ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 6px 20px; margin: 4px 0; }
        .legend p { margin: 4px 0; }
        .sample { display: inline-block; padding: 1px 6px; }
        table.grid { border-collapse: collapse; font-size: 12px; }
        table.grid thead th { position: sticky; top: 0; background: #fff; z-index: 2; border-bottom: 2px solid #888; }
        .grid-wrap { overflow: auto; max-height: 85vh; border: 1px solid #ddd; }
        th.tokenizer { min-width: 84px; max-width: 140px; vertical-align: bottom; padding: 2px 4px; font-weight: 600; }
        th.tokenizer span { display: block; overflow-wrap: normal; word-break: normal; hyphens: none; }
        th.tokenizer small { display: block; font-weight: 400; color: #555; }
        th.corner { text-align: left; vertical-align: bottom; }
        tr.category th { text-align: left; background: #e9eef5; padding: 4px 6px; font-size: 13px; }
        tr.category th span { position: sticky; left: 6px; }
        th.case { position: sticky; left: 0; z-index: 1; background: #fff; text-align: left; font-weight: 400; padding: 2px 6px; min-width: min(240px, 36vw); max-width: min(330px, 40vw); border-bottom: 1px solid #e5e5e5; }
        table.grid thead th.corner { left: 0; z-index: 3; }
        button.show-tokens { font-size: 10px; padding: 0 4px; margin-top: 2px; }
        th.case .id { display: block; font: 11px ui-monospace, "DejaVu Sans Mono", monospace; color: #555; }
        th.case .note { display: block; font-size: 11px; color: #666; }
        .arrow { color: #888; }
        .locale { color: #666; font-size: 85%; }
        td.cell { border: 1px solid #fff; padding: 2px 3px; text-align: center; min-width: 76px; cursor: pointer; }
        td.cell .only { display: block; font-size: 10px; color: #444; }
        .cell.split { background: #e8e0f6; color: #2d1b55; outline: 2px dotted #5b3da8; outline-offset: -3px; }
        .cell.split .differ { display: block; font-size: 10px; font-weight: 700; text-transform: uppercase; }
        .cell.split .engine { display: block; white-space: nowrap; font-size: 11px; }
        .cell.split .engine.failed { color: #b3261e; font-weight: 700; }
        .cell.notrun { background: #fafafa; color: #999; }
        td.cell .verdict { display: block; white-space: nowrap; }
        td.cell .strip { display: block; font-size: 10px; letter-spacing: 1px; font-style: normal; }
        td.cell .strip i { font-style: normal; }
        .cell.match, td.match { background: #d6f0d8; color: #0d4d17; }
        .cell.nomatch, td.nomatch { background: #f4f4f4; color: #555; }
        .cell.failed, td.failed { background: #b3261e; color: #fff; font-weight: 700; outline: 2px dashed #000; outline-offset: -3px; }
        .cell.error, td.error { background: #fde7b0; color: #6b4a00; font-style: italic; }
        .strip i.failed { color: #b3261e; }
        .cell.failed .strip i.failed { color: #fff; }
        td.cell:focus { outline: 2px solid #2f6db3; }
        .detail { position: fixed; left: 0; right: 0; bottom: 0; z-index: 10; max-height: 45vh; overflow: auto; background: #fff; border-top: 2px solid #555; box-shadow: 0 -4px 14px rgba(0, 0, 0, 0.2); padding: 8px 24px; }
        .detail .title { margin: 0 0 4px; font-weight: 600; display: inline-block; }
        .detail .close { float: right; }
        .detail table { border-collapse: collapse; margin: 4px 0 8px; font-size: 12px; }
        .detail caption { text-align: left; font-weight: 600; }
        .detail th, .detail td { border: 1px solid #ddd; padding: 2px 4px; vertical-align: top; }
        .controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: flex-start; margin: 8px 0; }
        .controls fieldset { border: 1px solid #ccc; padding: 4px 8px; margin: 0; }
        .controls fieldset label { display: inline-block; margin-right: 10px; white-space: nowrap; }
        .controls input[type=search] { font-size: 14px; padding: 3px 6px; min-width: 220px; }
        ol.tokenizer-list { margin: 0; padding-left: 22px; columns: 3 220px; }
        ol.tokenizer-list li { break-inside: avoid; }
        ol.tokenizer-list button.move { font-size: 10px; padding: 0 3px; margin-left: 2px; }
        #matrix-status { color: #444; margin: 4px 0; }
        .chip { display: inline-block; border: 1px solid #999; border-radius: 3px; margin: 1px; background: #fff; color: #1d1d1f; }
        .tok { display: inline-block; padding: 0 3px; font: 12px ui-monospace, "DejaVu Sans Mono", "Noto Sans CJK JP", monospace; }
        .chip .tok + .tok { border-left: 1px dashed #999; }
        .tok.coloc { border: 1px dashed #555; }
        .none { color: #888; font-style: italic; }
        .inv { display: inline-block; background: #fff3c4; color: #5a3b00; border: 1px solid #d9b44a; border-radius: 2px; padding: 0 2px; margin: 0 1px; font-size: 11px; }
        .inv small { font-size: 9px; margin-left: 2px; }
        details { margin: 2px 0; }
        summary { cursor: pointer; }
        summary .id { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; color: #555; }
        table.quality, table.changes { border-collapse: collapse; font-size: 12px; margin: 8px 0; }
        table.quality th, table.quality td, table.changes th, table.changes td { border: 1px solid #ddd; padding: 2px 6px; }
        table.quality td { text-align: right; font-variant-numeric: tabular-nums; }
        table.quality th[scope=row] { text-align: left; white-space: nowrap; font-weight: 400; }
        table.changes caption { text-align: left; font-weight: 600; }
        table.align { border-collapse: collapse; margin: 6px 0 10px 16px; font-size: 12px; }
        table.align caption { text-align: left; font-weight: 600; }
        table.align th { text-align: right; padding: 1px 6px; font-weight: 400; color: #444; white-space: nowrap; }
        table.align td { border: 1px solid #eee; padding: 1px 2px; text-align: center; }
        table.align td.src { background: #eef3fb; font-weight: 600; white-space: pre; }
        table.align td.t .tok { background: #d6f0d8; border: 1px solid #7bb984; border-radius: 3px; }
        table.align td.t .tok.coloc { border-style: dashed; background: #eef8ef; }
        .warn { color: #b3261e; }
        figure { margin: 8px 0 16px; overflow-x: auto; }
        svg text { font: 12px system-ui, "Noto Sans", sans-serif; fill: #1d1d1f; }
        svg text.chart-title { font-weight: 600; font-size: 13px; }
        svg text.value { font-size: 10px; fill: #333; }
        footer { margin-top: 30px; color: #666; font-size: 12px; }
        """
}

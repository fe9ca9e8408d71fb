(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("matrix-data").textContent);
  var P = data.pairs.length, K = data.kinds.length;
  // Each mark's glyph and wording, by CSS class (a verdict's code, or "failed"), and each
  // verdict's code by the digit a record writes for it: all from the data, spelled in Swift.
  var GLYPH = {}, LABEL = {};
  Object.keys(data.marks).forEach(function (name) { GLYPH[name] = data.marks[name][0]; LABEL[name] = data.marks[name][1]; });
  var MATCH = String(data.verdicts.indexOf("match"));
  var UNSUPPORTED = "unsupported";
  var state = {
    order: data.tokenizers.map(function (_, i) { return i; }),
    shown: data.tokenizers.map(function () { return true; }),
    categories: data.categories.map(function () { return true; }),
    outcome: "all",
    search: "",
    typedTokenizer: 0,
    typedPair: 0
  };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Text with the characters that do not show drawn as labelled boxes (names from the data).
  function vis(text) {
    var fragment = document.createDocumentFragment(), plain = "";
    for (var ch of text) {
      var code = ch.codePointAt(0).toString(16).toUpperCase();
      while (code.length < 4) code = "0" + code;
      var inv = data.invisible[code];
      if (!inv) { plain += ch; continue; }
      if (plain) { fragment.appendChild(document.createTextNode(plain)); plain = ""; }
      var span = el("span", "inv", inv[0] === "" ? "\u25CC" + ch : inv[0]);
      span.title = "U+" + code + " " + inv[1];
      span.appendChild(el("small", null, "U+" + code));
      fragment.appendChild(span);
    }
    if (plain) fragment.appendChild(document.createTextNode(plain));
    return fragment;
  }

  function subStatus(record, i) {
    if (record[2][i] === "1") return "failed";
    return data.verdicts[Number(record[0][i])];
  }
  function recordStatus(record) {
    return record[2].indexOf("1") !== -1 ? "failed" : subStatus(record, 0);
  }
  function verdict(record, i) {
    var text = (record[5].length && record[5][i]) || LABEL[data.verdicts[Number(record[0][i])]];
    if (record[1][i] !== "-") text += " (expected " + LABEL[data.verdicts[Number(record[1][i])]] + ")";
    return text;
  }
  // A sub-cell's MATCH expression, where the data has them (an app's query kind ran).
  function pattern(record, i) {
    return record.length > 6 ? record[6][i] : null;
  }
  function subLabel(i) {
    return data.kinds[Math.floor(i / P)] + " " + data.pairs[i % P];
  }
  function engineNames(entry) {
    return entry[0].map(function (e) { return data.engines[e]; }).join(", ");
  }
  function chips(streamIndex) {
    var stream = data.streams[streamIndex], wrap = el("span");
    if (stream.length === 0) { wrap.appendChild(el("span", "none", "no tokens")); return wrap; }
    var chip = null;
    stream.forEach(function (token) {
      if (!token[3] || chip === null) {
        if (chip) wrap.appendChild(document.createTextNode(" "));
        chip = el("span", "chip");
        wrap.appendChild(chip);
      }
      var tok = el("span", "tok");
      tok.appendChild(vis(token[0]));
      chip.appendChild(tok);
    });
    return wrap;
  }

  // Which cases the filters keep, given the tokenizers shown.
  function visibleTokenizers() {
    return state.order.filter(function (t) { return state.shown[t]; });
  }
  // The category and search filters, which both grids follow.
  function caseSelected(c) {
    var kase = data.cases[c];
    if (!state.categories[kase[1]]) return false;
    if (state.search) {
      var haystack = (kase[0] + "\n" + kase[2] + "\n" + kase[3] + "\n" + kase[4]).toLowerCase();
      if (haystack.indexOf(state.search) === -1) return false;
    }
    return true;
  }
  function caseVisible(c, tokenizers) {
    if (!caseSelected(c)) return false;
    if (state.outcome === "failed") {
      return tokenizers.some(function (t) {
        return data.cells[c][t].some(function (entry) { return entry[1][2].indexOf("1") !== -1; });
      });
    }
    if (state.outcome === "disagree") {
      return tokenizers.some(function (t) { return data.cells[c][t].length > 1; });
    }
    return true;
  }

  // What a grid cell of case c and tokenizer t shows, for the main grid and the typed-input grid
  // alike: an empty cell reachable by keyboard, then one of the marks below.
  function cellShell(c, t) {
    var td = el("td");
    td.tabIndex = 0;
    td.dataset.case = c;
    td.dataset.tokenizer = t;
    return td;
  }
  function markUnsupported(td) {
    td.className = "cell " + UNSUPPORTED;
    td.appendChild(el("span", "verdict", LABEL[UNSUPPORTED]));
    return td;
  }
  // One verdict in colour, glyph and words; a failed one says what was found (`found`, a verdict
  // code), the verdict behind the mark.
  function markVerdict(td, status, found) {
    td.className = "cell " + status;
    var line = el("span", "verdict");
    line.appendChild(el("b", null, GLYPH[status]));
    line.appendChild(document.createTextNode(" " + (status === "failed" ? "failed: " + LABEL[found] : LABEL[status])));
    td.appendChild(line);
  }
  // The engine indices that ran a cell: fewer than all say which.
  function markOnly(td, engines) {
    if (engines.length !== data.engines.length) td.appendChild(el("span", "only", engineNames([engines]) + " only"));
  }
  // The engines disagree: one line per engine (engines that agree share one), marked with
  // `statusOf(entry)`, each followed by `detailOf(entry)` where given.
  function markSplit(td, entries, statusOf, detailOf, differ) {
    td.className = "cell split" + (entries.some(function (e) { return statusOf(e) === "failed"; }) ? " splitfailed" : "");
    td.appendChild(el("span", "differ", differ || "engines differ"));
    entries.forEach(function (entry) {
      var status = statusOf(entry), line = el("span", "engine " + status);
      line.appendChild(el("b", null, GLYPH[status]));
      line.appendChild(document.createTextNode(" " + engineNames(entry) + ": " + LABEL[status]));
      td.appendChild(line);
      if (detailOf) td.appendChild(detailOf(entry));
    });
    return td;
  }

  // A record's small marks, one per query kind and form pair, each titled with its verdict: in
  // a split cell each engine has its own, so that a difference off the big mark shows where.
  function strip(record) {
    var marks = el("span", "strip");
    for (var i = 0; i !== P * K; i++) {
      var sub = subStatus(record, i), mark = el("i", sub, GLYPH[sub]);
      mark.title = subLabel(i) + ": " + verdict(record, i);
      marks.appendChild(mark);
    }
    return marks;
  }

  function cellNode(c, t) {
    var entries = data.cells[c][t], td = cellShell(c, t);
    if (entries.length === 0) return markUnsupported(td);
    if (entries.length === 1) {
      var record = entries[0][1];
      markVerdict(td, recordStatus(record), data.verdicts[Number(record[0][0])]);
      td.appendChild(strip(record));
      markOnly(td, entries[0][0]);
      return td;
    }
    // Records that differ only in their tokens (their texts, or their offsets alone) give the
    // same verdicts: the cell says so, and its panel shows the tokens.
    var first = entries[0][1], sameVerdicts = entries.every(function (e) {
      return e[1][0] === first[0] && e[1][1] === first[1] && e[1][5].join("\n") === first[5].join("\n");
    });
    return markSplit(td, entries, function (e) { return recordStatus(e[1]); }, function (e) { return strip(e[1]); },
      sameVerdicts ? "engines differ in tokens only" : null);
  }

  // Calls `row(case, tbody)` for each kept case, in a tbody per category that opens with a band
  // naming it across `columns` columns.
  function eachCaseInItsCategory(table, kept, columns, row) {
    var category = -1, body = null;
    kept.forEach(function (c) {
      if (data.cases[c][1] !== category) {
        category = data.cases[c][1];
        body = el("tbody");
        // The name in a span of its own, which stays in view while the columns scroll.
        var band = el("tr", "category"), label = el("th");
        label.appendChild(el("span", null, data.categories[category]));
        label.colSpan = columns;
        label.scope = "rowgroup";
        band.appendChild(label);
        body.appendChild(band);
        table.appendChild(body);
      }
      row(c, body);
    });
  }

  // A case's row heading: its id, then document and query with their locales.
  function caseHeading(c) {
    var kase = data.cases[c], th = el("th", "case"), texts = el("span", "texts");
    th.scope = "row";
    th.appendChild(el("span", "id", kase[0]));
    texts.appendChild(vis(kase[2]));
    if (kase[5][0]) texts.appendChild(el("span", "locale", " [" + kase[5][0] + "]"));
    texts.appendChild(el("span", "arrow", " \u2190 "));
    texts.appendChild(vis(kase[3]));
    if (kase[5][1]) texts.appendChild(el("span", "locale", " [" + kase[5][1] + "]"));
    th.appendChild(texts);
    return th;
  }

  function render() {
    var tokenizers = visibleTokenizers();
    var grid = document.getElementById("grid");
    grid.textContent = "";
    var head = el("thead"), row = el("tr"), corner = el("th", "corner", "case: document \u2190 query");
    corner.scope = "col";
    row.appendChild(corner);
    var kept = [];
    for (var c = 0; c !== data.cases.length; c++) if (caseVisible(c, tokenizers)) kept.push(c);
    tokenizers.forEach(function (t) {
      var th = el("th", "tokenizer");
      th.scope = "col";
      th.appendChild(el("span", null, data.tokenizers[t]));
      var matches = 0, failures = 0, split = 0;
      kept.forEach(function (c) {
        var entries = data.cells[c][t];
        if (entries.length === 1 && entries[0][1][0][0] === MATCH) matches++;
        if (entries.some(function (e) { return e[1][2].indexOf("1") !== -1; })) failures++;
        if (entries.length > 1) split++;
      });
      th.appendChild(el("small", null, matches + "/" + kept.length + " match" + (failures ? ", " + failures + " failed" : "") + (split ? ", " + split + " differ" : "")));
      row.appendChild(th);
    });
    head.appendChild(row);
    grid.appendChild(head);
    eachCaseInItsCategory(grid, kept, tokenizers.length + 1, function (c, body) {
      var kase = data.cases[c], tr = el("tr"), th = caseHeading(c);
      if (kase[4]) { var note = el("span", "note"); note.appendChild(vis(kase[4])); th.appendChild(note); }
      var button = el("button", "show-tokens", "tokens");
      button.type = "button";
      button.dataset.case = c;
      button.title = "Show every tokenizer's tokens of this case side by side";
      th.appendChild(button);
      tr.appendChild(th);
      tokenizers.forEach(function (t) { tr.appendChild(cellNode(c, t)); });
      body.appendChild(tr);
    });
    document.getElementById("matrix-status").textContent =
      "Showing " + kept.length + " of " + data.cases.length + " cases \u00D7 " + tokenizers.length + " of " + data.tokenizers.length + " tokenizers.";
    renderTyped();
  }

  // The typed-input grid (there only when an app's query kind ran): one tokenizer, the cases
  // down, the query kinds across, each cell's MATCH expression in its title.
  var typedGrid = document.getElementById("typed-grid");
  function typedCell(c, t, k) {
    var entries = data.cells[c][t], i = k * P + state.typedPair, td = cellShell(c, t);
    td.dataset.kind = data.kinds[k];
    if (entries.length === 0) return markUnsupported(td);
    function says(entry) {
      var expression = pattern(entry[1], i);
      return (expression ? "MATCH " + expression : "no query") + "\n" + verdict(entry[1], i);
    }
    function statusOf(entry) { return subStatus(entry[1], i); }
    // Engines whose records differ elsewhere may still agree on this kind.
    var agree = entries.every(function (e) { return says(e) === says(entries[0]) && statusOf(e) === statusOf(entries[0]); });
    if (agree) {
      var engines = [].concat.apply([], entries.map(function (e) { return e[0]; }));
      markVerdict(td, statusOf(entries[0]), data.verdicts[Number(entries[0][1][0][i])]);
      markOnly(td, engines);
      td.title = says(entries[0]);
      return td;
    }
    markSplit(td, entries, statusOf);
    td.title = entries.map(function (e) { return engineNames(e) + ": " + says(e); }).join("\n\n");
    return td;
  }
  function renderTyped() {
    if (!typedGrid) return;
    var t = state.typedTokenizer;
    typedGrid.textContent = "";
    var kept = [];
    for (var c = 0; c !== data.cases.length; c++) if (caseSelected(c)) kept.push(c);
    var head = el("thead"), row = el("tr"), corner = el("th", "corner", data.tokenizers[t] + ": document \u2190 query");
    corner.scope = "col";
    row.appendChild(corner);
    data.kinds.forEach(function (kind, k) {
      var th = el("th", "tokenizer"), matches = 0, failures = 0;
      th.scope = "col";
      th.appendChild(el("span", null, kind));
      kept.forEach(function (c) {
        var entries = data.cells[c][t], i = k * P + state.typedPair;
        if (entries.length !== 0 && entries.every(function (e) { return e[1][0][i] === MATCH; })) matches++;
        if (entries.some(function (e) { return e[1][2][i] === "1"; })) failures++;
      });
      th.appendChild(el("small", null, matches + "/" + kept.length + " match" + (failures ? ", " + failures + " failed" : "")));
      row.appendChild(th);
    });
    head.appendChild(row);
    typedGrid.appendChild(head);
    eachCaseInItsCategory(typedGrid, kept, K + 1, function (c, body) {
      var tr = el("tr");
      tr.appendChild(caseHeading(c));
      for (var k = 0; k !== K; k++) tr.appendChild(typedCell(c, t, k));
      body.appendChild(tr);
    });
    document.getElementById("typed-status").textContent =
      "Showing " + kept.length + " of " + data.cases.length + " cases with " + data.tokenizers[t] + ", forms " + data.pairs[state.typedPair] + ".";
  }
  function typedControls() {
    var box = document.getElementById("typed-controls");
    function choice(id, title, names, onChange) {
      var label = el("label", null, title + " "), select = el("select");
      select.id = id;
      names.forEach(function (name, i) { var option = el("option", null, name); option.value = i; select.appendChild(option); });
      select.addEventListener("change", function () { onChange(Number(select.value)); renderTyped(); });
      label.appendChild(select);
      box.appendChild(label);
    }
    choice("typed-tokenizer", "Tokenizer", data.tokenizers, function (t) { state.typedTokenizer = t; });
    if (P > 1) choice("typed-forms", "Forms", data.pairs, function (p) { state.typedPair = p; });
  }

  function showDetail(c, t) {
    var panel = document.getElementById("detail");
    panel.textContent = "";
    var kase = data.cases[c];
    var title = el("p", "title", kase[0] + " \u00B7 " + data.tokenizers[t]);
    panel.appendChild(title);
    var close = el("button", "close", "close");
    close.type = "button";
    close.addEventListener("click", function () { panel.hidden = true; });
    panel.appendChild(close);
    data.cells[c][t].forEach(function (entry) {
      var record = entry[1];
      var table = el("table"), caption = el("caption", null, "on " + engineNames(entry));
      table.appendChild(caption);
      var head = el("tr");
      ["forms", "document tokens", "query tokens"].concat(data.kinds).forEach(function (h) { head.appendChild(el("th", null, h)); });
      table.appendChild(head);
      for (var p = 0; p !== P; p++) {
        var tr = el("tr");
        tr.appendChild(el("th", null, data.pairs[p]));
        var d = el("td"); d.appendChild(chips(record[3][p])); tr.appendChild(d);
        var q = el("td"); q.appendChild(chips(record[4][p])); tr.appendChild(q);
        for (var k = 0; k !== K; k++) {
          var i = k * P + p, sub = subStatus(record, i);
          var td = el("td", sub, GLYPH[sub] + " " + verdict(record, i)), expression = pattern(record, i);
          if (expression !== null) {
            var code = el("code", "pattern");
            if (expression) code.appendChild(vis(expression)); else code.textContent = "no query";
            td.appendChild(code);
          }
          tr.appendChild(td);
        }
        table.appendChild(tr);
      }
      panel.appendChild(table);
    });
    if (data.cells[c][t].length === 0) panel.appendChild(el("p", "none", "No engine ran this tokenizer."));
    panel.hidden = false;
    close.focus();
  }

  // The side-by-side view: the first form pair's texts cut at every token boundary.
  function alignment(caption, text, streams) {
    var bytes = new TextEncoder().encode(text), decoder = new TextDecoder();
    var bounds = [0, bytes.length], unplaced = [];
    streams.forEach(function (s) {
      s.tokens.forEach(function (token) {
        if (token[1] >= 0 && token[1] <= token[2] && token[2] <= bytes.length) bounds.push(token[1], token[2]);
        else unplaced.push(s.name + " " + token[0] + " at " + token[1] + "-" + token[2]);
      });
    });
    bounds = bounds.filter(function (b, i) { return bounds.indexOf(b) === i; }).sort(function (a, b) { return a - b; });
    var index = {};
    bounds.forEach(function (b, i) { index[b] = i; });
    var segments = bounds.length - 1;
    var table = el("table", "align");
    table.appendChild(el("caption", null, caption));
    var src = el("tr");
    src.appendChild(el("th", null, "source"));
    for (var s = 0; s !== segments; s++) {
      var cell = el("td", "src");
      cell.appendChild(vis(decoder.decode(bytes.slice(bounds[s], bounds[s + 1]))));
      cell.title = "bytes " + bounds[s] + "-" + bounds[s + 1];
      src.appendChild(cell);
    }
    table.appendChild(src);
    streams.forEach(function (stream) {
      var lanes = [];
      stream.tokens.map(function (token, order) { return { token: token, order: order }; })
        .filter(function (x) { return x.token[1] >= 0 && x.token[1] <= x.token[2] && x.token[2] <= bytes.length; })
        .sort(function (a, b) { return a.token[1] - b.token[1] || a.token[2] - b.token[2] || a.order - b.order; })
        .forEach(function (x) {
          var start = index[x.token[1]];
          if (start === bounds.length - 1 && start > 0) start -= 1;
          var end = Math.max(index[x.token[2]], Math.min(start + 1, bounds.length - 1));
          var placed = { token: x.token, start: start, end: end };
          var lane = lanes.find(function (l) { return l[l.length - 1].end <= start; });
          if (lane) lane.push(placed); else lanes.push([placed]);
        });
      if (lanes.length === 0) lanes.push([]);
      lanes.forEach(function (lane, laneIndex) {
        var tr = el("tr");
        if (laneIndex === 0) { var name = el("th", null, stream.name); name.rowSpan = lanes.length; tr.appendChild(name); }
        var column = 0;
        lane.forEach(function (placed) {
          if (placed.start > column) { var gap = el("td"); gap.colSpan = placed.start - column; tr.appendChild(gap); }
          var span = Math.max(placed.end - placed.start, 1), td = el("td", "t");
          td.colSpan = span;
          var tok = el("span", placed.token[3] ? "tok coloc" : "tok");
          tok.appendChild(vis(placed.token[0]));
          tok.title = "position " + placed.token[4] + ", bytes " + placed.token[1] + "-" + placed.token[2];
          td.appendChild(tok);
          tr.appendChild(td);
          column = placed.start + span;
        });
        if (column < segments) { var rest = el("td"); rest.colSpan = segments - column; tr.appendChild(rest); }
        table.appendChild(tr);
      });
    });
    var fragment = document.createDocumentFragment();
    fragment.appendChild(table);
    if (unplaced.length) fragment.appendChild(el("p", "warn", "Offsets outside the text: " + unplaced.join(", ")));
    return fragment;
  }

  function showTokens(c) {
    var target = document.getElementById("align");
    target.textContent = "";
    var kase = data.cases[c];
    var heading = el("h3");
    heading.appendChild(el("span", "id", kase[0] + " "));
    heading.appendChild(vis(kase[2]));
    if (kase[5][0]) heading.appendChild(el("span", "locale", " [" + kase[5][0] + "]"));
    heading.appendChild(el("span", "arrow", " \u2190 "));
    heading.appendChild(vis(kase[3]));
    if (kase[5][1]) heading.appendChild(el("span", "locale", " [" + kase[5][1] + "]"));
    target.appendChild(heading);
    var documents = [], queries = [];
    visibleTokenizers().forEach(function (t) {
      var entries = data.cells[c][t];
      entries.forEach(function (entry) {
        var name = data.tokenizers[t] + (entries.length > 1 ? "@" + engineNames(entry) : "");
        documents.push({ name: name, tokens: data.streams[entry[1][3][0]] });
        queries.push({ name: name, tokens: data.streams[entry[1][4][0]] });
      });
    });
    target.appendChild(alignment("document (" + data.pairs[0] + ")", kase[2], documents));
    target.appendChild(alignment("query (" + data.pairs[0] + ")", kase[3], queries));
    target.scrollIntoView();
  }

  function controls() {
    var box = document.getElementById("controls");
    var search = el("input");
    search.type = "search";
    search.id = "case-search";
    search.placeholder = "search cases";
    search.setAttribute("aria-label", "Search the cases' ids, texts and notes");
    search.addEventListener("input", function () { state.search = search.value.toLowerCase(); render(); });
    box.appendChild(search);

    var outcomes = el("fieldset", "outcomes");
    outcomes.appendChild(el("legend", null, "Cases"));
    [["all", "all"], ["failed", "with a failed expectation"], ["disagree", "where the engines differ"]].forEach(function (o) {
      var label = el("label"), radio = el("input");
      radio.type = "radio"; radio.name = "outcome"; radio.value = o[0]; radio.checked = o[0] === "all";
      radio.addEventListener("change", function () { state.outcome = o[0]; render(); });
      label.appendChild(radio);
      label.appendChild(document.createTextNode(" " + o[1]));
      outcomes.appendChild(label);
    });
    box.appendChild(outcomes);

    // A collapsible group of controls: the summary says what it holds.
    function group(className, title) {
      var details = el("details", className), fieldset = el("fieldset", className);
      details.appendChild(el("summary", null, title));
      fieldset.setAttribute("aria-label", title);
      details.appendChild(fieldset);
      box.appendChild(details);
      return fieldset;
    }

    var categories = group("categories", "Categories (" + data.categories.length + ")");
    data.categories.forEach(function (name, i) {
      var label = el("label"), check = el("input");
      check.type = "checkbox"; check.checked = true; check.value = name;
      check.addEventListener("change", function () { state.categories[i] = check.checked; render(); });
      label.appendChild(check);
      label.appendChild(document.createTextNode(" " + name));
      categories.appendChild(label);
    });

    var tokenizers = group("tokenizers", "Tokenizers: which, in which order (" + data.tokenizers.length + ")");
    var list = el("ol", "tokenizer-list");
    tokenizers.appendChild(list);
    function drawList() {
      list.textContent = "";
      state.order.forEach(function (t, position) {
        var item = el("li"), label = el("label"), check = el("input");
        check.type = "checkbox"; check.checked = state.shown[t]; check.value = data.tokenizers[t];
        check.addEventListener("change", function () { state.shown[t] = check.checked; render(); });
        label.appendChild(check);
        label.appendChild(document.createTextNode(" " + data.tokenizers[t]));
        item.appendChild(label);
        [["\u2191", -1, "earlier"], ["\u2193", 1, "later"]].forEach(function (m) {
          var move = el("button", "move", m[0]);
          move.type = "button";
          move.setAttribute("aria-label", "Move " + data.tokenizers[t] + " " + m[2]);
          move.disabled = position + m[1] === -1 || position + m[1] === state.order.length;
          move.addEventListener("click", function () {
            var other = position + m[1];
            state.order[position] = state.order[other];
            state.order[other] = t;
            drawList();
            render();
            // Keep the focus on the moved tokenizer: on the same button, or on the other
            // one when it reached an end of the list and this one is disabled.
            var buttons = list.children[other].querySelectorAll("button");
            var same = buttons[m[1] === -1 ? 0 : 1];
            (same.disabled ? buttons[m[1] === -1 ? 1 : 0] : same).focus();
          });
          item.appendChild(move);
        });
        list.appendChild(item);
      });
    }
    drawList();
    var all = el("button", null, "show all"), none = el("button", null, "show none");
    all.type = none.type = "button";
    all.addEventListener("click", function () { state.shown = state.shown.map(function () { return true; }); drawList(); render(); });
    none.addEventListener("click", function () { state.shown = state.shown.map(function () { return false; }); drawList(); render(); });
    tokenizers.appendChild(all);
    tokenizers.appendChild(none);
  }

  var grid = document.getElementById("grid");
  function activate(event) {
    var target = event.target.closest("td.cell, button.show-tokens");
    if (!target) return;
    if (target.tagName === "BUTTON") showTokens(Number(target.dataset.case));
    else showDetail(Number(target.dataset.case), Number(target.dataset.tokenizer));
  }
  [grid, typedGrid].forEach(function (table) {
    if (!table) return;
    table.addEventListener("click", activate);
    table.addEventListener("keydown", function (event) {
      if ((event.key === "Enter" || event.key === " ") && event.target.matches("td.cell")) { event.preventDefault(); activate(event); }
    });
  });
  if (typedGrid) typedControls();
  controls();
  render();
  // When the matrix is drawn, in milliseconds since navigation began (results/README.md).
  performance.mark("tokenbench-matrix-drawn");
  document.body.dataset.ready = "true";
})();

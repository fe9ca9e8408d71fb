"use strict";
const $ = (selector) => document.querySelector(selector);
function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}
function row(cells, header) {
  const tr = el("tr");
  for (const cell of cells) {
    const td = el(header ? "th" : "td");
    if (cell instanceof Node) td.appendChild(cell); else td.textContent = String(cell);
    tr.appendChild(td);
  }
  return tr;
}
function table(className, headers, rows) {
  const t = el("table", null, className);
  const head = el("thead");
  head.appendChild(row(headers, true));
  t.appendChild(head);
  const body = el("tbody");
  for (const r of rows) body.appendChild(r);
  t.appendChild(body);
  return t;
}
let setup = null;
let cases = [];
let generation = 0;
let timer = null;

function state() {
  return {
    document: $("#document").value,
    query: $("#query").value,
    tokenizers: $("#tokenizers").value.split("\n").map((s) => s.trim()).filter((s) => s.length > 0),
    engines: [...document.querySelectorAll("#engines input:checked")].map((i) => i.value),
    mode: $("#mode").value,
    locale: $("#locale").value.trim(),
    tokendata: $("#tokendata").checked,
    names: $("#names").checked,
  };
}
function queryString(fields) {
  const params = new URLSearchParams();
  for (const [name, value] of fields) params.append(name, value);
  return params.toString();
}
function saveState(s) {
  const fields = [["document", s.document], ["query", s.query], ["mode", s.mode]];
  if (s.locale) fields.push(["locale", s.locale]);
  if (s.tokendata) fields.push(["tokendata", "1"]);
  if (!s.names) fields.push(["names", "0"]);
  for (const t of s.tokenizers) fields.push(["tokenizer", t]);
  for (const e of s.engines) fields.push(["engine", e]);
  history.replaceState(null, "", "?" + queryString(fields));
}
function loadState() {
  const params = new URLSearchParams(location.search);
  $("#document").value = params.get("document") ?? "Herr Großmann wohnt in der Müllerstraße";
  $("#query").value = params.get("query") ?? "grossmann";
  const tokenizers = params.getAll("tokenizer");
  $("#tokenizers").value = (tokenizers.length ? tokenizers : setup.defaultTokenizers).join("\n");
  const engines = params.getAll("engine");
  for (const box of document.querySelectorAll("#engines input")) {
    box.checked = engines.length === 0 || engines.includes(box.value);
  }
  $("#mode").value = params.get("mode") ?? "document";
  $("#locale").value = params.get("locale") ?? "";
  $("#tokendata").checked = params.get("tokendata") === "1";
  $("#names").checked = params.get("names") !== "0";
  document.body.classList.toggle("hide-names", !$("#names").checked);
}
async function api(path, fields) {
  const response = await fetch(path + "?" + queryString(fields));
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? ("HTTP " + response.status));
  return body;
}
function pairFields(s) {
  // The locale goes with every request: the tokens and the verdicts are both under it.
  const fields = s.locale ? [["locale", s.locale]] : [];
  for (const t of s.tokenizers) fields.push(["tokenizer", t]);
  for (const e of s.engines) fields.push(["engine", e]);
  return fields;
}
function factsLine(label, facts) {
  const parts = [label + ": " + facts.bytes + " bytes"];
  if (!facts.utf8) parts.push("not valid UTF-8");
  else {
    parts.push(facts.nfc ? "already NFC" : "not NFC");
    parts.push(facts.nfd ? "already NFD" : "not NFD");
  }
  return el("p", parts.join(", "), "facts");
}
function codePointList(names) {
  return el("span", names.join(" · "));
}
function tokenTable(className, tokens) {
  const result = table(
    className, ["position", "token", "start", "end", "colocated", "code points"],
    tokens.map((t) => {
      const tr = row([t.position, t.token, t.start, t.end, t.colocated ? "yes" : "", codePointList(t.codePoints)]);
      ["position", "token", "start", "end", "colocated", "names"].forEach((c, i) => tr.children[i].className = c);
      return tr;
    }));
  result.querySelector("thead th:last-child").className = "names";
  return result;
}
function stageList(stages) {
  const list = el("ol", null, "stages");
  for (const stage of stages) {
    const item = el("li");
    item.appendChild(el("code", stage.spec));
    item.appendChild(document.createTextNode(": "));
    const tokens = stage.tokens.map((t) => (t.colocated ? "|" : " ") + t.token + " [" + t.start + "," + t.end + ")");
    item.appendChild(el("span", tokens.join("").trim(), "stage-tokens"));
    list.appendChild(item);
  }
  return list;
}
function skippedTable(skipped) {
  const result = table("skipped", ["start", "end", "bytes", "code points"],
    skipped.map((s) => {
      const tr = row([s.start, s.end, JSON.stringify(s.text), codePointList(s.codePoints)]);
      tr.children[3].className = "names";
      return tr;
    }));
  result.querySelector("thead th:last-child").className = "names";
  return result;
}
function runs(list) {
  const span = el("span", null, "text");
  if (!list) { span.textContent = "—"; return span; }
  for (const run of list) span.appendChild(run.marked ? el("mark", run.text) : document.createTextNode(run.text));
  return span;
}
function verdictTable(cells) {
  return table("verdicts", ["query kind", "document form", "query form", "MATCH", "verdict", "highlight()", "snippet()", "matched tokens (xInstToken)"],
    cells.map((c) => {
      const tr = row([c.queryKind, c.documentForm, c.queryForm, c.matchExpression, c.verdict, runs(c.highlight), runs(c.snippet), instances(c.matchedTokens)]);
      tr.children[4].className = "verdict verdict-" + c.verdictCode;
      return tr;
    }));
}
// Each phrase instance's document tokens: the key, and its data after a NUL in brackets.
function instances(list) {
  if (!list) return "";
  return list.map((i) => i.tokens.map((t) => t.key + (t.data !== undefined ? " [" + t.data + "]" : "")).join(" ")).join("; ");
}
function joined(tokens) {
  return tokens.map((t, i) => (i === 0 ? "" : t.colocated ? "|" : " ") + t.token).join("");
}
// The summary shows the bench's own phrase and prefix verdicts; each pair's section has the app's
// query kinds too, with their patterns.
const benchKinds = ["phrase", "prefix"];
function summaryTable(documentTokens, queryTokens, match) {
  const cells = (match ? (match.results.find((m) => m.cells) ?? {}).cells ?? [] : [])
    .filter((c) => benchKinds.includes(c.queryKind));
  const headers = ["tokenizer", "engine", "document tokens", "query tokens",
    ...cells.map((c) => c.queryKind + " " + c.documentForm + ":" + c.queryForm)];
  const rows = documentTokens.results.map((d, index) => {
    const q = queryTokens ? queryTokens.results[index] : null;
    const m = match ? match.results[index] : null;
    if (d.unsupported) return row([d.tokenizer, d.engine, "not run: " + d.unsupported, "", ...cells.map(() => "")]);
    const own = m && m.cells ? m.cells.filter((c) => benchKinds.includes(c.queryKind)) : [];
    const tr = row([d.tokenizer, d.engine, joined(d.tokens), q && q.tokens ? joined(q.tokens) : "",
      ...cells.map((_, i) => own[i] ? own[i].verdict : "")]);
    tr.children[2].className = "tokens";
    tr.children[3].className = "tokens";
    own.forEach((c, i) => { tr.children[4 + i].className = "verdict verdict-" + c.verdictCode; });
    return tr;
  });
  return table("summary", headers, rows);
}
function render(s, documentTokens, queryTokens, match) {
  const results = $("#results");
  results.replaceChildren();
  results.appendChild(factsLine("Document", documentTokens.text));
  if (queryTokens) results.appendChild(factsLine("Query", queryTokens.text));
  results.appendChild(el("h2", "Summary"));
  results.appendChild(summaryTable(documentTokens, queryTokens, match));
  const pairs = el("div");
  pairs.id = "pairs";
  results.appendChild(pairs);
  documentTokens.results.forEach((d, index) => {
    const section = el("section", null, "pair");
    section.dataset.tokenizer = d.tokenizer;
    section.dataset.engine = d.engine;
    section.appendChild(el("h2", d.tokenizer + " on " + d.engine + (d.spec !== d.tokenizer ? " (" + d.spec + ")" : "")));
    if (d.unsupported) {
      section.appendChild(el("p", "This engine does not run it: " + d.unsupported, "unsupported"));
      pairs.appendChild(section);
      return;
    }
    section.appendChild(el("h3", "Document tokens (" + documentTokens.mode + ")"));
    section.appendChild(tokenTable("document-tokens", d.tokens));
    if (d.stages.length > 1) {
      section.appendChild(el("h3", "Stage by stage"));
      section.appendChild(stageList(d.stages));
    }
    if (d.skipped.length > 0) {
      section.appendChild(el("h3", "Bytes no token covers"));
      section.appendChild(skippedTable(d.skipped));
    }
    const q = queryTokens ? queryTokens.results[index] : null;
    if (q && q.tokens) {
      section.appendChild(el("h3", "Query tokens (query)"));
      section.appendChild(tokenTable("query-tokens", q.tokens));
      if (q.stages.length > 1) section.appendChild(stageList(q.stages));
    }
    const m = match ? match.results[index] : null;
    if (m && m.cells) {
      section.appendChild(el("h3", "Verdicts"));
      section.appendChild(verdictTable(m.cells));
    }
    pairs.appendChild(section);
  });
}
async function update() {
  const s = state();
  saveState(s);
  const mine = ++generation;
  const status = $("#status");
  status.className = "";
  status.textContent = "Running…";
  try {
    const pairs = pairFields(s);
    const [documentTokens, queryTokens, match] = await Promise.all([
      api("/api/tokens", [["text", s.document], ["mode", s.mode], ...pairs]),
      s.query ? api("/api/tokens", [["text", s.query], ["mode", "query"], ...pairs]) : null,
      s.query ? api("/api/match", [["document", s.document], ["query", s.query], ...(s.tokendata ? [["tokendata", "1"]] : []), ...pairs]) : null,
    ]);
    if (mine !== generation) return;
    render(s, documentTokens, queryTokens, match);
    status.textContent = documentTokens.results.length + " tokenizer × engine pairs.";
  } catch (error) {
    if (mine !== generation) return;
    $("#results").replaceChildren();
    status.className = "error";
    status.textContent = error.message;
  } finally {
    if (mine === generation) document.body.dataset.generation = String(mine);
  }
}
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 250);
}
async function start() {
  setup = await (await fetch("/api/setup")).json();
  cases = await (await fetch("/api/cases")).json();
  for (const engine of setup.engines) {
    const label = el("label");
    const box = el("input");
    box.type = "checkbox";
    box.value = engine.name;
    label.appendChild(box);
    label.appendChild(document.createTextNode(" " + engine.name + " (SQLite " + engine.version + ")"));
    $("#engines").appendChild(label);
  }
  for (const mode of setup.modes) $("#mode").appendChild(el("option", mode)).value = mode;
  cases.forEach((c, index) => {
    const option = el("option", c.category + " · " + c.id + ": " + c.document + " / " + c.query);
    option.value = String(index);
    $("#case").appendChild(option);
  });
  loadState();
  $("#case").addEventListener("change", () => {
    const chosen = cases[Number($("#case").value)];
    if (!chosen) return;
    $("#document").value = chosen.document;
    $("#query").value = chosen.query;
    $("#locale").value = chosen.locale ?? "";
    update();
  });
  $("#names").addEventListener("change", () => document.body.classList.toggle("hide-names", !$("#names").checked));
  $("#form").addEventListener("input", (event) => { if (event.target.id !== "case") schedule(); });
  $("#form").addEventListener("submit", (event) => { event.preventDefault(); update(); });
  document.body.dataset.ready = "1";
  await update();
}
start().catch((error) => { $("#status").className = "error"; $("#status").textContent = error.message; });

#!/usr/bin/env python3
"""The bare loop `tokenbench matrix` is measured against (Documentation/Commands.md, "The matrix at scale"): Python's
sqlite3 module on the system SQLite doing the same CREATE / INSERT / MATCH work for one tokenizer
over a fixture CSV, for each document:query form pair, phrase and prefix queries, without
recording tokens.

    python3 python-loop.py normalization-100k.csv [TOKENIZER] [FORM_PAIRS]"""
import csv, sqlite3, sys, time, unicodedata

path = sys.argv[1]
tokenizer = sys.argv[2] if len(sys.argv) > 2 else "ascii"
form_pairs = [pair.split(":") for pair in (sys.argv[3] if len(sys.argv) > 3 else "asis:asis,nfc:nfd,nfd:nfc").split(",")]
# The fixture doubles a literal backslash (TokenBench reads backslash escapes): undo that.
cases = [{key: value.replace("\\\\", "\\") for key, value in row.items()}
         for row in csv.DictReader(open(path, encoding="utf-8", newline=""))]


def apply(form, text):
    return text if form == "asis" else unicodedata.normalize(form.upper(), text)


def phrase(text):
    return '"' + text.replace('"', '""') + '"'


start = time.perf_counter()
db = sqlite3.connect(":memory:")
matched = 0
for document_form, query_form in form_pairs:
    db.execute("DROP TABLE IF EXISTS t")
    db.execute(f"CREATE VIRTUAL TABLE t USING fts5(body, tokenize = '{tokenizer}')")
    with db:
        db.executemany("INSERT INTO t(rowid, body) VALUES (?, ?)",
                       ((index + 1, apply(document_form, case["document"])) for index, case in enumerate(cases)))
    for index, case in enumerate(cases):
        query = apply(query_form, case["query"])
        for expression in (phrase(query), phrase(query) + " *"):
            try:
                matched += db.execute("SELECT EXISTS (SELECT 1 FROM t WHERE t MATCH ? AND rowid = ?)",
                                      (expression, index + 1)).fetchone()[0]
            except sqlite3.OperationalError:
                pass
elapsed = time.perf_counter() - start
print(f"{len(cases)} cases x {len(form_pairs)} form pairs x 2 query kinds through {tokenizer}: "
      f"{elapsed:.2f} s, {matched} matches (SQLite {sqlite3.sqlite_version})")

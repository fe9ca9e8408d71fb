#!/usr/bin/env python3
"""Independent FTS5 index size with Python's sqlite3 (system SQLite) vs tokenbench's index_bytes.

Usage: python3 check-index-bytes.py [corpus.jsonl] [summary.csv]
"""
import csv, json, sqlite3, sys

corpus = sys.argv[1] if len(sys.argv) > 1 else "/tmp/qverify/manbeir/corpus.jsonl"
summary = sys.argv[2] if len(sys.argv) > 2 else "/tmp/qverify/summary_beir.csv"
docs = [json.loads(l) for l in open(corpus, encoding="utf-8")]
print("sqlite", sqlite3.sqlite_version, "docs", len(docs))

bench = {}
import os
for r in (csv.DictReader(open(summary, newline="")) if os.path.exists(summary) else []):
    if True:
        if r["engine"] == "system":
            bench[(r["tokenizer"], r["detail"])] = (r.get("index_bytes"), r.get("content_bytes"))

res = {}
print(f"{'tokenizer':10} {'detail':6} {'py index':>12} {'bench index':>12} {'py content':>12} {'bench content':>13}")
for tok in ("unicode61", "porter", "trigram", "ascii"):
    for detail in ("full", "none"):
        con = sqlite3.connect(":memory:")
        con.execute(f"CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, text, tokenize='{tok}', detail={detail})")
        con.executemany("INSERT INTO docs(id, title, text) VALUES (?,?,?)",
                        [(d["_id"], d.get("title", ""), d.get("text", "")) for d in docs])
        con.execute("INSERT INTO docs(docs) VALUES('optimize')")
        con.commit()
        idx = con.execute("SELECT sum(pgsize) FROM dbstat WHERE name IN ('docs_data','docs_idx')").fetchone()[0]
        cnt = con.execute("SELECT sum(pgsize) FROM dbstat WHERE name='docs_content'").fetchone()[0]
        con.close()
        res[(tok, detail)] = (idx, cnt)
        b = bench.get((tok, detail), (None, None))
        print(f"{tok:10} {detail:6} {idx:12} {str(b[0]):>12} {cnt:12} {str(b[1]):>13}"
              + ("" if b[0] is None or int(b[0]) == idx else "   INDEX MISMATCH")
              + ("" if b[1] is None or b[1] == "" or int(b[1]) == cnt else "   CONTENT MISMATCH"))
for d in ("full", "none"):
    print(f"trigram/unicode61 ({d}): {res[('trigram', d)][0] / res[('unicode61', d)][0]:.2f}x")
for t in ("unicode61", "porter", "trigram", "ascii"):
    print(f"{t}: none/full = {res[(t, 'none')][0] / res[(t, 'full')][0]:.2f}")

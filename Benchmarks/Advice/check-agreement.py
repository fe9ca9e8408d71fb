#!/usr/bin/env python3
"""Recompute `tokenbench advise --agreement` from the TREC run files and the query log alone.

An oracle that shares no code with the bench: it reads the log as Advice.md defines it (QUERY or
QUERY<TAB>COUNT a line; the same trimmed query on several lines counts once with its counts added;
ids Q00001… in order of first appearance), takes each query's first ten documents of each run file
by rank, and computes Jaccard@10, RBO@10 (p = 0.9) and the frequency-weighted overlap, averaged
over the queries for which at least one run returns something, weighted by count. Exits 1 naming
the first row that differs by more than 1e-9, 0 when every row agrees.
    python3 Benchmarks/Advice/check-agreement.py LOG RUN_DIR AGREEMENT_CSV
"""
import csv, os, sys

log_path, run_dir, agreement_path = sys.argv[1:4]

order, counts = [], {}
with open(log_path, "rb") as f:
    for raw in f.read().split(b"\n"):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            continue
        line = line.rstrip("\r")
        query, count = line, 1
        if "\t" in line:
            query, count = line.rsplit("\t", 1)
            count = int(count.strip())
        query = query.strip(" ")
        if not query:
            continue
        if query not in counts:
            order.append(query)
            counts[query] = 0
        counts[query] += count
weights = {"Q%05d" % (i + 1): counts[q] for i, q in enumerate(order)}

def top10(name):
    ranked = {}
    with open(os.path.join(run_dir, name)) as f:
        for line in f:
            qid, _, doc, rank, _score, _tag = line.split()
            ranked.setdefault(qid, []).append((int(rank), doc))
    return {q: [d for _, d in sorted(docs)][:10] for q, docs in ranked.items()}

def jaccard(a, b):
    union = set(a) | set(b)
    return len(set(a) & set(b)) / len(union) if union else 1.0

def rbo(a, b, p=0.9):
    total = 0.0
    for d in range(1, 11):
        sa, sb = set(a[:d]), set(b[:d])
        larger = max(len(sa), len(sb))
        if larger:
            total += p ** (d - 1) * len(sa & sb) / larger
    return (1 - p) / (1 - p ** 10) * total

def frequency_weighted(a, b):
    wa = {x: a.count(x) / len(a) for x in a}
    wb = {x: b.count(x) / len(b) for x in b}
    mass = lambda ids: sum((wa.get(x, 0) + wb.get(x, 0)) / 2 for x in ids)
    union = set(a) | set(b)
    return mass(set(a) & set(b)) / mass(union) if union else 1.0

cache = {}
failures = 0
with open(agreement_path, newline="") as f:
    for row in csv.DictReader(f):
        for name in (row["run_a"], row["run_b"]):
            if name not in cache:
                cache[name] = top10(name)
        a, b = cache[row["run_a"]], cache[row["run_b"]]
        sums, total, queries = [0.0, 0.0, 0.0], 0, 0
        for qid, weight in weights.items():
            la, lb = a.get(qid, []), b.get(qid, [])
            if not la and not lb:
                continue
            for i, f_ in enumerate((jaccard, rbo, frequency_weighted)):
                sums[i] += weight * f_(la, lb)
            total += weight
            queries += 1
        expected = [s / max(total, 1) for s in sums]
        got = [float(row["jaccard@10"]), float(row["rbo@10"]), float(row["frequency_weighted@10"])]
        if int(row["queries"]) != queries or any(abs(x - y) > 1e-9 for x, y in zip(expected, got)):
            print(f"{row['run_a']} vs {row['run_b']}: expected {expected} over {queries} queries, "
                  f"the CSV has {got} over {row['queries']}")
            failures += 1
print(f"{failures} of the rows differ" if failures else "every row agrees")
sys.exit(1 if failures else 0)

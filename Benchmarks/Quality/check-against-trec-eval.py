#!/usr/bin/env python3
"""Recompute every summary row's metrics from its run file with pytrec_eval (trec_eval's own
code) and ir_measures, which TokenBench does not depend on: pip install ir_measures
pytrec-eval-terrier, in a virtual environment of your own.

Usage: check-against-trec-eval.py SUMMARY.csv RUNDIR QRELS.trec QUERIES(.tsv|.jsonl) [PQ.csv] [OUT_PREFIX]
Writes OUT_PREFIX_rows.csv (all values) and OUT_PREFIX_mismatches.csv; prints a report.
"""
import collections, csv, json, math, os, sys
import pytrec_eval, ir_measures
from ir_measures import nDCG, RR, R, P

summary_path, rundir, qrels_path, queries_path = sys.argv[1:5]
pq_path = sys.argv[5] if len(sys.argv) > 5 else None
out_prefix = sys.argv[6] if len(sys.argv) > 6 else "/tmp/qverify/metrics"
DEC = 4

qrels = collections.defaultdict(dict)
for line in open(qrels_path, encoding="utf-8"):
    p = line.split()
    if len(p) == 4:
        qrels[p[0]][p[2]] = int(p[3])
if queries_path.endswith(".jsonl"):
    qids = [json.loads(l)["_id"] for l in open(queries_path, encoding="utf-8")]
else:
    qids = [l.split("\t", 1)[0] for l in open(queries_path, encoding="utf-8") if l.strip()]
EVALQ = sorted(set(qrels) & set(qids))  # trec_eval -c over judged queries of the queries file
print(f"queries {len(qids)}, qrels queries {len(qrels)}, evaluated {len(EVALQ)}")
qrels = {q: qrels[q] for q in EVALQ}

def read_run(path):
    run = collections.defaultdict(dict)
    rankcol = collections.defaultdict(list)
    for line in open(path, encoding="utf-8"):
        q, _, d, rank, score, _tag = line.split()
        run[q][d] = float(score)
        rankcol[q].append((int(rank), d))
    return run, rankcol

def trec_order(docs):  # score desc, docno desc (trec_eval's ordering, rank column ignored)
    return sorted(docs.items(), key=lambda x: (x[1], x[0]), reverse=True)

M_MAIN = {"ndcg_cut_10": "nDCG@10", "recall_10": "R@10", "recall_100": "R@100", "P_1": "P@1"}
ev_main = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut.10", "recall.10", "recall.100", "P.1"})
ev_rr = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"})
IRM = [nDCG @ 10, RR @ 10, R @ 10, R @ 100, P @ 1]
IRM_NAME = {str(m): n for m, n in zip(IRM, ["nDCG@10", "RR@10", "R@10", "R@100", "P@1"])}

def trec_eval_perq(run):
    run = {q: v for q, v in run.items() if q in qrels}
    res = ev_main.evaluate(run)
    top10 = {q: dict(trec_order(v)[:10]) for q, v in run.items()}
    rr = ev_rr.evaluate(top10)
    out = {}
    for q in EVALQ:
        r = res.get(q, {})
        d = {name: r.get(k, 0.0) for k, name in M_MAIN.items()}
        d["RR@10"] = rr.get(q, {}).get("recip_rank", 0.0)
        out[q] = d
    return out

def mean(vals):
    return sum(vals) / len(vals) if vals else 0.0

METRICS = ["nDCG@10", "RR@10", "R@10", "R@100", "P@1"]
rows_out, mism = [], []
perq_cache = {}
tie_stats = {}
with open(summary_path, newline="") as f:
    summary = list(csv.DictReader(f))
print("summary columns:", list(summary[0].keys()))
for row in summary:
    key = "/".join(row[k] for k in ("tokenizer", "engine", "query_kind", "detail"))
    run, rankcol = read_run(os.path.join(rundir, row["run_file"]))
    # does the rank column agree with trec_eval's (score desc, docno desc) order?
    diff_q = 0
    for q, lst in rankcol.items():
        mine = [d for _, d in sorted(lst)]
        te = [d for d, _ in trec_order(run[q])]
        if mine != te:
            diff_q += 1
    tie_stats[key] = diff_q
    pq = trec_eval_perq(run)
    perq_cache[key] = pq
    te = {m: mean([pq[q][m] for q in EVALQ]) for m in METRICS}
    irm_run = {q: v for q, v in run.items()}
    irm = {IRM_NAME[str(k)]: v for k, v in ir_measures.calc_aggregate(IRM, qrels, irm_run).items()}
    rec = {"row": key, "run_file": row["run_file"], "rank_order_differs_queries": diff_q}
    for m in METRICS:
        b = float(row[m])
        rec[f"bench {m}"] = b
        rec[f"trec {m}"] = te[m]
        rec[f"irm {m}"] = irm[m]
        if round(b, DEC) != round(te[m], DEC) or round(b, DEC) != round(irm[m], DEC):
            mism.append({"row": key, "metric": m, "bench": f"{b:.6f}", "trec_eval": f"{te[m]:.6f}",
                         "ir_measures": f"{irm[m]:.6f}"})
    rows_out.append(rec)

with open(out_prefix + "_rows.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows_out[0].keys()))
    w.writeheader(); w.writerows(rows_out)
with open(out_prefix + "_mismatches.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=["row", "metric", "bench", "trec_eval", "ir_measures"])
    w.writeheader(); w.writerows(mism)
print(f"rows {len(rows_out)}, aggregate mismatches at {DEC} d.p.: {len(mism)}")
for m in mism:
    print("  ", m)
print("queries whose rank-column order differs from trec_eval order (ties):",
      {k: v for k, v in tie_stats.items() if v})

# per-query check against the per-query CSV
if pq_path:
    bad = collections.Counter(); n = 0; examples = []
    seen = collections.defaultdict(set)
    with open(pq_path, newline="") as f:
        rd = csv.DictReader(f)
        print("per-query columns:", rd.fieldnames)
        for r in rd:
            key = "/".join(r[k] for k in ("tokenizer", "engine", "query_kind", "detail"))
            q = r["query_id"]
            seen[key].add(q)
            if key not in perq_cache or q not in perq_cache[key]:
                continue
            n += 1
            for m in METRICS:
                if m not in r or r[m] == "":
                    continue
                if abs(float(r[m]) - perq_cache[key][q][m]) > 5e-5:
                    bad[(key, m)] += 1
                    if len(examples) < 20:
                        examples.append((key, q, m, r[m], perq_cache[key][q][m], r.get("status"), r.get("first_relevant_rank")))
    print(f"per-query rows compared: {n}; mismatching (row,metric) counts: {dict(bad) if bad else 'none'}")
    for e in examples:
        print("   ", e)
    for key in perq_cache:
        missing = set(EVALQ) - seen[key]
        if missing:
            print(f"   {key}: {len(missing)} evaluated queries absent from per-query CSV")

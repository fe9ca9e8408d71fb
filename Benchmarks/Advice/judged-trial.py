#!/usr/bin/env python3
"""Check `tokenbench advise` against judged collections built another way (issue 58's done-when).

For each corpus, `advise` recommends a (tokenizer, query kind) from the documents alone; then
`quality` scores every candidate with the same query kinds on the corpus's own judged queries,
and the advised pair's nDCG@10 is compared with the best pair's. The corpora are this machine's
manual pages by language, each page's NAME description its judged query, from
Benchmarks/Quality/make-man-collection.py (OUT/plain) and make-cjk-collection.py:

    python3 Benchmarks/Quality/make-man-collection.py /tmp/qverify
    python3 Benchmarks/Quality/make-cjk-collection.py /tmp/cjk-collection
    swift build -c release --product tokenbench
    python3 Benchmarks/Advice/judged-trial.py [--corpus fr] [--engine system] [--work DIR]

Prints a Markdown row per corpus: documents, the advised pair and its nDCG@10, the best pair and
its nDCG@10, the gap, whether it is within 0.03, and how long `advise` took. Nothing here decides
anything: the advice is `advise`'s, the figures `quality`'s.
"""
import argparse, csv, io, json, os, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GROUPS = {  # corpus name: the man pages' language directories
    "de": ["de"], "fr": ["fr"], "es-it-pt": ["es", "it", "pt"], "sv-nl": ["sv", "nl"], "en": ["en"],
    "cjk": ["zh_CN", "zh_TW", "ja", "ko"],
}
KINDS = ["typed-all", "typed-prefixes", "grdb-all"]


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t", 1) for line in f if line.strip()]


def load(args, name):
    """The corpus's documents (JSON objects), queries ((id, text)) and judgments (TREC lines)."""
    if name == "cjk":
        base = args.cjk
        queries_file = os.path.join(base, f"queries-{args.cjk_queries}.tsv")
    else:
        base = os.path.join(args.man, "plain")
        queries_file = os.path.join(base, "queries.tsv")
    langs = GROUPS[name]
    with open(os.path.join(base, "documents.jsonl"), encoding="utf-8") as f:
        docs = [json.loads(line) for line in f if line.strip()]
    docs = [d for d in docs if d["_id"].split("/", 1)[0] in langs]
    ids = {d["_id"] for d in docs}
    qrels = []
    with open(os.path.join(base, "qrels.trec"), encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if len(fields) == 4 and fields[2] in ids:
                qrels.append(line.strip())
    judged = {line.split()[0] for line in qrels}
    queries = [(q, t) for q, t in read_tsv(queries_file) if q in judged]
    return docs, queries, qrels


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command[:2])} failed ({result.returncode}): {result.stderr.strip()[-2000:]}")
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--man", default="/tmp/qverify")
    parser.add_argument("--cjk", default="/tmp/cjk-collection")
    parser.add_argument("--cjk-queries", choices=["as-written", "two-char"], default="as-written",
                        help="the CJK descriptions as the translators wrote them, or cut into two-character words")
    parser.add_argument("--corpus", action="append", choices=list(GROUPS))
    parser.add_argument("--engine", default="system")
    parser.add_argument("--work", default="/tmp/judged-trial")
    parser.add_argument("--tokenbench", default=os.path.join(ROOT, ".build/release/tokenbench"))
    parser.add_argument("--also", action="append", default=[], metavar="SPEC",
                        help="a candidate beside the default ones (given to both commands)")
    args = parser.parse_args()
    print("| corpus | documents | advised | its nDCG@10 | best nDCG@10 | gap | within 0.03 | advise |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.corpus or list(GROUPS):
        work = os.path.join(args.work, name)
        os.makedirs(work, exist_ok=True)
        docs, queries, qrels = load(args, name)
        documents = os.path.join(work, "documents.jsonl")
        with open(documents, "w", encoding="utf-8") as f:
            for d in docs:
                f.write(json.dumps({"_id": d["_id"], "title": d.get("title", ""), "text": d["text"]},
                                   ensure_ascii=False) + "\n")
        with open(os.path.join(work, "queries.tsv"), "w", encoding="utf-8") as f:
            f.writelines(f"{q}\t{t}\n" for q, t in queries)
        with open(os.path.join(work, "qrels.trec"), "w", encoding="utf-8") as f:
            f.writelines(line + "\n" for line in qrels)

        started = time.monotonic()
        command = [args.tokenbench, "advise", "--documents", documents, "--engine", args.engine]
        if args.also:  # the default candidates, as `list` gives them, then the others
            listed = run([args.tokenbench, "list", "--engine", args.engine]).stdout
            defaults = [r["spec"] for r in csv.DictReader(io.StringIO(listed)) if r.get("supported", "yes") == "yes"]
            for spec in defaults + args.also:
                command += ["--tokenizer", spec]
        advice = run(command)
        seconds = time.monotonic() - started
        with open(os.path.join(work, "advice.csv"), "w", encoding="utf-8") as f:
            f.write(advice.stdout)
        rows = list(csv.DictReader(io.StringIO(advice.stdout)))
        specs = list(dict.fromkeys(r["spec"] for r in rows if r["variant"] == "all"))
        advised = next(r for r in rows if r["variant"] == "all" and r["advice"] == "recommended")

        command = [args.tokenbench, "quality", "--documents", documents,
                   "--queries", os.path.join(work, "queries.tsv"), "--qrels", os.path.join(work, "qrels.trec"),
                   "--engine", args.engine, "--jobs", "2"]  # two tables at a time: nDCG@10 needs no quiet timings
        for spec in specs:
            command += ["--tokenizer", spec]
        for kind in KINDS:
            command += ["--query-kind", kind]
        quality = run(command)
        with open(os.path.join(work, "quality.csv"), "w", encoding="utf-8") as f:
            f.write(quality.stdout)
        scored = [r for r in csv.DictReader(io.StringIO(quality.stdout)) if r["nDCG@10"]]
        best = max(scored, key=lambda r: float(r["nDCG@10"]))
        mine = next(r for r in scored
                    if r["spec"] == advised["spec"] and r["query_kind"] == advised["query_kind"])
        gap = float(best["nDCG@10"]) - float(mine["nDCG@10"])
        print(f"| {name} | {len(docs)} | `{advised['spec']}`, {advised['query_kind']} | {float(mine['nDCG@10']):.3f} "
              f"| {float(best['nDCG@10']):.3f} (`{best['spec']}`, {best['query_kind']}) | {gap:.3f} "
              f"| {'yes' if gap <= 0.03 else 'no'} | {seconds:.0f} s |", flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Build a known-item test collection from the man pages under /usr/share/man.

Writes OUT/manbeir (BEIR) and OUT/plain (documents.jsonl, queries.tsv, qrels.trec) plus
OUT/collection_stats.json; OUT is the first argument, /tmp/qverify by default. Each page is a
document without its NAME section; its NAME description is the query that should find it
(a known item). Deterministic (seeded) for the same man pages.
    python3 Benchmarks/Quality/make-man-collection.py [OUT]
"""
import collections, gzip, json, os, random, re, signal, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

MAN = "/usr/share/man"
OUT = sys.argv[1] if len(sys.argv) > 1 else "/tmp/qverify"
LANGS = ["de", "fr", "es", "it", "nl", "pt", "sv"]
N_EN = 3000
SEED = 20240601
SEPS = [" - ", " — ", " – ", " − ", " ‐ ", " \u2011 "]

def is_so(path):
    try:
        op = gzip.open if path.endswith(".gz") else open
        with op(path, "rb") as f:
            data = f.read(4096)
    except Exception:
        return True
    lines = [l for l in data.decode("latin-1").splitlines()
             if l.strip() and not l.startswith(".\\\"") and not l.startswith("'\\\"")]
    return len(lines) <= 3 and any(l.startswith(".so ") for l in lines)

def pages(sub):
    """(relpath like man1/ls.1.gz, abspath) regular, non-.so files under sub."""
    res = []
    base = os.path.join(MAN, sub)
    for sec in sorted(os.listdir(base)):
        if not re.fullmatch(r"man[1-8]", sec):
            continue
        d = os.path.join(base, sec)
        for fn in sorted(os.listdir(d)):
            p = os.path.join(d, fn)
            if os.path.islink(p) or not os.path.isfile(p):
                continue
            if is_so(p):
                continue
            res.append((f"{sec}/{fn}", p))
    return res

def render(path):
    env = dict(os.environ, LC_ALL="C.UTF-8", MANWIDTH="80", MANROFFOPT="-rHY=0")
    # A session of its own, so that a timeout kills the whole pipeline (man, groff, troff, col):
    # killing only the shell once left a troff spinning for 50 minutes.
    with subprocess.Popen(f"man -l {shq(path)} 2>/dev/null | col -bx", shell=True, env=env,
                          stdout=subprocess.PIPE, start_new_session=True) as process:
        try:
            out, _ = process.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return ""
    return out.decode("utf-8", "replace")

def shq(s):
    return "'" + s.replace("'", "'\\''") + "'"

CTRL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")

def parse(rendered):
    """-> (heading, description, text_without_name_section) or None."""
    lines = CTRL.sub("", rendered).split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    if len(lines) < 3:
        return None
    i = next((k for k in range(1, len(lines)) if lines[k].strip() and not lines[k][0].isspace()), None)
    if i is None:
        return None
    j = next((k for k in range(i + 1, len(lines)) if lines[k].strip() and not lines[k][0].isspace()), len(lines))
    name_sec = " ".join(l.strip() for l in lines[i + 1:j] if l.strip())
    name_sec = re.sub(r"\s+", " ", name_sec).strip()
    desc = None
    for sep in SEPS:
        if sep in name_sec:
            desc = name_sec.split(sep, 1)[1].strip()
            break
    text = "\n".join(lines[:i] + lines[j:]).strip()
    return lines[i].strip(), desc, text

def title_of(fn):
    fn = fn[:-3] if fn.endswith(".gz") else fn
    return fn.rsplit(".", 1)[0] if "." in fn else fn

def main():
    rng = random.Random(SEED)
    loc = []
    for lang in LANGS:
        for rel, p in pages(lang):
            loc.append((lang, rel, p))
    en_all = pages("")
    en_all = [(r, p) for r, p in en_all if r.split("/")[0].startswith("man")]
    loc_rel = {rel for _, rel, _ in loc}
    must = [(r, p) for r, p in en_all if r in loc_rel]
    rest = [(r, p) for r, p in en_all if r not in loc_rel and "gcloud" not in r]
    gcl = [(r, p) for r, p in en_all if r not in loc_rel and "gcloud" in r]
    rng.shuffle(rest)
    rng.shuffle(gcl)
    # the ~16600 near-identical gcloud pages would swamp a random sample: cap them at ~10%
    n_g = N_EN // 10
    en = sorted(must + gcl[:n_g] + rest[:max(0, N_EN - len(must) - n_g)])
    todo = [("en", r, p) for r, p in en] + loc
    print(f"rendering {len(todo)} pages ({len(en)} en, {len(loc)} localized)", file=sys.stderr)
    with ThreadPoolExecutor(max_workers=4) as ex:
        outs = list(ex.map(lambda t: render(t[2]), todo))
    docs, skipped = [], collections.Counter()
    headings = collections.Counter()
    for (lang, rel, p), out in zip(todo, outs):
        if not out.strip():
            skipped["render-empty"] += 1
            continue
        pr = parse(out)
        if pr is None:
            skipped["parse"] += 1
            continue
        heading, desc, text = pr
        headings[(lang, heading)] += 1
        relid = rel[:-3] if rel.endswith(".gz") else rel
        docs.append(dict(_id=f"{lang}/{relid}", lang=lang, rel=relid,
                         title=title_of(rel.split("/")[1]), text=text, desc=desc or "",
                         heading=heading))
    ids = [d["_id"] for d in docs]
    assert len(ids) == len(set(ids)) and all(not re.search(r"\s", i) for i in ids)
    # queries: one per distinct description; shared descriptions -> all pages rel 1
    groups = collections.OrderedDict()
    for d in docs:
        if not d["desc"]:
            skipped["empty-description"] += 1
            continue
        groups.setdefault(d["desc"], []).append(d["_id"])
    queries, qrels = [], collections.OrderedDict()
    for desc, members in groups.items():
        if len(members) > 5:   # generic descriptions ("API function") shared by many pages: skip
            skipped["generic-description-pages"] += len(members)
            skipped["generic-descriptions"] += 1
            continue
        qid = "q-" + members[0]
        queries.append((qid, desc))
        qrels[qid] = [(m, 1) for m in members]
    byrel = collections.defaultdict(dict)
    for d in docs:
        byrel[d["rel"]][d["lang"]] = d["_id"]
    doc_by_id = {d["_id"]: d for d in docs}
    singles = [q for q, _ in queries if len(qrels[q]) == 1]
    # graded: ~10% of queries get a second judged document with relevance 2
    cand = []
    for q in singles:
        own = qrels[q][0][0]
        d = doc_by_id[own]
        others = byrel[d["rel"]]
        if d["lang"] != "en" and "en" in others:
            cand.append((q, others["en"]))  # localized query: English original rel 2
        elif d["lang"] == "en":
            alts = [others[l] for l in LANGS if l in others]
            if alts:
                cand.append((q, alts[0]))    # English query: a localized version rel 2
    rng.shuffle(cand)
    n_graded = round(0.10 * len(queries))
    graded = sorted(cand[:n_graded])
    for q, second in graded:
        qrels[q].append((second, 2))
    graded_q = {q for q, _ in graded}
    pool = [q for q in singles if q not in graded_q]
    rng.shuffle(pool)
    zero_q, unk_q, nojudg_q, onlyunk_q = pool[0:5], pool[5:10], pool[10:15], pool[15:17]
    for q in zero_q:                      # all judgments 0
        qrels[q] = [(m, 0) for m, _ in qrels[q]]
    for k, q in enumerate(unk_q):         # an extra judgment for an unknown doc id
        qrels[q].append((f"missing/man1/nosuchpage{k}.1", 1))
    for k, q in enumerate(onlyunk_q):     # only an unknown doc judged relevant
        qrels[q] = [(f"missing/man8/ghost{k}.8", 1)]
    for q in nojudg_q:                    # no judgments at all
        del qrels[q]
    # write
    os.makedirs(f"{OUT}/manbeir/qrels", exist_ok=True)
    os.makedirs(f"{OUT}/plain", exist_ok=True)
    for path in (f"{OUT}/manbeir/corpus.jsonl", f"{OUT}/plain/documents.jsonl"):
        with open(path, "w", encoding="utf-8") as f:
            for d in docs:
                f.write(json.dumps({"_id": d["_id"], "title": d["title"], "text": d["text"]},
                                   ensure_ascii=False) + "\n")
    for q, t in queries:
        assert "\t" not in t and "\n" not in t and t == t.strip()
    with open(f"{OUT}/manbeir/queries.jsonl", "w", encoding="utf-8") as f:
        for q, t in queries:
            f.write(json.dumps({"_id": q, "text": t}, ensure_ascii=False) + "\n")
    with open(f"{OUT}/plain/queries.tsv", "w", encoding="utf-8") as f:
        for q, t in queries:
            f.write(f"{q}\t{t}\n")
    with open(f"{OUT}/manbeir/qrels/test.tsv", "w", encoding="utf-8") as f:
        f.write("query-id\tcorpus-id\tscore\n")
        for q, js in qrels.items():
            for d, r in js:
                f.write(f"{q}\t{d}\t{r}\n")
    with open(f"{OUT}/plain/qrels.trec", "w", encoding="utf-8") as f:
        for q, js in qrels.items():
            for d, r in js:
                f.write(f"{q} 0 {d} {r}\n")
    stats = dict(
        documents=len(docs), docs_by_lang=collections.Counter(d["lang"] for d in docs),
        queries=len(queries), judged_queries=len(qrels),
        qrels_lines=sum(len(v) for v in qrels.values()),
        shared_description_queries=sum(1 for m in groups.values() if len(m) > 1),
        graded_queries=len(graded), all_zero_queries=zero_q, unknown_doc_extra=unk_q,
        only_unknown_doc=onlyunk_q, no_judgment_queries=nojudg_q,
        skipped=skipped, headings=collections.Counter(h for (_, h) in headings.elements()).most_common(25),
    )
    with open(f"{OUT}/collection_stats.json", "w") as f:
        json.dump(stats, f, indent=1, ensure_ascii=False)
    print(json.dumps(stats, indent=1, ensure_ascii=False))

if __name__ == "__main__":
    main()

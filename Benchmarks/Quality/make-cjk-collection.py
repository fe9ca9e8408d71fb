#!/usr/bin/env python3
"""Build a known-item collection from the Chinese, Japanese and Korean man pages of this machine.

Each page under /usr/share/man/{zh_CN,zh_TW,ja,ko} (Debian's translations, rendered with man) is
a document without its NAME section; its NAME description, written by the translator, is the
query that should find it. The description is written out twice, and nothing else differs:

  OUT/queries-as-written.tsv   the description as the translator wrote it: spaces only where
                               they put them, so a Chinese or Japanese one is usually one word
  OUT/queries-two-char.tsv     each run of Han, kana or Hangul cut into two-character pieces
                               (a lone last character stays alone), no dictionary involved:
                               a user typing short words, and no tokenizer's own segmentation

plus OUT/documents.jsonl and OUT/qrels.trec. Deterministic for the same man pages.
    python3 Benchmarks/Quality/make-cjk-collection.py [OUT]
"""
import collections, importlib.util, json, os, re, sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("man", os.path.join(HERE, "make-man-collection.py"))
man = importlib.util.module_from_spec(spec)
sys.argv, argv = sys.argv[:1], sys.argv  # the other script reads OUT from argv on import
spec.loader.exec_module(man)
sys.argv = argv

OUT = sys.argv[1] if len(sys.argv) > 1 else "/tmp/cjk-collection"
LANGS = ["zh_CN", "zh_TW", "ja", "ko"]
# Han, Hiragana, Katakana (with ー) and Hangul syllables: the runs the two-character cut splits.
CJK_RUN = re.compile(r"[\u3041-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7a3]+")


def two_char(description):
    def cut(match):
        run = match.group(0)
        return " " + " ".join(run[i:i + 2] for i in range(0, len(run), 2)) + " "
    return re.sub(r"\s+", " ", CJK_RUN.sub(cut, description)).strip()


def main():
    todo = [(lang, rel, path) for lang in LANGS for rel, path in man.pages(lang)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        rendered = list(pool.map(lambda t: man.render(t[2]), todo))
    documents, skipped = [], collections.Counter()
    for (lang, rel, _), out in zip(todo, rendered):
        parsed = man.parse(out) if out.strip() else None
        if parsed is None:
            skipped["unrendered"] += 1
            continue
        _, description, text = parsed
        rel = rel[:-3] if rel.endswith(".gz") else rel
        documents.append(dict(_id=f"{lang}/{rel}", lang=lang, title=man.title_of(rel.split("/")[1]),
                              text=text, description=description or ""))
    groups = collections.OrderedDict()
    for document in documents:
        # A description without any CJK character (left in English) tests nothing here.
        if not CJK_RUN.search(document["description"]):
            skipped["description-not-cjk"] += 1
            continue
        groups.setdefault(document["description"], []).append(document["_id"])
    os.makedirs(OUT, exist_ok=True)
    with open(f"{OUT}/documents.jsonl", "w", encoding="utf-8") as f:
        for d in documents:
            f.write(json.dumps({"_id": d["_id"], "title": d["title"], "text": d["text"]}, ensure_ascii=False) + "\n")
    with open(f"{OUT}/queries-as-written.tsv", "w", encoding="utf-8") as written, \
            open(f"{OUT}/queries-two-char.tsv", "w", encoding="utf-8") as cut, \
            open(f"{OUT}/qrels.trec", "w", encoding="utf-8") as qrels:
        for description, members in groups.items():
            qid = "q-" + members[0]
            written.write(f"{qid}\t{description}\n")
            cut.write(f"{qid}\t{two_char(description)}\n")
            for member in members:
                qrels.write(f"{qid} 0 {member} 1\n")
    by_lang = collections.Counter(d["lang"] for d in documents)
    stats = dict(documents=len(documents), queries=len(groups), by_language=by_lang, skipped=skipped)
    print(json.dumps(stats, ensure_ascii=False), file=sys.stderr)


if __name__ == "__main__":
    main()

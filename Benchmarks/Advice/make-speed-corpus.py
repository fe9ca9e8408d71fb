#!/usr/bin/env python3
"""Write the corpora that time `tokenbench advise` against issue 58's speed targets.

Documents: the paragraphs of this machine's manual pages (make-man-collection.py's OUT/plain),
white space collapsed, 60 bytes or more, shuffled with seed 58, the first N one a line (read with
`--documents-format lines`). Log: the first 1,000 page descriptions, one query a line.

    python3 Benchmarks/Quality/make-man-collection.py /tmp/qverify
    python3 Benchmarks/Advice/make-speed-corpus.py /tmp/qverify/plain /tmp/speed 10000 100000
    /usr/bin/time -v tokenbench advise --documents /tmp/speed/man-10k.txt --documents-format lines \
        --query-log /tmp/speed/log-1000.txt > advice.csv

The paragraphs depend on the manual pages installed, so figures from two machines compare only
roughly.
"""
import json, os, random, sys


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    collection, out, sizes = sys.argv[1], sys.argv[2], [int(n) for n in sys.argv[3:]]
    paragraphs = []
    with open(os.path.join(collection, "documents.jsonl"), encoding="utf-8") as f:
        for line in f:
            for paragraph in json.loads(line)["text"].split("\n\n"):
                paragraph = " ".join(paragraph.split())
                if len(paragraph.encode("utf-8")) >= 60:
                    paragraphs.append(paragraph)
    random.Random(58).shuffle(paragraphs)
    os.makedirs(out, exist_ok=True)
    for size in sizes:
        if size > len(paragraphs):
            sys.exit(f"only {len(paragraphs)} paragraphs of 60 bytes or more, not {size}")
        with open(os.path.join(out, f"man-{size // 1000}k.txt"), "w", encoding="utf-8") as f:
            f.writelines(p + "\n" for p in paragraphs[:size])
    with open(os.path.join(collection, "queries.tsv"), encoding="utf-8") as f:
        descriptions = [line.rstrip("\n").split("\t", 1)[1] for line in f if "\t" in line][:1000]
    with open(os.path.join(out, "log-1000.txt"), "w", encoding="utf-8") as f:
        f.writelines(d + "\n" for d in descriptions)
    print(json.dumps({"paragraphs": len(paragraphs), "written": sizes, "log": len(descriptions)}))


if __name__ == "__main__":
    main()

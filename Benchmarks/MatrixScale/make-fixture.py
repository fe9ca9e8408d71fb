#!/usr/bin/env python3
"""Writes a fixture CSV of COUNT match cases (default 100,000) from Unicode's NormalizationTest.txt:
each test line gives five forms of one string (source, NFC, NFD, NFKC, NFKD), and each case pairs
two of them as document and query, inside a word so that tokenizers see letters around them.

    python3 make-fixture.py [COUNT] > normalization-100k.csv

Reads /usr/share/unicode/NormalizationTest.txt(.bz2) from Debian's unicode-data package."""
import bz2, csv, os, sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
path = "/usr/share/unicode/NormalizationTest.txt"
lines = open(path, encoding="utf-8") if os.path.exists(path) else bz2.open(path + ".bz2", "rt", encoding="utf-8")
forms = []
for line in lines:
    line = line.split("#")[0].strip()
    if not line or line.startswith("@"):
        continue
    fields = line.split(";")[:5]
    forms.append(["".join(chr(int(cp, 16)) for cp in field.split()) for field in fields])
pairs = [(0, 1), (0, 2), (1, 2), (0, 3), (3, 4), (2, 4)]
writer = csv.writer(sys.stdout, lineterminator="\n")
writer.writerow(["id", "category", "document", "query"])
written = 0
for pair_index, (document, query) in enumerate(pairs):
    for line_index, row in enumerate(forms):
        if written == count:
            sys.exit(0)
        # TokenBench fixtures read backslash escapes (\u{HEX}): a literal backslash is doubled.
        text = [f"a{row[index]}b".replace("\\", "\\\\") for index in (document, query)]
        writer.writerow([f"nt-{line_index}-{document}{query}", "normalization", text[0], text[1]])
        written += 1

#!/usr/bin/env python3
"""Writes a fixture CSV of 100,000 match cases of real text: documents are distinct lines of Debian's
/usr/share/doc copyright and text files and of the manual pages' roff text (markup dropped), queries
two adjacent words of the same line (even cases) or of another line (odd ones).

    python3 make-realtext-fixture.py > realtext-100k.csv

The lines depend on the packages installed; the seed fixes the rest."""
import csv, glob, gzip, random, re, sys
random.seed(20261126)
lines = []
for path in sorted(glob.glob("/usr/share/doc/*/copyright")) + sorted(glob.glob("/usr/share/doc/*/*.txt")):
    try:
        for line in open(path, encoding="utf-8", errors="strict"):
            line = line.strip()
            if len(line.split()) >= 4 and "\\" not in line:
                lines.append(line)
    except (UnicodeDecodeError, OSError):
        pass
for path in sorted(glob.glob("/usr/share/man/man*/*.gz")):
    try:
        for line in gzip.open(path, "rt", encoding="utf-8", errors="strict"):
            if line.startswith((".", "'")):
                continue
            line = re.sub(r"\\f[BIRP]|\\f\(..|\\-|\\&|\\e", "", line).strip()
            if len(line.split()) >= 4 and "\\" not in line:
                lines.append(line)
    except (UnicodeDecodeError, OSError, EOFError):
        pass
lines = list(dict.fromkeys(lines))
random.shuffle(lines)
lines = lines[:100_000]
writer = csv.writer(sys.stdout, lineterminator="\n")
writer.writerow(["id", "category", "document", "query"])
for index, line in enumerate(lines):
    source = line if index % 2 == 0 else lines[(index * 7919) % len(lines)]
    words = re.findall(r"[A-Za-z]+", source)
    start = random.randrange(max(len(words) - 1, 1))
    query = " ".join(words[start:start + 2]) or "the"
    writer.writerow([f"doc-{index}", "realtext", line, query])
print(len(lines), file=sys.stderr)

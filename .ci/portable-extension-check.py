"""The portable loadable extension (built with the default traits off) against the full one.

    /usr/bin/python3 .ci/portable-extension-check.py FULL.so PORTABLE.so

Loads each library into Debian's own Python sqlite3 (a client no one here wrote) and checks:
- every tokenizer of the portable set stores exactly the tokens, at the same positions, that the
  full library's stores, on real text: the roff text of Debian's manual pages in eight languages,
  one FTS5 row per paragraph, read back through fts5vocab's instance table;
- each query of a word from those texts finds the same rows and highlights the same bytes, so
  query tokens and byte offsets agree too;
- the tokenizers that need ICU, MeCab or libstemmer are absent: SQLite says "no such tokenizer".
Prints one summary line per spec and exits 1 on the first difference.
"""

import gzip
import os
import re
import sqlite3
import sys

PORTABLE_SPECS = [
    "synonyms",
    "stopwords",
    "german",
    "cjk",
    "german porter unicode61",
    "synonyms porter",
    "stopwords trigram",
    "cjk unicode61 remove_diacritics 0",
    "german ascii",
    "stopwords unicode61 remove_diacritics 0",
]
ABSENT = ["icu", "translit", "latinascii", "nfkc", "japanese", "snowball english"]
# English and seven others: Latin, Cyrillic, Turkish dotted and dotless i, and the three CJK
# scripts, which `cjk` cuts into bigrams.
LANGUAGES = ["man1", "de/man1", "fr/man1", "ru/man1", "tr/man1", "ja/man1", "zh_CN/man1", "ko/man1"]
PAGES_PER_LANGUAGE = 12


def paragraphs(folder):
    """Text lines of the first pages of a manual folder, joined into paragraphs."""
    path = os.path.join("/usr/share/man", folder)
    texts = []
    for name in sorted(os.listdir(path))[:PAGES_PER_LANGUAGE]:
        with gzip.open(os.path.join(path, name), "rt", encoding="utf-8", errors="replace") as page:
            current = []
            for line in page:
                line = line.rstrip("\n")
                if line.startswith((".", "'")):
                    if current:
                        texts.append(" ".join(current))
                        current = []
                    continue
                current.append(re.sub(r"\\f[BIRP]|\\-|\\\(..|\\&|\\e", " ", line))
            if current:
                texts.append(" ".join(current))
    return [text for text in texts if text.strip()]


def connect(library):
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(library)
    db.enable_load_extension(False)
    return db


def stored(db, spec, texts):
    """The instance rows of a table of `texts`, and each query's rows and highlights."""
    db.execute("DROP TABLE IF EXISTS t")
    db.execute("DROP TABLE IF EXISTS v")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize = " + "'" + spec.replace("'", "''") + "')")
    db.executemany("INSERT INTO t(rowid, body) VALUES (?, ?)", enumerate(texts, start=1))
    db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)")
    instances = db.execute("SELECT doc, offset, term FROM v ORDER BY doc, offset, term").fetchall()
    answers = []
    for text in texts[:: max(len(texts) // 200, 1)]:
        words = re.findall(r"\w+", text)
        if not words:
            continue
        query = '"' + max(words, key=len).replace('"', '""') + '"'
        try:
            rows = db.execute(
                "SELECT rowid, highlight(t, 0, '[', ']') FROM t WHERE t MATCH ? ORDER BY rowid", (query,)
            ).fetchall()
        except sqlite3.Error as error:
            rows = [("error", str(error))]
        answers.append((query, rows))
    return instances, answers


def main():
    full, portable = connect(sys.argv[1]), connect(sys.argv[2])
    texts = [text for folder in LANGUAGES for text in paragraphs(folder)]
    for spec in PORTABLE_SPECS:
        expected, got = stored(full, spec, texts), stored(portable, spec, texts)
        if expected != got:
            for index, (a, b) in enumerate(zip(expected[0], got[0])):
                if a != b:
                    print(f"{spec}: instance {index} differs: full {a}, portable {b}")
                    break
            print(f"{spec}: the portable library's tokens differ from the full library's")
            return 1
        print(f"{spec}: {len(got[0])} stored tokens and {len(got[1])} queries identical on {len(texts)} paragraphs")
    for spec in ABSENT:
        try:
            portable.execute(f"CREATE VIRTUAL TABLE a USING fts5(x, tokenize = '{spec}')")
        except sqlite3.Error as error:
            if "no such tokenizer" not in str(error):
                print(f"{spec}: expected 'no such tokenizer', got: {error}")
                return 1
            print(f"{spec}: absent ({error})")
            continue
        print(f"{spec}: present in the portable library")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

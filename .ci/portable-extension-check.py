"""The portable loadable extension (built with the default traits off) against the full one.

    /usr/bin/python3 .ci/portable-extension-check.py FULL.so PORTABLE.so

Loads each library into Debian's own Python sqlite3 (a client no one here wrote), each in a
process of its own (SQLite loads an extension with RTLD_GLOBAL: in one process, the second
library's calls could bind to the first's code), and checks:
- every tokenizer of the portable set stores exactly the tokens, at the same positions, that the
  full library's stores, on real text: the roff text of Debian's manual pages in up to eight
  languages (those the machine has, at least four) and the repository's fixture texts, one FTS5
  row per paragraph, read back through fts5vocab's instance table;
- each query of a word from those texts finds the same rows and highlights the same bytes, so
  query tokens and byte offsets agree too;
- the tokenizers that need ICU, MeCab or libstemmer are absent: SQLite says "no such tokenizer".
Prints one summary line per spec and exits 1 on the first difference.
"""

import gzip
import json
import os
import re
import sqlite3
import subprocess
import sys

PORTABLE_SPECS = [
    "synonyms",
    "stopwords",
    "latinascii",
    "german",
    "nfkc",
    "cjk",
    "german porter unicode61",
    "synonyms porter",
    "stopwords trigram",
    "cjk unicode61 remove_diacritics 0",
    "german ascii",
    "stopwords unicode61 remove_diacritics 0",
    "latinascii porter",
    "nfkc trigram",
]
ABSENT = ["icu", "translit", "japanese", "snowball english"]
# English and seven others: Latin, Cyrillic, Turkish dotted and dotless i, and the three CJK
# scripts, which `cjk` cuts into bigrams.
LANGUAGES = ["man1", "de/man1", "fr/man1", "ru/man1", "tr/man1", "ja/man1", "zh_CN/man1", "ko/man1"]
PAGES_PER_LANGUAGE = 12
MINIMUM_LANGUAGES = 4
MINIMUM_PARAGRAPHS = 2000
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def paragraphs(folder):
    """Text lines of the first pages of a manual folder, joined into paragraphs."""
    path = os.path.join("/usr/share/man", folder)
    texts = []
    if not os.path.isdir(path):
        return texts
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


def fixture_texts():
    """Every document and query of the repository's fixtures, escapes as written."""
    texts = []
    folder = os.path.join(ROOT, "fixtures")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".cases"):
            with open(os.path.join(folder, name), encoding="utf-8") as cases:
                texts += [line.split(":", 1)[1].strip() for line in cases if line.startswith(("document:", "query:"))]
    return [text for text in texts if text]


def texts():
    by_language = {folder: paragraphs(folder) for folder in LANGUAGES}
    present = [folder for folder, found in by_language.items() if found]
    all_texts = [text for folder in LANGUAGES for text in by_language[folder]] + fixture_texts()
    if len(present) < MINIMUM_LANGUAGES or len(all_texts) < MINIMUM_PARAGRAPHS:
        sys.exit(
            f"too little text to compare: manual pages in {present}, {len(all_texts)} paragraphs "
            f"(at least {MINIMUM_LANGUAGES} languages and {MINIMUM_PARAGRAPHS} paragraphs)"
        )
    return present, all_texts


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


def dump(library):
    """What one library stores and answers for every spec, and what it says of the absent ones,
    as JSON on standard output."""
    db = connect(library)
    present, all_texts = texts()
    result = {"languages": present, "paragraphs": len(all_texts), "specs": {}, "absent": {}}
    for spec in PORTABLE_SPECS:
        instances, answers = stored(db, spec, all_texts)
        result["specs"][spec] = {"instances": instances, "answers": answers}
    for spec in ABSENT:
        try:
            db.execute(f"CREATE VIRTUAL TABLE a USING fts5(x, tokenize = '{spec}')")
            db.execute("DROP TABLE a")
            result["absent"][spec] = "present"
        except sqlite3.Error as error:
            result["absent"][spec] = str(error)
    json.dump(result, sys.stdout)
    return 0


def run(library):
    """`dump` of `library`, in a process of its own."""
    output = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--dump", library], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(output)


def main():
    if sys.argv[1] == "--dump":
        return dump(sys.argv[2])
    full, portable = run(sys.argv[1]), run(sys.argv[2])
    print(f"manual pages in {', '.join(portable['languages'])} and the fixtures: {portable['paragraphs']} paragraphs")
    for spec in PORTABLE_SPECS:
        expected, got = full["specs"][spec], portable["specs"][spec]
        if expected != got:
            for index, (a, b) in enumerate(zip(expected["instances"], got["instances"])):
                if a != b:
                    print(f"{spec}: instance {index} differs: full {a}, portable {b}")
                    break
            print(f"{spec}: the portable library's tokens differ from the full library's")
            return 1
        print(f"{spec}: {len(got['instances'])} stored tokens and {len(got['answers'])} queries identical")
    for spec in ABSENT:
        said = portable["absent"][spec]
        if "no such tokenizer" not in said:
            print(f"{spec}: expected 'no such tokenizer' from the portable library, got: {said}")
            return 1
        print(f"{spec}: absent ({said})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""An engine built by `tokenbench engine build` against the same SQLite release in Python.

    engine-tokens-check.py SQLEAN_DIR VERSION EXTENSION TEXTS TOKENBENCH LABEL...

SQLEAN_DIR holds PyPI's sqlean.py wheel of that release (pip install --target), whose SQLite no
one here built. With the shipped extension (libTokenBenchFTS5.so) loaded there, each LABEL's
tokenizer (its spec from `tokenbench list`) indexes every line of TEXTS in an FTS5 table, and an
fts5vocab 'instance' table gives each token with its line and position. `tokenbench tokens
--engine VERSION --mode document --input TEXTS` must give the same (line, position, token)
triples. A tokenizer this SQLite does not have is said and skipped. Exit 1 on a difference.
"""
import csv
import io
import subprocess
import sys

sqlean_dir, version, extension, texts_file, tokenbench = sys.argv[1:6]
labels = sys.argv[6:]
sys.path.insert(0, sqlean_dir)
import sqlean  # noqa: E402  (from SQLEAN_DIR)


def unescape(text):
    """A token as tokenbench writes it: a backslash doubled, any other byte as backslash-x-NN."""
    raw, out, i = text.encode("utf-8"), bytearray(), 0
    while i < len(raw):
        if raw[i] == 0x5C and raw[i + 1 : i + 2] == b"\\":
            out.append(0x5C)
            i += 2
        elif raw[i] == 0x5C and raw[i + 1 : i + 2] == b"x":
            out.append(int(raw[i + 2 : i + 4], 16))
            i += 4
        else:
            out.append(raw[i])
            i += 1
    return out.decode("utf-8", "surrogateescape")


texts = [line.rstrip("\n") for line in open(texts_file, encoding="utf-8")]
listing = subprocess.run([tokenbench, "list", "--engine", "system"], capture_output=True, text=True, check=True)
specs = {row["tokenizer"]: row["spec"] for row in csv.DictReader(io.StringIO(listing.stdout))}
connection = sqlean.connect(":memory:")
found = connection.execute("SELECT sqlite_version()").fetchone()[0]
if found != version:
    sys.exit(f"{sqlean_dir}: SQLite {found}, not {version}")
connection.enable_load_extension(True)
connection.load_extension(extension)

differences = 0
for number, label in enumerate(labels):
    table, vocabulary = f"t{number}", f"v{number}"
    spec = "'" + specs[label].replace("'", "''") + "'"
    try:
        connection.execute(f"CREATE VIRTUAL TABLE {table} USING fts5(x, tokenize = {spec})")
    except sqlean.Error as error:
        print(f"{label} on {version}: not in this SQLite ({error})")
        continue
    connection.execute(f"CREATE VIRTUAL TABLE {vocabulary} USING fts5vocab({table}, 'instance')")
    connection.executemany(f"INSERT INTO {table}(rowid, x) VALUES (?, ?)", enumerate(texts, start=1))
    python = sorted(
        (line, position, term)
        for term, line, _, position in connection.execute(f"SELECT term, doc, col, offset FROM {vocabulary}")
    )
    run = subprocess.run(
        [tokenbench, "tokens", "--engine", version, "--tokenizer", label, "--mode", "document", "--input", texts_file],
        capture_output=True,
        text=True,
    )
    bench = sorted(
        (int(row["input"]), int(row["position"]), unescape(row["token"]))
        for row in csv.DictReader(io.StringIO(run.stdout))
    )
    if run.returncode == 0 and python == bench:
        print(f"{label} on {version}: the same {len(python)} tokens")
    else:
        differences += 1
        print(f"{label} on {version}: {len(python)} tokens in Python, {len(bench)} in tokenbench {run.stderr.strip()}")
        print(f"  only in Python: {sorted(set(python) - set(bench))[:3]}")
        print(f"  only in tokenbench: {sorted(set(bench) - set(python))[:3]}")
sys.exit(1 if differences else 0)

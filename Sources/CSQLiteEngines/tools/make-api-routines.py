#!/usr/bin/env python3
"""Writes api_routines.inc: the members of SQLite's sqlite3_api_routines struct, in order, each
with the SQLite function that fills it, read from an amalgamation's own `sqlite3Apis` table.

    tools/make-api-routines.py path/to/sqlite3.c > api_routines.inc

Each line is API(member, function) or NOAPI(member) where SQLite itself puts 0. Where the
table has an #if with an #else, the branch naming functions is kept: the C side declares
every function weak, so a function the engine was built without becomes 0 as in SQLite.
"""
import re
import sys

text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
struct = re.search(r"struct sqlite3_api_routines \{(.*?)\n\};", text, re.S).group(1)
struct = re.sub(r"/\*.*?\*/", "", struct, flags=re.S)
# A member's own name is the first (*name)( of its declaration; parameters may be named
# function pointers too.
members = [re.search(r"\((?:\s*SQLITE_CDECL)?\s*\*\s*(\w+)\s*\)\s*\(", d).group(1) for d in struct.split(";") if d.strip()]
table = re.search(r"static const sqlite3_api_routines sqlite3Apis = \{(.*?)\n\};", text, re.S).group(1)
table = re.sub(r"/\*.*?\*/", "", table, flags=re.S)

def parse(item):
    name = re.search(r"(?:sqlite_nio_)?sqlite3_(\w+)\s*$", item)
    if not name and item != "0":
        sys.exit(f"unexpected entry {item!r}")
    return name.group(1) if name else None


entries = []
branches = None  # inside #if: the entries of the #if branch and of the #else branch
for line in table.splitlines():
    line = line.strip()
    if line.startswith("#if"):
        branches = [[]]
    elif line.startswith("#else"):
        branches.append([])
    elif line.startswith("#endif"):
        # Both branches fill the same members; keep the one naming functions.
        entries += max(branches, key=lambda branch: sum(entry is not None for entry in branch))
        branches = None
    else:
        items = [parse(item.strip()) for item in line.split(",") if item.strip()]
        (branches[-1] if branches is not None else entries).extend(items)

if len(entries) != len(members):
    sys.exit(f"{len(members)} members but {len(entries)} entries")
version = re.search(r'#define SQLITE_VERSION\s+"([^"]+)"', text).group(1)
print(f"/* sqlite3_api_routines of SQLite {version}, written by tools/make-api-routines.py. */")
for member, function in zip(members, entries):
    print(f"API({member}, {function})" if function else f"NOAPI({member})")

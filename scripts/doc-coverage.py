#!/usr/bin/env python3
"""Public doc-comment coverage per module, from the symbol graphs `swift package dump-symbol-graph` writes.

Counts every public or open symbol a module declares (types, members, enum cases, global functions,
including its extensions of other modules' types), not the members a protocol extension supplies
(dump with --skip-synthesized-members). A symbol is documented when it has a doc comment of its own,
or when it implements a requirement of another module's protocol and DocC shows that protocol's
documentation (`description`, `init(from:)`, `init(rawValue:)`): those are counted apart, as
"inherited".

usage: doc-coverage.py SYMBOLGRAPH_DIR MODULE... [--require PERCENT --of MODULE...] [--list MODULE]
"""

import json
import sys
from pathlib import Path


def symbols_of(folder: Path, module: str):
    """The public symbols `module` declares: its own graph and its graphs of extensions (Module@Other)."""
    files = [folder / f"{module}.symbols.json"] + sorted(folder.glob(f"{module}@*.symbols.json"))
    seen = set()
    for file in files:
        if not file.exists():
            continue
        for symbol in json.loads(file.read_text())["symbols"]:
            precise = symbol["identifier"]["precise"]
            if symbol.get("accessLevel") not in ("public", "open") or precise in seen:
                continue
            seen.add(precise)
            yield symbol


def documentation(symbol, module: str) -> str:
    """'own', 'inherited' or 'none'."""
    comment = symbol.get("docComment")
    if not comment or not any(line.get("text", "").strip() for line in comment.get("lines", [])):
        return "none"
    # Graphs name the module a comment comes from when it is not the symbol's own.
    return "own" if comment.get("module", module) == module else "inherited"


def measure(folder: Path, module: str):
    counts = {"own": 0, "inherited": 0, "none": 0}
    missing = []
    for symbol in symbols_of(folder, module):
        kind = documentation(symbol, module)
        counts[kind] += 1
        if kind == "none":
            missing.append((symbol["kind"]["displayName"], ".".join(symbol["pathComponents"]), symbol.get("location", {})))
    total = sum(counts.values())
    coverage = 100.0 * (counts["own"] + counts["inherited"]) / total if total else 100.0
    return total, counts, coverage, missing


def main(arguments):
    options = {"--require": None, "--of": [], "--list": []}
    positional, current = [], None
    for argument in arguments:
        if argument in options:
            current = argument
        elif current == "--require":
            options["--require"], current = float(argument), None
        elif current in ("--of", "--list"):
            options[current].append(argument)
        else:
            positional.append(argument)
    if len(positional) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    folder, modules = Path(positional[0]), positional[1:]
    if not folder.is_dir():
        print(f"doc-coverage: no symbol graphs in {folder}", file=sys.stderr)
        return 2

    print(f"{'module':<20} {'public':>7} {'own doc':>8} {'inherited':>10} {'none':>6} {'coverage':>9}")
    short, unknown = [], []
    for module in modules:
        total, counts, coverage, missing = measure(folder, module)
        if total == 0 and not (folder / f"{module}.symbols.json").exists():
            print(f"{module:<20} no symbol graph")
            unknown.append(module)
            continue
        print(f"{module:<20} {total:>7} {counts['own']:>8} {counts['inherited']:>10} {counts['none']:>6} {coverage:>8.1f}%")
        if options["--require"] is not None and module in options["--of"] and coverage < options["--require"]:
            short.append(module)
        if module in options["--list"]:
            for kind, path, location in missing:
                where = location.get("uri", "").replace("file://", "")
                line = location.get("position", {}).get("line")
                print(f"    {kind:<20} {path}  {where}:{line + 1 if line is not None else '?'}")
    if unknown:
        print(f"doc-coverage: no symbol graph for {', '.join(unknown)}", file=sys.stderr)
    if short:
        print(f"doc-coverage: below {options['--require']:g}%: {', '.join(short)}", file=sys.stderr)
    return 1 if unknown or short else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

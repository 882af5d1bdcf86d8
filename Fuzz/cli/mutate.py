#!/usr/bin/env python3
"""Whole-command mutation fuzzing of `cardrender cards` and `cardrender print --template`.

Each run copies the example game (template, layouts, data, icons), mutates one to three of its
files (values replaced by hostile ones, cells and rows changed, bytes flipped, icons swapped for
hostile SVGs), runs the command under a time limit and flags:
  - a signal (crash) or a time-out (hang),
  - an exit code other than 0, 1 or 2,
  - a refusal (exit 2) whose error is more than one line,
  - library warnings (GLib, Pango, Cairo, librsvg, FreeType) printed on stderr,
  - a sanitizer's report, when the binary is built with AddressSanitizer.
A finding's inputs are kept in OUT/finding-N/ with the command and the reason; the run fails if
there is any. The seed is printed so a run can be repeated.
"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HOSTILE_VALUES = [
    "1e30", "-1e30", "1e308pt", "nan", "inf", "-0", "0", "-5pt", "1e18in", "100000%", "0x10",
    "a" * 60000, "word " * 20000, "𝔸" * 70, "a" + "\u0301" * 300, "\r\n", "line\nbreak", "\x00", "\x1b[31m",
    "../../outside/secret", "/etc/hostname", "/dev/zero", "icons/../../../../etc/passwd", "~/x.png",
    "{missing}", "{title:markup}", "{{", "}", "{:}", "<b>", "<span size=\"1000000000\">x</span>",
    "<span font=\"DejaVu Sans 999999\">x</span>", "&amp", "&#0;", ":nope:", "<icon name=\"../x\"/>",
    "#f3ead3", "\"#zzz\"", "rgba(1,2,3,4)", "*alias", "&anchor", "[" * 500, "{" * 500, "!!binary AA==",
    "contact-sheet", "sheet", "back", "cards", "CON", ".", "..", "", " ", "불꽃", "مرحبا", "🔥" * 50,
    "type == Elf", "count", "-1", "100000", "2.5x3.5", "7201pt", "0.0001pt",
]

HOSTILE_SVGS = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><filter id="f"><feTurbulence numOctaves="100000"/>'
    '</filter><rect width="10" height="10" filter="url(#f)"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="1e9"><rect width="1e9" height="1e9"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
    '<image width="10" height="10" xlink:href="file:///etc/hostname"/><image href="../cards.csv"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><filter id="f"><feGaussianBlur stdDeviation="1e9"/>'
    '</filter><circle r="5" cx="5" cy="5" filter="url(#f)"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><g>' * 2000 + '</g>' * 2000 + '</svg>',
    '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>'
    '<svg xmlns="http://www.w3.org/2000/svg"><text>&d;&d;&d;&d;</text></svg>',
    "not an svg at all",
]

# A binary built with AddressSanitizer (LeakSanitizer, UndefinedBehaviorSanitizer) reports here.
SANITIZER_REPORT = re.compile(r"^(==\d+==ERROR: \w+Sanitizer.*|\S+:\d+:\d+: runtime error: .*|SUMMARY: \w+Sanitizer.*)$", re.MULTILINE)

LIBRARY_NOISE = re.compile(r"(GLib|Pango|Cairo|cairo|librsvg|Rsvg|FreeType|Fontconfig|GdkPixbuf)[-\w]*:? ?(WARNING|CRITICAL|ERROR|warning)")


def mutate_yaml(text, rng):
    """Replaces the value of a random `key: value` line with a hostile value."""
    lines = text.split("\n")
    candidates = [i for i, line in enumerate(lines) if re.match(r"^\s*(- )?[\w-]+:\s*\S", line)]
    if not candidates:
        return text
    i = rng.choice(candidates)
    key = re.match(r"^(\s*(?:- )?[\w-]+:)", lines[i]).group(1)
    value = rng.choice(HOSTILE_VALUES)
    quoted = rng.random() < 0.6
    rendered = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"' if quoted else value
    lines[i] = key + " " + rendered
    return "\n".join(lines)


def mutate_csv(text, rng):
    rows = text.split("\n")
    choice = rng.randrange(5)
    if choice == 0 and len(rows) > 1:  # a cell
        r = rng.randrange(1, len(rows))
        cells = rows[r].split(",")
        if cells:
            value = rng.choice(HOSTILE_VALUES)
            cells[rng.randrange(len(cells))] = '"' + value.replace('"', '""') + '"'
            rows[r] = ",".join(cells)
    elif choice == 1:  # the header
        cells = rows[0].split(",")
        cells[rng.randrange(len(cells))] = rng.choice(["", "a:b", "id", "title", "x" * 300, "count", "{id}"])
        rows[0] = ",".join(cells)
    elif choice == 2:  # many rows
        rows = rows[:1] + rows[1:] * rng.randint(1, 20)
    elif choice == 3:  # an unbalanced quote
        r = rng.randrange(len(rows))
        rows[r] = rows[r] + '"'
    else:  # header only
        rows = rows[:1]
    return "\n".join(rows)


def mutate_bytes(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if not data:
            break
        op = rng.randrange(3)
        i = rng.randrange(len(data))
        if op == 0:
            data[i] = rng.randrange(256)
        elif op == 1:
            del data[i]
        else:
            data[i:i] = bytes([rng.randrange(256)]) * rng.randint(1, 4)
    return bytes(data)


def mutate_folder(folder, rng):
    files = {
        "front": os.path.join(folder, "front.yaml"),
        "layouts": os.path.join(folder, "layouts.yaml"),
        "back": os.path.join(folder, "back.yaml"),
        "data": os.path.join(folder, "cards.csv"),
    }
    icons = sorted(os.listdir(os.path.join(folder, "icons")))
    done = []
    for _ in range(rng.randint(1, 3)):
        what = rng.choice(["front", "front", "layouts", "back", "data", "data", "bytes", "icon"])
        if what in ("front", "layouts", "back"):
            path = files[what]
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(mutate_yaml(text, rng))
        elif what == "data":
            with open(files["data"], encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
            with open(files["data"], "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(mutate_csv(text, rng))
        elif what == "bytes":
            path = rng.choice(list(files.values()))
            with open(path, "rb") as f:
                data = f.read()
            with open(path, "wb") as f:
                f.write(mutate_bytes(data, rng))
        else:
            icon = os.path.join(folder, "icons", rng.choice(icons))
            with open(icon, "w") as f:
                f.write(rng.choice(HOSTILE_SVGS))
        done.append(what)
    return done


def command(binary, folder, out, rng):
    if rng.random() < 0.25:
        return [binary, "print", "--template", "front.yaml", "--data", "cards.csv", "--back-template", "back.yaml",
                "--duplex", "long-edge", "--out", out]
    args = [binary, "cards", "front.yaml", "--data", "cards.csv", "--out", out]
    for extra in (["--contact-sheet"], ["--sheet"], ["--back", "back.yaml"], ["--bleed"], ["--format", "png,svg,pdf"]):
        if rng.random() < 0.3:
            args += extra
    return args


def environment():
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDRENDER_")}
    env.update({"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC"})
    return env


def check(result, timed_out):
    if timed_out:
        return "hang: no exit within the time limit"
    if result.returncode < 0:
        return "crash: signal %d" % -result.returncode
    stderr = result.stderr.decode("utf-8", "replace")
    report = SANITIZER_REPORT.search(stderr)
    if report:
        return "sanitizer report: %s" % report.group(0).strip()
    if result.returncode not in (0, 1, 2):
        return "exit code %d" % result.returncode
    if LIBRARY_NOISE.search(stderr):
        return "library warnings on stderr"
    if result.returncode == 2:
        errors = [line for line in stderr.splitlines() if line.strip() and not line.startswith("warning:")]
        if len(errors) != 1:
            return "refusal in %d lines" % len(errors)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--game", required=True, help="the example game folder to mutate")
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--findings", required=True, help="folder for the inputs of findings")
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else int(time.time())
    rng = random.Random(seed)
    binary = os.path.abspath(options.binary)
    print("cli-mutate: seed %d, %g s, %s" % (seed, options.seconds, binary), flush=True)
    deadline = time.monotonic() + options.seconds
    runs = findings = 0
    exits = {}
    while time.monotonic() < deadline:
        work = tempfile.mkdtemp(prefix="cardrender-cli-fuzz-")
        try:
            folder = os.path.join(work, "game")
            shutil.copytree(options.game, folder, ignore=shutil.ignore_patterns("fire", "game", "sheets", "upload"))
            mutated = mutate_folder(folder, rng)
            args = command(binary, folder, os.path.join(work, "out"), rng)
            timed_out = False
            process = subprocess.Popen(args, cwd=folder, env=environment(), stdin=subprocess.DEVNULL,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
            try:
                stdout, stderr = process.communicate(timeout=options.timeout)
            except subprocess.TimeoutExpired:
                timed_out = True
                os.killpg(process.pid, signal.SIGKILL)
                stdout, stderr = process.communicate()
            result = subprocess.CompletedProcess(args, process.returncode, stdout, stderr)
            runs += 1
            exits[result.returncode] = exits.get(result.returncode, 0) + 1
            reason = check(result, timed_out)
            if reason:
                findings += 1
                target = os.path.join(options.findings, "finding-%d-%d" % (seed, findings))
                shutil.rmtree(target, ignore_errors=True)
                shutil.copytree(folder, target)
                with open(os.path.join(target, "FINDING.txt"), "w") as f:
                    f.write("%s\nmutated: %s\ncommand: %s\nstderr:\n%s\n" % (
                        reason, ", ".join(mutated), " ".join(args[1:]), stderr.decode("utf-8", "replace")[:4000]))
                print("finding: %s (%s) -> %s" % (reason, ", ".join(mutated), target), flush=True)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print("cli-mutate: %d runs, exit codes %s, %d findings" % (
        runs, ", ".join("%d×%d" % (n, code) for code, n in sorted(exits.items())), findings), flush=True)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

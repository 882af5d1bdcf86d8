#!/usr/bin/env bash
# `make install` into a temporary PREFIX and DESTDIR from a copy of the working tree; then the copy,
# with its build tree, is moved away and every subcommand runs from another folder. Last, a
# missing resource bundle must be a one-line error, and `make uninstall` must remove every file.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work="$root/.build/install-check"
mkdir -p "$work"
# The copy keeps its .build between runs so a re-run builds only what changed.
if [ -d "$work/src/.build" ]; then mv "$work/src/.build" "$work/build-kept"; fi
"$root/Tests/Outside/snapshot.sh" "$work/src" >/dev/null
if [ -d "$work/build-kept" ]; then mv "$work/build-kept" "$work/src/.build"; fi

stage="$work/stage" prefix=/opt/cardrender-check
rm -rf "$stage"
# The man page comes from this checkout (the same sources), whose debug build the plugin reuses; the
# copy builds only what it installs.
make -C "$root" --no-print-directory manual >"$work/manual.log" 2>&1 \
  || { tail -20 "$work/manual.log"; echo "error: make manual failed" >&2; exit 1; }
make -C "$work/src" --no-print-directory install PREFIX="$prefix" DESTDIR="$stage" MANUAL_PAGE="$root/.build/manual/cardrender.1" \
  >"$work/install.log" 2>&1 \
  || { tail -20 "$work/install.log"; echo "error: make install failed" >&2; exit 1; }

installed="$stage$prefix"
away="$work/src-moved-away"
rm -rf "$away"
mv "$work/src" "$away"
restore() { [ -d "$away" ] && mv "$away" "$work/src"; }
trap restore EXIT

failures=0
fail() { echo "install check: FAIL: $*" >&2; failures=$((failures + 1)); }
expect_file() { [ -s "$1" ] || fail "missing $1"; }

expect_file "$installed/bin/cardrender"
expect_file "$installed/bin/cardrender-preview"
expect_file "$installed/bin/cardrender-golden"
expect_file "$installed/share/cardrender/cardrender_BundledFonts.resources/DejaVuSans.ttf"
expect_file "$installed/share/cardrender/cardrender_BundledFonts.resources/LICENSE"
expect_file "$installed/share/cardrender/cardrender_KeyboardDiagrams.resources/devices.json"
expect_file "$installed/share/bash-completion/completions/cardrender"
expect_file "$installed/share/zsh/site-functions/_cardrender"
expect_file "$installed/share/fish/vendor_completions.d/cardrender.fish"
expect_file "$installed/share/man/man1/cardrender.1"
grep -q "four-color" "$installed/share/bash-completion/completions/cardrender" || fail "bash completion lacks theme names"
grep -q '^\.Dt CARDRENDER 1' "$installed/share/man/man1/cardrender.1" || fail "man page has no .Dt header"

elsewhere="$work/elsewhere"
rm -rf "$elsewhere"
mkdir -p "$elsewhere"
cd "$elsewhere"
export PATH="$installed/bin:$PATH"
# What the commands below rely on, whatever the caller exported: no CARDRENDER_* (verify's default
# record mode), no CI, a fixed locale and time zone.
unset CI $(compgen -e | grep '^CARDRENDER_' || true)
export LANG=C.UTF-8 LC_ALL=C.UTF-8 TZ=UTC
run() {  # run NAME ARGS...: the command must exit 0 with no trap or backtrace on stderr
  local name=$1; shift
  if ! "$@" >"$work/$name.out" 2>"$work/$name.err"; then fail "$name: exit $? ($(head -c 300 "$work/$name.err"))"; fi
  if grep -qiE "fatal error|backtrace|could not load resource bundle" "$work/$name.err"; then fail "$name trapped"; fi
}
run version cardrender --version
run help cardrender --help
run card cardrender card AS --out cards --format png,svg
run deck cardrender deck --out deck --sheet
run print cardrender print --out print --cards AS,KH --duplex long-edge
game="$away/docs/examples/game"
run cards cardrender cards "$game/front.yaml" --data "$game/cards.csv" --back "$game/back.yaml" --dpi 100 --contact-sheet --out game
run cards-print cardrender print --template "$game/front.yaml" --data "$game/cards.csv" --where "type == Spell" --out game-print
run devices cardrender devices
run devices-json cardrender devices --json
run keyboard cardrender keyboard --device iphone-x --strategy content-inset --out keyboard
run keyboard-json cardrender keyboard --device iphone-x --strategy content-inset --json
cat >spec.yaml <<'YAML'
jobs:
  - kind: card
    card: [AS, KH]
    output: cards
  - kind: keyboard
    device: iphone-8
    output: keyboard
YAML
run batch cardrender batch spec.yaml --out batch --quiet
run shard-1 cardrender batch spec.yaml --out shard-1 --shard 1/2 --quiet
run shard-2 cardrender batch spec.yaml --out shard-2 --shard 2/2 --quiet
run merge cardrender merge shard-1 shard-2 --out merged
cmp -s batch/manifest.json merged/manifest.json || fail "merged shards' manifest differs from the unsharded run's"
run render cardrender render --out render --quiet
run diff cardrender diff cards/AS.png cards/AS.png
mkdir -p goldens && cp cards/AS.png goldens/AS.png
run verify cardrender verify --goldens goldens --actual cards
# A swift test run's kept failures, as assertGolden lays them out.
mkdir -p run-artifacts/goldens/CardTests run-artifacts/actual/CardTests
cp cards/AS.png run-artifacts/goldens/CardTests/ace.png && cp cards/AS.png run-artifacts/actual/CardTests/ace.png
run report cardrender report run-artifacts
# The same three commands without the drawing libraries: same output, and none of them linked.
run golden-diff cardrender-golden diff cards/AS.png cards/AS.png
cmp -s "$work/diff.out" "$work/golden-diff.out" || fail "cardrender-golden diff printed other than cardrender diff"
run golden-verify cardrender-golden verify --goldens goldens --actual cards
cmp -s "$work/verify.out" "$work/golden-verify.out" || fail "cardrender-golden verify printed other than cardrender verify"
run golden-report cardrender-golden report run-artifacts
if ldd "$installed/bin/cardrender-golden" | grep -qE "libcairo|libpango|librsvg|libglib"; then
  fail "cardrender-golden links a drawing library: $(ldd "$installed/bin/cardrender-golden" | grep -E 'cairo|pango|rsvg|glib' | head -3)"
fi
# The preview: its page (a resource of the installed bundle), the cards' list and an image, then Ctrl-C.
cardrender preview "$game/front.yaml" --data "$game/cards.csv" --back "$game/back.yaml" --dpi 72 \
  >"$work/preview.out" 2>"$work/preview.err" &
preview_pid=$!
address=""
for _ in $(seq 1 600); do
  address=$(grep -o 'http://[^ ]*' "$work/preview.out" | head -1 || true)
  [ -n "$address" ] || ! kill -0 "$preview_pid" 2>/dev/null || { sleep 0.1; continue; }
  break
done
[ -n "$address" ] || fail "preview printed no address ($(head -c 300 "$work/preview.err"))"
python3 - "$address" <<'PY' || fail "preview did not serve its page, cards.json and a card"
import json, sys, urllib.request
base = sys.argv[1].rstrip("/")
page = urllib.request.urlopen(base + "/", timeout=30).read().decode()
assert "<main id=\"cards\"" in page, "no page"
cards = json.load(urllib.request.urlopen(base + "/cards.json", timeout=30))
assert len(cards["cards"]) == 20, cards
assert urllib.request.urlopen(base + "/cards/1.png", timeout=30).read()[:4] == b"\x89PNG"
PY
kill -INT "$preview_pid"
wait "$preview_pid" || fail "preview exited $? on Ctrl-C"
if grep -qiE "fatal error|backtrace|could not load resource bundle" "$work/preview.err"; then fail "preview trapped"; fi
for required in cards/AS.png cards/AS.svg deck/sheet.png print/deck-print.pdf keyboard batch/manifest.json render/manifest.json \
    game/02-Fireball.png game/back.png game/cards.json game/contact-sheet.png game-print/deck-print.pdf \
    run-artifacts/report.html run-artifacts/junit.xml; do
  [ -e "$required" ] || fail "no $required written"
done
grep -q "contentInsetBottom" "$work/keyboard-json.out" || fail "keyboard --json printed no geometry"
# Every subcommand the tool lists must have been run above.
subcommands=$(sed -n '/^SUBCOMMANDS:/,/^$/p' "$work/help.out" | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p')
[ "$(echo "$subcommands" | wc -w)" -ge 8 ] || fail "could not read the subcommands from --help"
for sub in $subcommands; do
  case " card deck cards print preview devices keyboard batch merge render diff verify report " in
    *" $sub "*) ;;
    *) fail "subcommand '$sub' is not exercised by this check" ;;
  esac
done

# Every README block of cardrender commands, as written, in order, from the root of a copy of the checkout
# (the moved-away source tree, a git repository of its own): each command exits 0, or 1 where its comment
# says so, and afterwards nothing but Output/ (ignored) has changed.
git -C "$away" status --porcelain --untracked-files=all >"$work/tree-before"
awk '
  /^ *```sh *$/ { inside = 1; block = ""; runnable = 1; next }
  inside && /^ *```/ { inside = 0; if (runnable && block != "") printf "%s", block; next }
  inside {
    line = $0; sub(/^ +/, "", line)
    while (line ~ /\\$/ && (getline more) > 0) { sub(/\\$/, "", line); sub(/^ +/, "", more); line = line more }
    if (line == "") next
    if (line !~ /^cardrender / && line !~ /^[a-z_]+=[^ ]+( |$)/) runnable = 0
    block = block line "\n"
  }' "$away/README.md" >"$work/readme-commands"
[ "$(grep -c '^cardrender ' "$work/readme-commands")" -ge 15 ] || fail "found too few README command examples"
{
  echo 'exec </dev/null; failed=0'
  while IFS= read -r line; do
    if [[ "$line" != cardrender* ]]; then echo "$line"; continue; fi
    expected=0
    case "$line" in *"# exit 1"*) expected=1 ;; esac
    printf '%s\n' "$line"
    printf 'status=$?; [ "$status" = %s ] || { echo "README example exited $status, not %s: "%q >&2; failed=1; }\n' \
      "$expected" "$expected" "$line"
  done <"$work/readme-commands"
  echo 'exit $failed'
} >"$work/readme.sh"
(cd "$away" && bash "$work/readme.sh") >"$work/readme.out" 2>"$work/readme.err" \
  || fail "README examples: $(grep 'README example exited' "$work/readme.err" | head -5)"
for required in print/QH.png print/QH.pdf web/cards/sheet.json cards/back-rosette.png diff.png mask.png report.html junit.xml \
    sheets/deck-print.pdf sheets-letter/deck-print.pdf sheets-proof/deck-print.pdf upload/deck-print.pdf \
    game/contact-sheet.png game-fire/cards.json game-upload/cards.json game-sheets/deck-print.pdf; do
  [ -e "$away/Output/$required" ] || fail "the README examples wrote no Output/$required"
done
git -C "$away" status --porcelain --untracked-files=all >"$work/tree-after"
cmp -s "$work/tree-before" "$work/tree-after" \
  || fail "the README examples changed the checkout outside Output/: $(diff "$work/tree-before" "$work/tree-after" | head -10)"

# A missing resource bundle: one line on stderr, exit 2, no trap.
mv "$installed/share/cardrender" "$installed/share/cardrender-hidden"
set +e
cardrender devices >/dev/null 2>"$work/missing.err"; status=$?
set -e
mv "$installed/share/cardrender-hidden" "$installed/share/cardrender"
[ "$status" = 2 ] || fail "a missing bundle exited $status, not 2"
[ "$(wc -l <"$work/missing.err")" = 1 ] || fail "a missing bundle printed $(wc -l <"$work/missing.err") lines: $(head -c 300 "$work/missing.err")"
grep -q "cardrender_KeyboardDiagrams.resources not found" "$work/missing.err" || fail "the error does not name the bundle"

cd "$work"
restore
trap - EXIT
make -C "$work/src" --no-print-directory uninstall PREFIX="$prefix" DESTDIR="$stage" >/dev/null
left=$(find "$stage" -type f | sed "s|$stage||")
[ -z "$left" ] || fail "make uninstall left: $left"

if [ "$failures" -gt 0 ]; then echo "install check: $failures failure(s)" >&2; exit 1; fi
echo "install check: passed (installed to DESTDIR=$stage PREFIX=$prefix; every subcommand ran with the source and build tree moved away)"

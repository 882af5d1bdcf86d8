#!/usr/bin/env bash
# Two small programs of the Examples package (a user's package that depends on cardrender by version,
# which examples.sh builds): `compare` imports only GoldenImages (it compares two images), `schedule`
# only BatchRendering (it renders a sequence of frames on the workers). Neither may be built from
# Drawing or link Cairo, Pango or librsvg: an image-diff library and a scheduler have no use for them.
# Checked twice: the object files SwiftPM links into each program (its link file list), and the
# libraries `ldd` finds in each binary.
# Usage: links.sh   (after examples.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/Examples/.build/debug"
for program in compare schedule; do
  binary="$build/$program"
  objects="$build/$program.product/Objects.LinkFileList"
  [ -x "$binary" ] && [ -s "$objects" ] || { echo "error: $binary is not built; run Tests/Outside/examples.sh first" >&2; exit 1; }
  modules=$(sed -n 's|.*/debug/\([^/]*\)\.build/.*|\1|p' "$objects" | sort -u)
  echo "$modules" | grep -qx "Images" || { echo "error: found no Images objects in $objects: is the check reading it?" >&2; exit 1; }
  for module in Drawing CCairo CPango CRSVG PlayingCards RenderPipeline; do
    if echo "$modules" | grep -qx "$module"; then echo "error: $program, a user of GoldenImages or BatchRendering, is built from $module" >&2; exit 1; fi
  done
  "$binary" >/dev/null || { echo "error: $program did not run" >&2; exit 1; }
  drawing=$(ldd "$binary" | grep -Eo 'lib(cairo|pango[a-z0-9]*|rsvg)[^ ]*' | sort -u | tr '\n' ' ' || true)
  [ -z "$drawing" ] || { echo "error: $program links $drawing" >&2; exit 1; }
  ldd "$binary" | grep -q 'libpng' || { echo "error: ldd found no libpng in $program: is the check looking at the binary?" >&2; exit 1; }
done
echo "links: programs using only GoldenImages or only BatchRendering are built from no drawing module and link no Cairo, Pango or librsvg"

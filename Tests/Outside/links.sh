#!/usr/bin/env bash
# Two small programs of a user's package, built in debug against a tagged copy of this checkout (as
# consumer.sh makes it): one imports only GoldenImages (it compares two images), the other only
# BatchRendering (it renders a sequence of frames on the workers). Neither may compile Drawing or
# link Cairo, Pango or librsvg: an image-diff library and a scheduler have no use for them. Checked
# twice: the modules SwiftPM compiled, and the libraries `ldd` finds in each binary.
# Usage: links.sh [WORK_FOLDER]   (default .build/links)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-"$root/.build/links"}
remote=$("$root/Tests/Outside/tagged-remote.sh" "$work" cardrender)
version=$(git -C "$remote" tag)
user="$work/package"
rm -rf "$user"
mkdir -p "$user/Sources/compare" "$user/Sources/schedule"
cat >"$user/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "links",
    dependencies: [.package(url: "file://$remote", from: "$version")],
    targets: [
        .executableTarget(name: "compare", dependencies: [.product(name: "GoldenImages", package: "cardrender")]),
        .executableTarget(name: "schedule", dependencies: [.product(name: "BatchRendering", package: "cardrender")]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
cat >"$user/Sources/compare/main.swift" <<'SWIFT'
import GoldenImages
import Images

let expected = RGBAImage(width: 8, height: 8, fill: (255, 255, 255, 255))
var actual = expected
actual[3, 3] = RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 255)
let comparison = try ImageComparison(expected: expected, actual: actual, tolerance: .exact)
print("differing pixels: \(comparison.result.differingPixels)")
SWIFT
cat >"$user/Sources/schedule/main.swift" <<'SWIFT'
import BatchRendering
import Foundation
import Images

let frames: [@Sendable () throws -> RGBAImage] = (0..<4).map { index in
    { RGBAImage(width: 2, height: 2, fill: (UInt8(index * 60), 0, 0, 255)) }
}
let unit = OutputUnit(path: "frames.png", format: .png, pixelSize: (width: 2, height: 2),
                      content: .frames(OutputUnit.Frames(frames, costPerFrame: 4) { images in
                          try PNG.encode(images[images.count - 1])
                      }))
let files = try OutputUnit.render([unit], workers: 2)
print("\(files[0].path): \(files[0].facts.bytes) bytes")
SWIFT
cd "$user"
env -u CARDRENDER_RECORD -u CARDRENDER_ARTIFACTS swift package resolve >/dev/null
swift build >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; echo "error: the programs did not build" >&2; exit 1; }
built=$(find -L .build/debug/ -name '*.o' | sed -n 's|^\.build/debug/\([^/]*\)\.build/.*|\1|p' | sort -u)
[ -n "$built" ] || { echo "error: found no object files under .build/debug" >&2; exit 1; }
for module in Drawing CCairo CPango CRSVG PlayingCards RenderPipeline; do
  if echo "$built" | grep -qx "$module"; then echo "error: a user of GoldenImages or BatchRendering compiled $module" >&2; exit 1; fi
done
for program in compare schedule; do
  binary=".build/debug/$program"
  "$binary" >/dev/null || { echo "error: $program did not run" >&2; exit 1; }
  drawing=$(ldd "$binary" | grep -Eo 'lib(cairo|pango[a-z0-9]*|rsvg)[^ ]*' | sort -u | tr '\n' ' ' || true)
  [ -z "$drawing" ] || { echo "error: $program links $drawing" >&2; exit 1; }
  ldd "$binary" | grep -q 'libpng' || { echo "error: ldd found no libpng in $program: is the check looking at the binary?" >&2; exit 1; }
done
echo "links: programs using only GoldenImages or only BatchRendering link no Cairo, Pango or librsvg"

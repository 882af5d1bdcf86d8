#!/usr/bin/env bash
# A user's package that imports only PlayingCards and GoldenImageTesting, built clean in debug against a
# tagged copy of this checkout (as examples.sh makes it). It must not compile swift-crypto (BoringSSL),
# the pipeline, the preview's server (Hummingbird, SwiftNIO) or the command line: a library user builds only what they import. Prints the build time.
# Usage: consumer.sh [WORK_FOLDER]   (default .build/consumer)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-"$root/.build/consumer"}
remote=$("$root/Tests/Outside/tagged-remote.sh" "$work" cardrender)
version=$(git -C "$remote" tag)
consumer="$work/package"
rm -rf "$consumer"
mkdir -p "$consumer/Sources/Hand" "$consumer/Tests/HandTests"
cat >"$consumer/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "hand",
    dependencies: [.package(url: "file://$remote", from: "$version")],
    targets: [
        .target(name: "Hand", dependencies: [.product(name: "PlayingCards", package: "cardrender")]),
        .testTarget(name: "HandTests", dependencies: [
            "Hand",
            .product(name: "PlayingCards", package: "cardrender"),
            .product(name: "GoldenImageTesting", package: "cardrender"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
cat >"$consumer/Sources/Hand/Hand.swift" <<'SWIFT'
import PlayingCards

/// The renderer a game's card views use.
public func handRenderer() throws -> CardRenderer { try CardRenderer(size: .poker, theme: .classic) }
SWIFT
cat >"$consumer/Tests/HandTests/HandTests.swift" <<'SWIFT'
import GoldenImageTesting
import Hand
import PlayingCards
import Testing

@Test func aceOfSpadesRenders() throws {
    _ = try handRenderer()
}
SWIFT
cd "$consumer"
# CI or not, the same build: nothing from the caller's environment reaches SwiftPM's settings.
env -u CARDRENDER_RECORD -u CARDRENDER_ARTIFACTS swift package resolve >/dev/null
# Wall time depends on what else the machine runs; the compilers' CPU time (user + system) much less.
start=$(date +%s.%N)
times_before=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
swift build --build-tests >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; echo "error: the consumer did not build" >&2; exit 1; }
seconds=$(echo "$(date +%s.%N) - $start" | bc)
ticks=$(( $(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat) - times_before ))
cpu=$(echo "scale=1; $ticks / $(getconf CLK_TCK)" | bc)
objects=$(find .build -name '*.o' | wc -l)
echo "consumer (PlayingCards + GoldenImageTesting): clean debug build ${seconds} s wall, ${cpu} s CPU, $objects object files"
# SwiftPM makes a folder for every target of the graph; the compiled ones hold object files.
built=$(find -L .build/debug/ -name '*.o' | sed -n 's|^\.build/debug/\([^/]*\)\.build/.*|\1|p' | sort -u)
[ -n "$built" ] || { echo "error: found no object files under .build/debug" >&2; exit 1; }
unwanted=""
for module in CCryptoBoringSSL CCryptoBoringSSLShims Crypto CryptoBoringWrapper BatchRendering RenderPipeline CardTemplates \
    KeyboardDiagrams ArgumentParser cardrender CardPreview Hummingbird HummingbirdCore HummingbirdWebSocket NIOCore NIOPosix CSystemLinux; do
  if echo "$built" | grep -qx "$module"; then unwanted="$unwanted $module"; fi
done
[ -z "$unwanted" ] || { echo "error: a consumer of PlayingCards and GoldenImageTesting compiled:$unwanted" >&2; exit 1; }

#!/usr/bin/env bash
# Builds and tests Examples/ (the README's Swift code) against cardrender by version, as a user's
# package depends on it: the working tree is committed and tagged in a bare repository, and
# Examples/Package.swift gets its file:// URL.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work="$root/.build/examples"
remote=$("$root/Tests/Outside/tagged-remote.sh" "$work" cardrender.git)
export CARDRENDER_PACKAGE_URL="file://$remote"
cd "$root/Examples"
# The Examples' goldens follow CARDRENDER_RECORD as `make test` sets it below; nothing else of the
# caller's reaches them.
unset CARDRENDER_ARTIFACTS
export LANG=C.UTF-8 LC_ALL=C.UTF-8 TZ=UTC
rm -f Package.resolved
echo "Examples: building against cardrender $(git -C "$remote" tag) at $CARDRENDER_PACKAGE_URL"
swift build --build-tests
# As `make test`: goldens are never written in CI.
CARDRENDER_RECORD=${CARDRENDER_RECORD:-$([ -n "${CI:-}" ] && echo never || echo missing)} swift test --skip-build
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swift run --skip-build examples "$out"

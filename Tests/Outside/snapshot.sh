#!/usr/bin/env bash
# Usage: snapshot.sh DEST
# Copies the working tree as it is (tracked and new files, never ignored ones such as .build) into
# DEST, commits it with a fixed date and tags it with the tool's version, so the same tree always
# gives the same commit. Prints the commit id.
set -euo pipefail
# A caller's git settings (a hook's GIT_DIR, say) must not point these git commands elsewhere.
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_CONFIG_GLOBAL
root=$(cd "$(dirname "$0")/../.." && pwd)
dest=$1
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$root/Sources/SharedCommands/CommandMain.swift")
[ -n "$version" ] || { echo "error: no version in Sources/SharedCommands/CommandMain.swift" >&2; exit 1; }
rm -rf "$dest"
mkdir -p "$dest"
(cd "$root" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) | tar -xf - -C "$dest"
cd "$dest"
export GIT_AUTHOR_NAME=cardrender GIT_AUTHOR_EMAIL=cardrender@localhost GIT_AUTHOR_DATE="2000-01-01T00:00:00Z"
export GIT_COMMITTER_NAME=cardrender GIT_COMMITTER_EMAIL=cardrender@localhost GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
git init -q
git add -A
git commit -q -m "cardrender $version"
git tag "$version"
git rev-parse HEAD

#!/usr/bin/env bash
# Commits and tags the working tree (snapshot.sh) into a bare repository under WORK_FOLDER, one
# folder per commit (SwiftPM caches a remote by URL, and a tag that moved would not be fetched),
# and prints its path. Earlier commits' copies are removed. The URL's last path component is the
# package identity, so NAME is cardrender or cardrender.git.
# Usage: tagged-remote.sh WORK_FOLDER NAME
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$1
name=$2
mkdir -p "$work"
commit=$("$root/Tests/Outside/snapshot.sh" "$work/tree")
remote="$work/$commit/$name"
if [ ! -d "$remote" ]; then
  find "$work" -mindepth 1 -maxdepth 1 -type d ! -name tree -exec rm -rf {} +
  mkdir -p "$work/$commit"
  git clone -q --bare "$work/tree" "$remote"
fi
rm -rf "$work/tree"
echo "$remote"

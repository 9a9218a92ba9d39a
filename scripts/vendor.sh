#!/usr/bin/env bash
# Copies the front-end libraries the page uses from node_modules into www/vendor/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p www/vendor
# Each line: source file under node_modules, destination name under www/vendor.
while read -r src dest; do
  [ -n "$src" ] || continue
  cp "node_modules/$src" "www/vendor/$dest"
done <<'LIST'
LIST

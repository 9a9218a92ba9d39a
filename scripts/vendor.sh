#!/usr/bin/env bash
# Copies front-end libraries from node_modules into www/vendor/ for the page. The page uses no
# third-party front-end library today, so the list below is empty and this copies nothing; a
# library the page comes to use is listed there, and `make dist` copies it with the rest of www/.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each line: source file under node_modules, destination name under www/vendor.
while read -r src dest; do
  [ -n "$src" ] || continue
  mkdir -p www/vendor
  cp "node_modules/$src" "www/vendor/$dest"
done <<'LIST'
LIST

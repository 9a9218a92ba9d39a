#!/usr/bin/env bash
# Installs what the build and the tests need and is missing; safe to run again (it skips what
# is present). Usage: scripts/setup.sh wasm|node_tools|browser|proof_tools|python_tools ...
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt() {
  # apt-get install, running apt-get update once first.
  if [ -z "${APT_UPDATED:-}" ]; then
    apt-get update -qq
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

wasm() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    echo "setup: adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  # wasm-bindgen-cli must match the wasm-bindgen crate in Cargo.lock exactly.
  local want
  want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print }' Cargo.lock)
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    echo "setup: installing wasm-bindgen-cli $want (takes a few minutes)"
    cargo install wasm-bindgen-cli --version "$want"
  fi
}

node_tools() {
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "setup: installing node and npm"
    need_apt nodejs npm
  fi
  if [ ! -d node_modules ] || [ package.json -nt node_modules ] || [ package-lock.json -nt node_modules ]; then
    echo "setup: installing npm packages"
    npm install --no-audit --no-fund --loglevel=error
    touch node_modules
  fi
}

browser() {
  node_tools
  # The browser tests run Chromium's headless build; the benchmarks, the full browser.
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
    echo "setup: installing chromium and chromium-headless-shell"
    need_apt chromium chromium-headless-shell
  fi
}

proof_tools() {
  node_tools
  if ! command -v parallel >/dev/null; then
    echo "setup: installing GNU parallel"
    need_apt parallel
  fi
}

python_tools() {
  # The Python package's build and tests: a virtualenv in python/.venv with maturin, pytest,
  # numpy (the tests feed the solver NumPy arrays) and mypy (they check the stubs with it).
  if ! command -v python3 >/dev/null || ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    echo "setup: installing python3 and python3-venv"
    need_apt python3 python3-venv
  fi
  if [ ! -x python/.venv/bin/python ]; then
    echo "setup: making the virtualenv python/.venv"
    python3 -m venv python/.venv
  fi
  if ! python/.venv/bin/python -c 'import maturin, pytest, numpy, mypy' 2>/dev/null; then
    echo "setup: installing maturin, pytest, numpy and mypy in python/.venv"
    # --no-compile: Python compiles what it imports when it first imports it (3 s against 6 s).
    python/.venv/bin/pip install --quiet --disable-pip-version-check --no-compile maturin pytest numpy mypy
  fi
}

for what in "$@"; do "$what"; done

# Boggle Explorer. `make serve` builds everything and serves the page; `make test` runs every test.
PORT ?= 8000
# Where `make dist` writes the self-contained site (the browser tests build one in a temp dir).
DIST ?= dist
WASM := target/wasm32-unknown-unknown/wasm-release/boggle.wasm
# The module the first view loads: the solver's bindings only (no cargo feature explorer).
WASM_SOLVE := target/wasm32-unknown-unknown/wasm-release/boggle_solve.wasm
CARGO_FLAGS ?=
# Cargo features of the wasm module. The tests and benchmarks need the test-only entry points
# (the crash hook, benchmark fixtures: feature test-hooks); `make dist` builds without them.
WASM_FEATURES ?= test-hooks
# Where `pkg` writes the JS bindings and compiled word lists (entropy-coded, so sent as they are)
# with brotli and gzip copies of the engines, so the dev server sends them as a host serving
# `make dist` does.
PKG ?= pkg
# wasm-opt (npm package binaryen) on the module the page downloads: -Oz after opt-level "s"
# (Cargo.toml's wasm-release profile) takes it from 152 to 120 KB gzipped.
WASM_OPT ?= -Oz

.PHONY: build native wasm pkg bundle release vendor serve test test-unit test-rust test-wasm test-e2e test-server test-docs test-proof lint bench dist clean setup

build: native release

# pkg/release.js: the release's version (a hash of every served file) and the app shell the
# service worker (sw.js) precaches.
release: bundle vendor
	node scripts/release.mjs . $(PKG)

# PKG/app/: the page's scripts and first stylesheet, bundled and minified (esbuild, npm).
bundle: pkg
	node scripts/bundle.mjs $(PKG)

native:
	cargo build --release $(CARGO_FLAGS)

# The wasm modules: the solver's (what the page starts with), then the full engine (every view).
wasm:
	@scripts/setup.sh wasm
	cargo rustc --profile wasm-release --lib --target wasm32-unknown-unknown --crate-type cdylib --features "$(WASM_FEATURES)" $(CARGO_FLAGS)
	cp $(WASM) $(WASM_SOLVE)
	cargo rustc --profile wasm-release --lib --target wasm32-unknown-unknown --crate-type cdylib --features "explorer $(WASM_FEATURES)" $(CARGO_FLAGS)

pkg: wasm native
	@scripts/setup.sh node_tools
	wasm-bindgen --target web --out-dir $(PKG) --out-name boggle_solve $(WASM_SOLVE)
	wasm-bindgen --target web --out-dir $(PKG) $(WASM)
	for m in boggle_solve boggle; do node_modules/.bin/wasm-opt $(WASM_OPT) $(PKG)/$${m}_bg.wasm -o $(PKG)/$${m}_bg.wasm; done
	target/release/boggle compile-list --wordlist wordlists/enable2k.txt $(PKG)/enable2k.dawg
	target/release/boggle compile-list --wordlist wordlists/yawl.txt $(PKG)/yawl.dawg
	target/release/boggle defaults --module > $(PKG)/defaults.js
	node scripts/static-host.mjs --compress $(PKG)/boggle_solve_bg.wasm $(PKG)/boggle_bg.wasm

# Front-end libraries copied from npm into www/vendor/ (never hand-edited).
vendor:
	@scripts/setup.sh node_tools
	@scripts/vendor.sh

serve: build
	node scripts/serve.mjs $(PORT) .

test: build lint test-server test-docs test-unit test-rust test-proof test-wasm test-e2e

# Linted with and without the test hooks, so neither build hides a warning.
lint: wasm
	cargo fmt --check
	cargo clippy --release --all-targets $(CARGO_FLAGS) -- -D warnings
	cargo clippy --release --all-targets --features test-hooks $(CARGO_FLAGS) -- -D warnings
	cargo clippy --release --lib --target wasm32-unknown-unknown $(CARGO_FLAGS) -- -D warnings
	cargo clippy --release --lib --target wasm32-unknown-unknown --features test-hooks $(CARGO_FLAGS) -- -D warnings
	cargo clippy --release --lib --target wasm32-unknown-unknown --features explorer $(CARGO_FLAGS) -- -D warnings
	cargo clippy --release --lib --target wasm32-unknown-unknown --features "explorer test-hooks" $(CARGO_FLAGS) -- -D warnings

test-rust:
	cargo test --release $(CARGO_FLAGS)

# The page's plain modules (no DOM, no build): the chart's buckets against the points they hold.
test-unit:
	node --test tests/unit/

# The dev server against hostile requests (needs no build).
test-server:
	node --test tests/server/

# The docs against the code (needs no build): every file a doc or comment names exists, and
# docs/url-parameters.md lists exactly the URL parameters the page reads.
test-docs:
	node --test tests/docs/

# A small proof as 8 shards through GNU parallel (and the Slurm and Kubernetes entry points).
test-proof: native
	@scripts/setup.sh proof_tools
	node --test tests/proof/

test-wasm: pkg
	node --test tests/wasm/

# Browser tests run one file at a time (they share the machine's cores); older node lacks the flag.
test-e2e: build
	@scripts/setup.sh browser
	node --test $$(node --test-concurrency=1 -e 0 2>/dev/null && echo --test-concurrency=1) tests/e2e/

bench: native release
	@cargo bench --bench engine --features test-hooks 2>/dev/null | grep '^bench '
	@cargo bench --bench breaking 2>/dev/null | grep '^bench '
	@node benches/wasm.mjs
	@node benches/page.mjs
	@node benches/embed.mjs

# A self-contained folder any static host can serve as is: its own pkg/, built without the
# test hooks (after this, the next `make pkg` rebuilds the wasm module with them).
dist: native vendor
	rm -rf $(DIST)
	mkdir -p $(DIST)
	$(MAKE) --no-print-directory bundle WASM_FEATURES= PKG=$(DIST)/pkg
	cp -r index.html sw.js www wordlists $(DIST)/
	for f in embed-example.html embed-example; do [ ! -e $$f ] || cp -r $$f $(DIST)/; done
	rm -f $(DIST)/wordlists/README.md $(DIST)/pkg/.gitignore
	node scripts/release.mjs $(DIST)
	node scripts/static-host.mjs $(DIST)
	@echo "$(DIST)/ is ready: serve it from any static host"

clean:
	rm -rf target pkg dist www/vendor

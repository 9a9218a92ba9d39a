# Boggle Explorer. `make serve` builds everything and serves the page; `make test` runs every test.
PORT ?= 8000
# Where `make dist` writes the self-contained site (the browser tests build one in a temp dir).
DIST ?= dist
WASM := target/wasm32-unknown-unknown/release/boggle.wasm
CARGO_FLAGS ?=
# Cargo features of the wasm module. The tests and benchmarks need the test-only entry points
# (the crash hook, benchmark fixtures: feature test-hooks); `make dist` builds without them.
WASM_FEATURES ?= test-hooks
# Where `pkg` writes the JS bindings and compiled word lists.
PKG ?= pkg

.PHONY: build native wasm pkg vendor serve test test-rust test-wasm test-e2e test-server test-proof lint bench dist clean setup

build: native pkg vendor

native:
	cargo build --release $(CARGO_FLAGS)

# The wasm module, then its JS bindings in pkg/ (wasm-bindgen --target web).
wasm:
	@scripts/setup.sh wasm
	cargo rustc --release --lib --target wasm32-unknown-unknown --crate-type cdylib --features "$(WASM_FEATURES)" $(CARGO_FLAGS)

pkg: wasm native
	wasm-bindgen --target web --out-dir $(PKG) $(WASM)
	target/release/boggle compile-list --wordlist wordlists/enable2k.txt $(PKG)/enable2k.trie
	target/release/boggle compile-list --wordlist wordlists/yawl.txt $(PKG)/yawl.trie
	target/release/boggle defaults --module > $(PKG)/defaults.js

# Front-end libraries copied from npm into www/vendor/ (never hand-edited).
vendor:
	@scripts/setup.sh node_tools
	@scripts/vendor.sh

serve: build
	node scripts/serve.mjs $(PORT) .

test: build lint test-server test-rust test-proof test-wasm test-e2e

# Linted with and without the test hooks, so neither build hides a warning.
lint: wasm
	cargo fmt --check
	cargo clippy --release --all-targets $(CARGO_FLAGS) -- -D warnings
	cargo clippy --release --all-targets --features test-hooks $(CARGO_FLAGS) -- -D warnings
	cargo clippy --release --lib --target wasm32-unknown-unknown $(CARGO_FLAGS) -- -D warnings
	cargo clippy --release --lib --target wasm32-unknown-unknown --features test-hooks $(CARGO_FLAGS) -- -D warnings

test-rust:
	cargo test --release $(CARGO_FLAGS)

# The dev server against hostile requests (needs no build).
test-server:
	node --test tests/server/

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

bench: native pkg
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
	$(MAKE) --no-print-directory pkg WASM_FEATURES= PKG=$(DIST)/pkg
	cp -r index.html www wordlists $(DIST)/
	for f in embed-example.html embed-example; do [ ! -e $$f ] || cp -r $$f $(DIST)/; done
	rm -f $(DIST)/wordlists/README.md $(DIST)/pkg/.gitignore
	@echo "$(DIST)/ is ready: serve it from any static host"

clean:
	rm -rf target pkg dist www/vendor

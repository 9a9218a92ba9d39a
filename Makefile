# Boggle Explorer. `make serve` builds everything and serves the page; `make test` runs every test.
PORT ?= 8000
# Where `make dist` writes the self-contained site (the browser tests build one in a temp dir).
DIST ?= dist
WASM := target/wasm32-unknown-unknown/release/boggle.wasm
CARGO_FLAGS ?=

.PHONY: build native wasm pkg vendor serve test test-rust test-wasm test-e2e test-server test-proof lint bench dist clean setup

build: native pkg vendor

native:
	cargo build --release $(CARGO_FLAGS)

# The wasm module, then its JS bindings in pkg/ (wasm-bindgen --target web).
wasm:
	@scripts/setup.sh wasm
	cargo rustc --release --lib --target wasm32-unknown-unknown --crate-type cdylib $(CARGO_FLAGS)

pkg: wasm native
	wasm-bindgen --target web --out-dir pkg $(WASM)
	target/release/boggle compile-list --wordlist wordlists/enable2k.txt pkg/enable2k.trie
	target/release/boggle compile-list --wordlist wordlists/yawl.txt pkg/yawl.trie

# Front-end libraries copied from npm into www/vendor/ (never hand-edited).
vendor:
	@scripts/setup.sh node_tools
	@scripts/vendor.sh

serve: build
	node scripts/serve.mjs $(PORT) .

test: build lint test-server test-rust test-proof test-wasm test-e2e

lint: wasm
	cargo fmt --check
	cargo clippy --release --all-targets $(CARGO_FLAGS) -- -D warnings
	cargo clippy --release --lib --target wasm32-unknown-unknown $(CARGO_FLAGS) -- -D warnings

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
	@cargo bench --bench engine 2>/dev/null | grep '^bench '
	@node benches/wasm.mjs
	@node benches/page.mjs

# A self-contained folder any static host can serve as is.
dist: build
	rm -rf $(DIST)
	mkdir -p $(DIST)
	cp -r index.html www pkg wordlists $(DIST)/
	for f in embed-example.html; do [ ! -f $$f ] || cp $$f $(DIST)/; done
	rm -f $(DIST)/wordlists/README.md $(DIST)/pkg/.gitignore
	@echo "$(DIST)/ is ready: serve it from any static host"

clean:
	rm -rf target pkg dist www/vendor

# Boggle Explorer. `make serve` builds everything and serves the page; `make test` runs every test.
PORT ?= 8000
# Where `make dist` writes the self-contained site (the browser tests build one in a temp dir).
DIST ?= dist
CARGO_FLAGS ?=
# Cargo features of the wasm modules: none for the page (the tests load what `make dist` ships);
# `make bench` builds its own with the benchmark fixtures (feature bench-fixtures) in BENCH_PKG.
WASM_FEATURES ?=
BENCH_PKG := target/bench-pkg
# Where `pkg` writes the JS bindings and compiled word lists (entropy-coded, so sent as they are)
# with brotli and gzip copies of the engines, so the dev server sends them as a host serving
# `make dist` does.
PKG ?= pkg
# wasm-opt (npm package binaryen) on the module the page downloads: -Oz after opt-level "s"
# (Cargo.toml's wasm-release profile) takes it from 152 to 120 KB gzipped.
WASM_OPT ?= -Oz

# Every step below is a file made from the files it reads, so a second `make build` on an
# unchanged tree does nothing but write pkg/release.js. Every file the Rust builds read:
RUST_SOURCES := Cargo.toml Cargo.lock $(wildcard .cargo/config.toml) $(shell find src -name '*.rs')
# What cargo's wasm builds leave (one target directory, so the feature sets share their
# dependencies), and where each feature set's modules are kept: a build for one feature set
# then never makes the other's stale. The solver's module is what the page starts with; the
# full engine (feature explorer) serves every view.
CARGO_WASM := target/wasm32-unknown-unknown/wasm-release/boggle.wasm
space := $(subst ,, )
WASM_OUT = target/wasm-modules/$(or $(subst $(space),-,$(strip $(WASM_FEATURES))),plain)
WASM_SOLVE = $(WASM_OUT)/boggle_solve.wasm
WASM = $(WASM_OUT)/boggle.wasm
NATIVE := target/release/boggle
# The page's sources the bundle is made from.
WWW_SOURCES := index.html $(shell find www -type f -not -path 'www/vendor/*')

.PHONY: build native wasm pkg bundle release vendor serve typecheck test test-unit test-rust test-wasm test-e2e test-server test-docs test-proof test-python lint bench bench-search dist clean setup

# The CLI and the two wasm engines build side by side: each ends in a single-threaded LTO step,
# so on two cores a build from scratch takes 57 s against 83 s one after the other. The tools
# are installed first, so that two jobs never install the same one.
build:
	@scripts/setup.sh wasm node_tools
	@$(MAKE) --no-print-directory -j2 native pkg
	@$(MAKE) --no-print-directory release

# pkg/release.js: the release's version (a hash of every served file) and the app shell the
# service worker (sw.js) precaches.
release: bundle vendor
	node scripts/release.mjs . $(PKG)

# PKG/app/: the page's scripts and first stylesheet, bundled and minified (esbuild, npm).
bundle: pkg $(PKG)/app/app.js
$(PKG)/app/app.js: $(WWW_SOURCES) scripts/bundle.mjs $(PKG)/boggle_solve_bg.wasm $(PKG)/boggle_bg.wasm $(PKG)/defaults.js
	node scripts/bundle.mjs $(PKG)

native: $(NATIVE)
$(NATIVE): $(RUST_SOURCES)
	cargo build --release $(CARGO_FLAGS)
	@touch $@

wasm: $(WASM_SOLVE) $(WASM)
$(WASM_SOLVE): $(RUST_SOURCES)
	@scripts/setup.sh wasm
	cargo rustc --profile wasm-release --lib --target wasm32-unknown-unknown --crate-type cdylib --features "$(WASM_FEATURES)" $(CARGO_FLAGS)
	@mkdir -p $(@D) && cp $(CARGO_WASM) $@
# After the solver's module (order only): cargo writes both to $(CARGO_WASM), so the two must
# not run side by side, each copying out what the other just built.
$(WASM): $(RUST_SOURCES) | $(WASM_SOLVE)
	@scripts/setup.sh wasm
	cargo rustc --profile wasm-release --lib --target wasm32-unknown-unknown --crate-type cdylib --features "explorer $(WASM_FEATURES)" $(CARGO_FLAGS)
	@mkdir -p $(@D) && cp $(CARGO_WASM) $@

# Every list in wordlists/ compiled, the form the page downloads (the page offers those that
# src/word_lists.rs builds in).
LIST_DAWGS := $(patsubst wordlists/%.txt,$(PKG)/%.dawg,$(wildcard wordlists/*.txt))
pkg: $(PKG)/boggle_solve_bg.wasm $(PKG)/boggle_bg.wasm $(LIST_DAWGS) $(PKG)/defaults.js

# Each module: its bindings, then wasm-opt, then brotli and gzip copies.
$(PKG)/boggle_solve_bg.wasm: $(WASM_SOLVE)
	@scripts/setup.sh wasm node_tools
	wasm-bindgen --target web --out-dir $(PKG) --out-name boggle_solve $<
	node_modules/.bin/wasm-opt $(WASM_OPT) $@ -o $@
	node scripts/static-host.mjs --compress $@
$(PKG)/boggle_bg.wasm: $(WASM)
	@scripts/setup.sh wasm node_tools
	wasm-bindgen --target web --out-dir $(PKG) --out-name boggle $<
	node_modules/.bin/wasm-opt $(WASM_OPT) $@ -o $@
	node scripts/static-host.mjs --compress $@

$(PKG)/%.dawg: wordlists/%.txt $(NATIVE)
	@mkdir -p $(@D)
	$(NATIVE) compile-list --wordlist $< $@

$(PKG)/defaults.js: $(NATIVE)
	@mkdir -p $(@D)
	$(NATIVE) defaults --module > $@

# Front-end libraries copied from npm into www/vendor/ (never hand-edited): the page uses none
# today, so scripts/vendor.sh's list is empty and it copies nothing; a library added to it is
# then copied before every release, and `make dist` ships it with the rest of www/.
vendor:
	@scripts/setup.sh node_tools
	@scripts/vendor.sh

# Everything the build, the tests and the benchmarks use, installed where missing (apt-get
# for the system's packages, so as root).
setup:
	@scripts/setup.sh wasm node_tools browser proof_tools python_tools

serve: build
	node scripts/serve.mjs $(PORT) .

test: build lint test-server test-docs test-unit test-rust test-proof test-python test-wasm test-e2e

# Linted with and without the benchmark fixtures, so neither build hides a warning: natively,
# and the wasm module as each build has it (no feature: the solver's module, which also shows
# anything only another feature uses; `explorer`: the page's full engine; with the fixtures:
# `make bench`'s), in the wasm build's profile, whose macros and build scripts the build has
# compiled (14 s against 26 s). The page's JavaScript is type-checked from its JSDoc (tsc, npm
# typescript) against the engine's bindings.
# The engine's API docs are built with warnings as errors, so no doc comment links to a name that
# is gone or private.
# The Python package is linted in the profile `make test-python` builds its wheel in, which then
# reuses the macros and build scripts compiled here (a fresh clone's wheel: 21 s against 30 s).
lint: wasm typecheck
	cargo fmt --check
	cargo clippy --release --all-targets $(CARGO_FLAGS) -- -D warnings
	cargo clippy --release --all-targets --features bench-fixtures $(CARGO_FLAGS) -- -D warnings
	cargo clippy --profile wasm-release --lib --target wasm32-unknown-unknown $(CARGO_FLAGS) -- -D warnings
	cargo clippy --profile wasm-release --lib --target wasm32-unknown-unknown --features explorer $(CARGO_FLAGS) -- -D warnings
	cargo clippy --profile wasm-release --lib --target wasm32-unknown-unknown --features "explorer bench-fixtures" $(CARGO_FLAGS) -- -D warnings
	RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --lib --all-features $(CARGO_FLAGS)
	cargo fmt --check --manifest-path python/Cargo.toml
	cargo clippy --profile tests --manifest-path python/Cargo.toml -- -D warnings

typecheck: $(PKG)/boggle_solve_bg.wasm $(PKG)/boggle_bg.wasm $(PKG)/defaults.js
	@scripts/setup.sh node_tools
	node_modules/.bin/tsc -p jsconfig.json
	node_modules/.bin/tsc -p jsconfig.worker.json

# Profile `tests` (Cargo.toml): release optimisation without LTO, which every test binary would repeat.
test-rust:
	cargo test --profile tests $(CARGO_FLAGS)

# The page's plain modules, in node without a DOM: the chart's buckets and drawing, number
# formats, the bounds presets, break files, the partition run's price and the search's figures.
# Some import pkg/defaults.js (through www/lib/lists.js and limits.js), which the native build writes.
test-unit: $(PKG)/defaults.js
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

# The Python package (python/, pyo3): builds its wheel into python/target/wheels, installs it
# in the virtualenv python/.venv (made by setup.sh with maturin, pytest and numpy) and runs its
# tests, which compare with the CLI.
test-python: native
	@scripts/setup.sh python_tools
	cd python && .venv/bin/maturin build --profile tests -o target/wheels
	python/.venv/bin/pip install --quiet --no-index --find-links python/target/wheels --force-reinstall --no-deps boggle_explorer
	python/.venv/bin/pytest -q python/tests

test-wasm: pkg
	node --test tests/wasm/

# Browser tests run two files at a time: a test mostly waits on one process (the page, a
# worker, axe), so two keep a 2-core machine busy (620 s against 840 s here); older node lacks
# the flag.
test-e2e: build
	@scripts/setup.sh browser
	node --test $$(node --test-concurrency=2 -e 0 2>/dev/null && echo --test-concurrency=2) tests/e2e/

bench: native release
	@$(MAKE) --no-print-directory pkg WASM_FEATURES=bench-fixtures PKG=$(BENCH_PKG)
	@cargo bench --bench engine --features bench-fixtures 2>/dev/null | grep '^bench '
	@cargo bench --bench breaking 2>/dev/null | grep '^bench '
	@node benches/wasm.mjs $(BENCH_PKG)
	@node benches/page.mjs
	@node benches/embed.mjs
	@node benches/play.mjs
	@$(MAKE) --no-print-directory bench-search

# The search goals, about an hour on two cores: the CLI's defaults from fixed seeds (annealing
# to 3625 on 4x4, hill climbing to 10406 on 5x5, one thread each, with budgets of boards about
# as long as the goals' 60 s and 300 s), the page's time to the best board with its two
# workers (both optimizers on 5x5), and a 30-minute watched annealing run (memory, draw times, the drawn best).
bench-search: native release
	@cargo bench --bench schedules -- 5 10000000 default 2>&1 | grep -E '^(bench |default seed)'
	@cargo bench --bench search5x5 -- 3 12000000 default 2>&1 | grep -E '^(bench |default seed)'
	@node benches/search.mjs 5 4x4 3625 anneal 120
	@node benches/search.mjs 5 5x5 10406 hillclimb 600
	@node benches/search.mjs 5 5x5 10406 anneal 200
	@node benches/search-soak.mjs 30

# A self-contained folder any static host can serve as is: the page's sources with a copy of the
# pkg/ the page runs from (the same modules the tests load), and its own release file. The
# bindings' type declarations (pkg/*.d.ts) are for the type check: no page asks for them.
dist: native vendor bundle
	rm -rf $(DIST)
	mkdir -p $(DIST)/pkg
	cp -r $(PKG)/. $(DIST)/pkg/
	cp -r index.html sw.js www $(DIST)/
	for f in embed-example.html embed-example; do [ ! -e $$f ] || cp -r $$f $(DIST)/; done
	rm -f $(DIST)/pkg/.gitignore $(DIST)/pkg/*.d.ts
	node scripts/release.mjs $(DIST)
	node scripts/static-host.mjs $(DIST)
	@echo "$(DIST)/ is ready: serve it from any static host"

clean:
	rm -rf target pkg dist www/vendor

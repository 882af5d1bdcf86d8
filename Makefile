# cardrender: `make run` renders the default set into Output/, `make test` runs the tests.
# Both install what is missing first (`make deps`).

SWIFT      ?= swift
OUT        ?= Output
PREFIX     ?= /usr/local
DESTDIR    ?=
# The installed layout: the binary, its SwiftPM resource bundles in share/cardrender (where the tool
# looks beside ../share/cardrender), completions and the man page where shells and man look.
BIN_DIR        = $(DESTDIR)$(PREFIX)/bin
RESOURCE_DIR   = $(DESTDIR)$(PREFIX)/share/cardrender
BASH_COMP_DIR  = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_COMP_DIR   = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_COMP_DIR  = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
MAN_DIR        = $(DESTDIR)$(PREFIX)/share/man/man1
RELEASE_BIN    = .build/release
DEB_PACKAGES = pkg-config libcairo2-dev libpng-dev zlib1g-dev libdeflate-dev libfreetype-dev libpango1.0-dev librsvg2-dev libwebp-dev libturbojpeg0-dev libxml2-dev
BENCH_PACKAGES = imagemagick time
# The tests check PDFs with poppler's pdfinfo, pdffonts, pdftotext and pdftoppm, bidi text
# against Pango's own pango-view, and the keyboard animation in headless Chromium. XLSX and ODS
# data are tested with files LibreOffice (libreoffice-calc-nogui) and openpyxl (from PyPI) write.
TEST_PACKAGES = poppler-utils pango1.0-tools chromium python3 python3-pip libreoffice-calc-nogui
TEST_PIP_PACKAGES = openpyxl

.PHONY: all deps system-deps test-deps build run test unit-test environment-test browser-test examples install-check api-docs doc-coverage goldens bench bench-baseline docs install uninstall manual clean \
  fuzz fuzz-build fuzz-run fuzz-ci sanitize sanitize-ci sanitize-address sanitize-thread stress stress-ci

all: build

# Installs the Debian packages that are missing (as root, or through sudo).
deps: system-deps

system-deps:
	@missing=""; for p in $(DEB_PACKAGES) $(EXTRA_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; \
	  elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; \
	  else echo "error: missing packages:$$missing. Run as root: apt-get update && apt-get install -y$$missing" >&2; exit 1; fi; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null || { \
	    echo "error: apt-get could not install:$$missing" >&2; exit 1; }; \
	fi

# What the test suite needs besides the build.
test-deps: deps
	@$(MAKE) --no-print-directory system-deps EXTRA_PACKAGES="$(TEST_PACKAGES)"
	@python3 -c "import openpyxl" 2>/dev/null || { echo "Installing (pip): $(TEST_PIP_PACKAGES)"; \
	  python3 -m pip install -q $(TEST_PIP_PACKAGES) 2>/dev/null || python3 -m pip install -q --break-system-packages $(TEST_PIP_PACKAGES) || { \
	    echo "error: pip could not install: $(TEST_PIP_PACKAGES)" >&2; exit 1; }; }

build: deps
	$(SWIFT) build -c release --product cardrender
	$(SWIFT) build -c release --product cardrender-preview
	$(SWIFT) build -c release --product cardrender-golden

run: build
	$(SWIFT) run -c release cardrender render --out $(OUT)

# Goldens are never written in CI (CI=true); locally a missing golden is recorded once and
# the test fails, so a new golden is always looked at. Re-record all: `make goldens`.
# `make test` runs stage by stage, each printing how long it took, so a slow CI run shows where its
# time went. The tests that start processes or read variables run in the plain build in a hostile
# environment; then the animation in Chromium and what a user outside the checkout gets: the
# Examples package built by version, an installed binary run with the checkout moved away, and the
# API docs. Every test target but CLITests runs under AddressSanitizer (`sanitize-ci`, with CI as
# the caller set it), with memory errors and leaks checked too, so each test of `unit-test` runs at
# least once. Last, every fuzz target for 30 s and 20 rounds of the thread stress test.
TEST_STAGES = environment-test browser-test examples install-check api-docs doc-coverage sanitize-ci fuzz-ci stress-ci
test:
	@started=$$(date +%s); for stage in $(TEST_STAGES); do \
	  begun=$$(date +%s); $(MAKE) --no-print-directory $$stage || { echo "make test: $$stage failed" >&2; exit 1; }; \
	  echo "make test: $$stage passed in $$(( $$(date +%s) - begun )) s"; \
	done; echo "make test: every stage passed in $$(( $$(date +%s) - started )) s"

# The C comparison and PNG loops are optimised in debug test builds too (a flag a versioned
# dependency may not set in its manifest, so it is given here).
TEST_FLAGS ?= -Xcc -O2

unit-test: test-deps
	$(SWIFT) build --build-tests $(TEST_FLAGS)
	CARDRENDER_RECORD=$${CARDRENDER_RECORD:-$(if $(CI),never,missing)} $(SWIFT) test --skip-build $(TEST_FLAGS)

# Tests must not depend on the caller's environment. The targets whose tests start processes or read
# variables run once more: CLITests (every test that runs cardrender, git or poppler), DocumentTests
# (poppler), GoldenImagesTests (assertGolden and the CARDRENDER_* variables) and SpreadsheetTests
# (LibreOffice and openpyxl). They run with CI flipped (unset when the caller set it, with
# CARDRENDER_RECORD=missing as on a developer's machine; set, with CARDRENDER_RECORD=never, when the
# caller did not) and in a hostile environment: LANG=C, TZ=Asia/Seoul, HOME a file nothing can be
# written under, started from another folder (SwiftPM itself caches its manifests there, through
# XDG_CACHE_HOME). The other targets start no process and read no variable; running the whole suite
# again would add about a third to the time of `make test`.
ENVIRONMENT_TESTS = CLITests|GoldenImagesTests|DocumentTests|SpreadsheetTests

# The keyboard animation (APNG and SMIL SVG) plays in headless Chromium as the spring says; the
# screenshots stay in .build/browser to look at. Then `cardrender preview` in the same browser: the cards
# appear, a saved CSV row updates its card, an error shows and clears, paths outside are refused
# (screenshots in .build/browser-preview; docs/preview-*.png are copies).
browser-test: test-deps
	$(SWIFT) build --build-tests $(TEST_FLAGS)
	python3 Tests/Outside/browser-animation.py .build/debug/cardrender .build/browser
	python3 Tests/Outside/browser-preview.py .build/debug/cardrender .build/browser-preview

environment-test: test-deps
	$(SWIFT) build --build-tests $(TEST_FLAGS)
	elsewhere=$$(mktemp -d) && cd "$$elsewhere" && \
	  env $(if $(CI),-u CI CARDRENDER_RECORD=missing,CI=true CARDRENDER_RECORD=never) \
	    LANG=C LC_ALL=C TZ=Asia/Seoul HOME=/dev/null XDG_CACHE_HOME="$$elsewhere/cache" \
	    $(SWIFT) test --package-path $(CURDIR) --skip-build $(TEST_FLAGS) --filter '$(ENVIRONMENT_TESTS)'; \
	  status=$$?; cd / && rm -rf "$$elsewhere"; exit $$status

# libFuzzer targets (Fuzz/): the C ones built with clang straight from Sources/CPNG, the Swift parsers
# from the Fuzz package (which depends on this one). Each runs FUZZ_SECONDS on a working corpus
# seeded from Fuzz/corpus/NAME; a crash, hang or leak fails the target and leaves its input in
# FUZZ_CRASHES.
FUZZ_SECONDS ?= 60
# The whole-command mutation driver (Fuzz/cli/mutate.py): cards and print runs on a mutated copy of
# the example game, each under a time limit; a new seed each run unless FUZZ_CLI_SEED is set.
FUZZ_CLI_SECONDS ?= 600
FUZZ_CLI_SEED    ?=
FUZZ_CLI_BIN     ?= $(RELEASE_BIN)/cardrender
FUZZ_JOBS        ?= $(shell nproc)
# The driver's environment: for a binary built with ASan, its reports' exit codes (not 1, which
# means "images differ") and the suppressions the test suite uses.
FUZZ_CLI_ENV     ?=
FUZZ_CLI_ASAN_ENV = G_SLICE=always-malloc SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=exitcode=86 \
  LSAN_OPTIONS=suppressions=$(CURDIR)/$(SANITIZERS)/lsan.supp:print_suppressions=0:exitcode=87
FUZZ_DIR      = .build-fuzz
# The targets that draw share the test suite's leak suppressions (fontconfig, cairo); a fatal error
# prints its message without the Swift backtracer, which trips AddressSanitizer as it reads the stack.
FUZZ_ENV      = LSAN_OPTIONS=suppressions=$(CURDIR)/$(SANITIZERS)/lsan.supp:print_suppressions=0 SWIFT_BACKTRACE=enable=no
FUZZ_CRASHES  = $(FUZZ_DIR)/crashes
FUZZ_C        = deflate png png-inflate
FUZZ_SWIFT    = card-name frame spec template data spreadsheet markup svg
FUZZ_CC      ?= clang
FUZZ_CFLAGS   = -g -O1 -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_SWIFTPM  = --package-path Fuzz --scratch-path $(FUZZ_DIR)/swift -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -parse-as-library -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld

# The Swift targets are linked, not copied, into bin: they find resource bundles beside the real file.
fuzz-build: deps
	@mkdir -p $(FUZZ_DIR)/bin
	for target in $(FUZZ_C); do \
	  $(FUZZ_CC) $(FUZZ_CFLAGS) -I Sources/CPNG/include Fuzz/C/fuzz-$$target.c Sources/CPNG/*.c \
	    -lpng16 -lz -ldeflate -o $(FUZZ_DIR)/bin/fuzz-$$target || exit 1; \
	done
	$(SWIFT) build $(FUZZ_SWIFTPM)
	@bin=$$($(SWIFT) build $(FUZZ_SWIFTPM) --show-bin-path) && \
	  for target in $(FUZZ_SWIFT); do ln -sf "$$bin/fuzz-$$target" $(FUZZ_DIR)/bin/fuzz-$$target; done

fuzz: fuzz-build build
	@$(MAKE) --no-print-directory fuzz-run

# FUZZ_JOBS targets at a time (each on its own core for its whole FUZZ_SECONDS), then the command
# driver on FUZZ_CLI_BIN.
fuzz-run:
	@mkdir -p $(FUZZ_CRASHES); rm -f $(FUZZ_DIR)/*.failed; \
	printf '%s\n' $(FUZZ_C) $(FUZZ_SWIFT) | xargs -P $(FUZZ_JOBS) -I TARGET sh -c '\
	  mkdir -p $(FUZZ_DIR)/corpus/TARGET; echo "fuzz-TARGET: $(FUZZ_SECONDS) s"; \
	  $(FUZZ_ENV) $(FUZZ_DIR)/bin/fuzz-TARGET -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix=$(FUZZ_CRASHES)/TARGET- $(FUZZ_DIR)/corpus/TARGET Fuzz/corpus/TARGET \
	    > $(FUZZ_DIR)/TARGET.log 2>&1 || touch $(FUZZ_DIR)/TARGET.failed'; \
	failed=""; for target in $(FUZZ_C) $(FUZZ_SWIFT); do \
	  [ ! -e $(FUZZ_DIR)/$$target.failed ] || { failed="$$failed $$target"; tail -n 30 $(FUZZ_DIR)/$$target.log; }; \
	done; \
	echo "cli-mutate: $(FUZZ_CLI_SECONDS) s"; \
	$(FUZZ_CLI_ENV) python3 Fuzz/cli/mutate.py --binary $(FUZZ_CLI_BIN) --game docs/examples/game \
	  --seconds $(FUZZ_CLI_SECONDS) $(if $(FUZZ_CLI_SEED),--seed $(FUZZ_CLI_SEED)) --findings $(FUZZ_CRASHES)/cli \
	  || failed="$$failed cli-mutate"; \
	[ -z "$$failed" ] || { echo "error: crashes in:$$failed; reproducers in $(FUZZ_CRASHES)/, logs in $(FUZZ_DIR)/" >&2; exit 1; }

# Every target for 30 s and the command-line mutation driver for 60 s with a fixed seed, short
# enough for CI. The driver runs cardrender built with AddressSanitizer in the sanitize stage's
# folder (already built when `make test` gets here): a memory error, undefined behaviour or a leak
# in a whole command's run is a finding, as the CLI tests are not run under ASan in `make test`.
fuzz-ci: fuzz-build
	$(SWIFT) build --product cardrender --scratch-path .build-asan $(ASAN_FLAGS)
	@$(MAKE) --no-print-directory fuzz-run FUZZ_SECONDS=30 FUZZ_CLI_SECONDS=60 FUZZ_CLI_SEED=1 \
	  FUZZ_CLI_BIN=$$($(SWIFT) build --scratch-path .build-asan $(ASAN_FLAGS) --show-bin-path)/cardrender \
	  FUZZ_CLI_ENV="$(FUZZ_CLI_ASAN_ENV)"

# The test suite under AddressSanitizer with LeakSanitizer (`sanitize`) or ThreadSanitizer
# (`sanitize-thread`), each in its own build folder. The cardrender processes the CLI tests start
# inherit the options, so a report there fails the test (exit 23 or 66). The suppressions in
# Tests/Sanitizers say why each one is there. GLib's slice allocator keeps a cache of magazines per
# thread in thread-specific data, which LeakSanitizer does not follow; G_SLICE=always-malloc turns
# it off, as GLib's own documentation advises for leak checkers.
SANITIZERS = Tests/Sanitizers
ASAN_FLAGS = -Xswiftc -sanitize=address -Xcc -fsanitize=address $(TEST_FLAGS)
TSAN_FLAGS = -Xswiftc -sanitize=thread -Xcc -fsanitize=thread $(TEST_FLAGS)
SANITIZE_RECORD = CARDRENDER_RECORD=$${CARDRENDER_RECORD:-$(if $(CI),never,missing)}

# SANITIZE_SKIP: test targets left out (a regular expression for `swift test --skip`).
SANITIZE_SKIP ?=

sanitize: sanitize-address

sanitize-address: test-deps
	$(SWIFT) build --build-tests --scratch-path .build-asan $(ASAN_FLAGS)
	$(SANITIZE_RECORD) G_SLICE=always-malloc LSAN_OPTIONS=suppressions=$(CURDIR)/$(SANITIZERS)/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --skip-build --scratch-path .build-asan $(ASAN_FLAGS) $(if $(SANITIZE_SKIP),--skip '$(SANITIZE_SKIP)')

# For `make test`: every target but CLITests, which start the cardrender binary in nearly every test
# and took most of this stage's time under ASan; they run in the plain build (environment-test).
sanitize-ci:
	@$(MAKE) --no-print-directory sanitize SANITIZE_SKIP=CLITests

sanitize-thread: test-deps
	$(SWIFT) build --build-tests --scratch-path .build-tsan $(TSAN_FLAGS)
	$(SANITIZE_RECORD) TSAN_OPTIONS=suppressions=$(CURDIR)/$(SANITIZERS)/tsan.supp:print_suppressions=0 \
	  $(SWIFT) test --skip-build --scratch-path .build-tsan $(TSAN_FLAGS)

# Tests/Stress/stress.sh: STRESS_RUNS rounds of `render --force -j 8`, each followed by `cards`, `deck`
# or `print` with -j 8, every run under a watchdog that takes gdb backtraces of a hang (into
# .build/stress) and kills it. Fails on any hang, signal or non-zero exit. The test build's binary.
STRESS_RUNS ?= 300

stress: test-deps
	@command -v gdb >/dev/null || $(MAKE) --no-print-directory system-deps EXTRA_PACKAGES=gdb
	$(SWIFT) build --product cardrender $(TEST_FLAGS)
	CARDRENDER=$$($(SWIFT) build $(TEST_FLAGS) --show-bin-path)/cardrender STRESS_RUNS=$(STRESS_RUNS) Tests/Stress/stress.sh

stress-ci:
	@$(MAKE) --no-print-directory stress STRESS_RUNS=20

# Examples/ (every Swift snippet of the README) against a tagged copy of this checkout; then a clean
# build of a package that imports only PlayingCards and GoldenImageTesting, which must not compile
# swift-crypto or the command line's modules (it prints its build time).
# links.sh: the Examples package's programs that import only GoldenImages or only BatchRendering must
# not be built from Drawing or link Cairo, Pango or librsvg.
examples: deps
	Tests/Outside/examples.sh
	Tests/Outside/consumer.sh
	Tests/Outside/links.sh

# `make install` to a temporary PREFIX and DESTDIR, then every subcommand with the checkout moved away.
install-check: deps
	Tests/Outside/install.sh

# DocC for the library products, warnings as errors, into .build/api-docs. With the test build's flags,
# so after `make unit-test` nothing is compiled again (other flags would rebuild every module).
API_DOC_TARGETS = CardRenderSupport Geometry Images Drawing PlayingCards KeyboardDiagrams GoldenImages GoldenImageTesting BatchRendering RenderPipeline PrintLayout CardTemplates CardPreview
api-docs: deps
	$(SWIFT) package $(TEST_FLAGS) --allow-writing-to-directory .build/api-docs generate-documentation \
	  $(foreach target,$(API_DOC_TARGETS),--target $(target)) --enable-experimental-combined-documentation \
	  --output-path .build/api-docs --warnings-as-errors

# Public doc-comment coverage per module (scripts/doc-coverage.py says what counts), from the symbol
# graphs of the test build; fails when a module of DOC_COVERAGE_REQUIRED is under DOC_COVERAGE_MIN %.
DOC_COVERAGE_MODULES  = $(API_DOC_TARGETS) SpecFiles
DOC_COVERAGE_REQUIRED = CardRenderSupport Geometry Images Drawing KeyboardDiagrams PrintLayout CardTemplates SpecFiles GoldenImages GoldenImageTesting RenderPipeline BatchRendering PlayingCards CardPreview
DOC_COVERAGE_MIN     ?= 90
doc-coverage: deps
	@graphs=$$($(SWIFT) package $(TEST_FLAGS) dump-symbol-graph --skip-synthesized-members --minimum-access-level public \
	  | sed -n 's/^Files written to //p') && [ -n "$$graphs" ] || { echo "error: no symbol graphs were written" >&2; exit 1; }; \
	  python3 scripts/doc-coverage.py "$$graphs" $(DOC_COVERAGE_MODULES) --require $(DOC_COVERAGE_MIN) --of $(DOC_COVERAGE_REQUIRED) \
	    $(if $(LIST),--list $(LIST))

goldens: test-deps
	$(SWIFT) build --build-tests $(TEST_FLAGS)
	-CARDRENDER_RECORD=all $(SWIFT) test --skip-build $(TEST_FLAGS) >/dev/null
	CARDRENDER_RECORD=never $(SWIFT) test --skip-build $(TEST_FLAGS)

# The debug builds measure assertGolden as a user's `swift test` compiles it (C unoptimised) and as
# `make test` does (-Xcc -O2).
bench: deps
	@$(MAKE) --no-print-directory system-deps EXTRA_PACKAGES="$(BENCH_PACKAGES)"
	$(SWIFT) build -c release --product cardrender
	$(SWIFT) build -c release --product cardrender-golden --static-swift-stdlib --scratch-path $(INSTALL_SCRATCH)
	$(SWIFT) build --product cardrender-bench --scratch-path .build-bench-debug
	$(SWIFT) build --product cardrender-bench --scratch-path .build-bench-debug-O2 -Xcc -O2
	CARDRENDER_BENCH_GOLDEN=$(INSTALL_BIN)/cardrender-golden \
	CARDRENDER_BENCH_DEBUG=$$($(SWIFT) build --scratch-path .build-bench-debug --show-bin-path)/cardrender-bench \
	CARDRENDER_BENCH_DEBUG_O2=$$($(SWIFT) build --scratch-path .build-bench-debug-O2 -Xcc -O2 --show-bin-path)/cardrender-bench \
	  $(SWIFT) run -c release cardrender-bench $(BENCH)

# `make bench-baseline REV=<commit>`: the cardrender of an earlier commit of this repository, for
# `make bench text-engine` to run beside today's. The commit's files come from `git archive` into
# .build-baseline/<commit> (never committed), resolved with this checkout's Package.resolved and built
# with BASELINE_FLAGS (release, as `make bench` builds; `BASELINE_FLAGS="-Xcc -O2"` for the test build).
BASELINE_FLAGS ?= -c release
bench-baseline: deps
	@test -n "$(REV)" || { echo "usage: make bench-baseline REV=<commit>" >&2; exit 2; }
	@rev=$$(git rev-parse --verify --quiet "$(REV)^{commit}") || { echo "error: no commit $(REV)" >&2; exit 2; }; \
	dir=.build-baseline/$$rev; \
	if [ ! -f $$dir/Package.swift ]; then \
	  rm -rf $$dir.partial && mkdir -p $$dir.partial && git archive $$rev | tar -x -C $$dir.partial && \
	  { [ ! -f Package.resolved ] || cp Package.resolved $$dir.partial/; } && mv $$dir.partial $$dir || exit 1; \
	fi; \
	(cd $$dir && $(SWIFT) build $(BASELINE_FLAGS) --product cardrender) || exit 1; \
	echo "baseline: CARDRENDER_BENCH_BASELINE=$$(cd $$dir && $(SWIFT) build $(BASELINE_FLAGS) --show-bin-path)/cardrender"

# The README's pictures, from docs/spec.yaml, so they never go stale.
docs: build
	$(SWIFT) run -c release cardrender batch docs/spec.yaml --out .build/docs --quiet
	cp .build/docs/deck/contact-sheet.png docs/deck-contact-sheet.png
	cp .build/docs/court/KH.png docs/court-card.png
	cp .build/docs/keyboard/iphone-8-portrait-bottom-offset.png docs/keyboard-bottom-offset.png
	cp .build/docs/keyboard/scenario-tab-bar-content-inset-mistake-safe-area-twice.png docs/keyboard-mistake.png
	cp .build/docs/keyboard/scenario-tab-bar-content-inset-mistake-safe-area-twice-ko.png docs/keyboard-mistake-ko.png
	cp .build/docs/keyboard/iphone-8-portrait-bottom-offset-animated.png docs/keyboard-animation.png
	cp .build/docs/print/deck-print-page-01.png docs/print-sheet.png
	cp .build/docs/game/contact-sheet.png docs/game-contact-sheet.png
	cp .build/docs/game/02-Fireball.png docs/game-card.png
	cp .build/docs/game-print/deck-print-page-01.png docs/game-print-sheet.png
	cp .build/docs/game/showcase.png docs/game-showcase.png
	cp .build/docs/hand/hand.png docs/deck-hand.png

# The man page, generated from the command tree by swift-argument-parser's plugin. The tree is the
# same in every build, so the plugin runs a debug build of the tool (as the test build's flags make
# it, so after the tests nothing is compiled again), not a release build of its own.
manual: deps
	$(SWIFT) package $(TEST_FLAGS) generate-manual --configuration debug --authors "the cardrender authors"
	@page=$$(find .build/plugins -path '*GenerateManual*' -name cardrender.1 | head -1); \
	  [ -n "$$page" ] || { echo "error: the manual was not generated" >&2; exit 1; }; \
	  mkdir -p .build/manual && cp "$$page" .build/manual/cardrender.1

# The installed binary links the Swift runtime and Foundation statically: `cardrender --version` took
# 10.7 ms of CPU instead of 14.7 (README, Speed). It is built in a scratch folder of its own, since
# switching the flag rebuilds every module and `make build` and the manual's build link them shared.
INSTALL_SCRATCH = .build/static
INSTALL_BIN     = $(INSTALL_SCRATCH)/release
# `cardrender preview` runs cardrender-preview from its own folder; cardrender-golden is diff, verify
# and report without the drawing libraries.
INSTALL_PRODUCTS = cardrender cardrender-preview cardrender-golden

# MANUAL_PAGE: a man page to install as it is instead of generating one (the install check passes
# the one its checkout generated from the same sources, with the debug build it already has).
MANUAL_PAGE ?=
install: deps $(if $(MANUAL_PAGE),,manual)
	for product in $(INSTALL_PRODUCTS); do \
	  $(SWIFT) build -c release --product $$product --static-swift-stdlib --scratch-path $(INSTALL_SCRATCH) || exit 1; \
	done
	install -d $(BIN_DIR) $(RESOURCE_DIR) $(BASH_COMP_DIR) $(ZSH_COMP_DIR) $(FISH_COMP_DIR) $(MAN_DIR)
	for product in $(INSTALL_PRODUCTS); do install -m 755 $(INSTALL_BIN)/$$product $(BIN_DIR)/$$product || exit 1; done
	for bundle in $(INSTALL_BIN)/cardrender_*.resources; do \
	  rm -rf $(RESOURCE_DIR)/$$(basename $$bundle) && cp -R $$bundle $(RESOURCE_DIR)/ || exit 1; \
	done
	$(INSTALL_BIN)/cardrender --generate-completion-script bash > $(BASH_COMP_DIR)/cardrender
	$(INSTALL_BIN)/cardrender --generate-completion-script zsh > $(ZSH_COMP_DIR)/_cardrender
	$(INSTALL_BIN)/cardrender --generate-completion-script fish > $(FISH_COMP_DIR)/cardrender.fish
	install -m 644 $(or $(MANUAL_PAGE),.build/manual/cardrender.1) $(MAN_DIR)/cardrender.1

uninstall:
	rm -f $(BIN_DIR)/cardrender $(BIN_DIR)/cardrender-preview $(BIN_DIR)/cardrender-golden $(BASH_COMP_DIR)/cardrender $(ZSH_COMP_DIR)/_cardrender \
	  $(FISH_COMP_DIR)/cardrender.fish $(MAN_DIR)/cardrender.1
	rm -rf $(RESOURCE_DIR)

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan

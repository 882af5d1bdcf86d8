# cardrender: `make run` renders the default set into Output/, `make test` runs the tests.
# Both install what is missing first (`make deps`).

SWIFT      ?= swift
OUT        ?= Output
DEB_PACKAGES = pkg-config libcairo2-dev libpng-dev zlib1g-dev libdeflate-dev libfreetype-dev
BENCH_PACKAGES = imagemagick time

.PHONY: all deps system-deps build run test goldens bench docs clean

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

build: deps
	$(SWIFT) build -c release --product cardrender

run: build
	$(SWIFT) run -c release cardrender render --out $(OUT)

# Goldens are never written in CI (CI=true); locally a missing golden is recorded once and
# the test fails, so a new golden is always looked at. Re-record all: `make goldens`.
test: deps
	$(SWIFT) build --build-tests
	CARDRENDER_RECORD=$${CARDRENDER_RECORD:-$(if $(CI),never,missing)} $(SWIFT) test --skip-build

goldens: deps
	$(SWIFT) build --build-tests
	-CARDRENDER_RECORD=all $(SWIFT) test --skip-build >/dev/null
	CARDRENDER_RECORD=never $(SWIFT) test --skip-build

bench: deps
	@$(MAKE) --no-print-directory system-deps EXTRA_PACKAGES="$(BENCH_PACKAGES)"
	$(SWIFT) build -c release --product cardrender
	$(SWIFT) run -c release cardrender-bench

# The README's pictures, from docs/spec.yaml, so they never go stale.
docs: build
	$(SWIFT) run -c release cardrender batch docs/spec.yaml --out .build/docs --quiet
	cp .build/docs/deck/contact-sheet.png docs/deck-contact-sheet.png
	cp .build/docs/court/KH.png docs/court-card.png
	cp .build/docs/keyboard/iphone-8-portrait-bottom-offset.png docs/keyboard-bottom-offset.png
	cp .build/docs/keyboard/scenario-tab-bar-content-inset-mistake-safe-area-twice.png docs/keyboard-mistake.png

clean:
	rm -rf .build

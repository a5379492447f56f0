# The two commands: `make run` serves the game, `make test` checks everything
# (it is what .ci/run runs). The other targets are helpers.

# The shared directory (the original's games in oracle/, the reference docs)
# sits beside the repository in CI. Tests find it through MJ_SHARED.
SHARED ?= ../shared
export MJ_SHARED ?= $(abspath $(SHARED))

WASM_EXEC = $$(go env GOROOT)/lib/wasm/go_js_wasm_exec

.PHONY: test run site wasm dist web-test bench fmt fuzz replay

test:
	scripts/deps.sh
	scripts/check-fmt.sh
	go vet ./...
	GOOS=js GOARCH=wasm go vet ./...
	scripts/check-imports.sh
	go test -race -shuffle=on ./...
	GOOS=js GOARCH=wasm go test -exec="$(WASM_EXEC)" ./engine/...
	GOOS=js GOARCH=wasm go test -short -exec="$(WASM_EXEC)" ./ai ./game/client/... ./game/announce ./game/prefs
	scripts/fuzz.sh engine ai
	scripts/check-xmj-builds.sh
	scripts/web-test.sh

# The browser table on http://localhost:8080 (ADDR=host:port to change),
# with the relay at /relay.
ADDR ?= :8080
run: site
	go run ./cmd/mj-web -addr "$(ADDR)" -dir dist/site

# The site cmd/mj-web serves: index.html, wasm_exec.js, mahjong.wasm(.br,.gz).
site wasm:
	scripts/build-site.sh dist/site

# The installable, offline-first static site in dist/ (hashed names,
# manifest, icons, service worker): serve the folder from any path.
dist:
	scripts/build-dist.sh dist

# Only the browser tests (screenshots and figures in test-output/web/).
web-test:
	scripts/web-test.sh

bench:
	go test -run='^$$' -bench=. -benchmem ./engine/...

fmt:
	gofmt -w $$(find . -name '*.go' -not -path './.git/*' -not -path '*/node_modules/*' -not -path '*/testdata/*')

fuzz:
	scripts/fuzz.sh engine ai

replay:
	@if [ ! -d "$(SHARED)/oracle" ]; then \
		echo "make replay: no oracle games in $(SHARED)/oracle (set SHARED=dir)" >&2; exit 1; \
	elif [ ! -d cmd/mj-replay ]; then \
		echo "make replay: cmd/mj-replay does not exist yet" >&2; exit 1; \
	else \
		go run ./cmd/mj-replay "$(SHARED)/oracle"; \
	fi

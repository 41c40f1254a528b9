# The course repository's commands. `make test` is what CI runs.
GO ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: test vet staticcheck exhaustive unit check build bench fmt

test: vet staticcheck exhaustive unit

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) run $(STATICCHECK) ./...

# Every switch over an enumerated type (the card vocabulary, event kinds,
# zones) lists every value, or says with a default what the rest do. The
# analyzer is a tool dependency in go.mod; -d is the flag older releases
# called -default-signifies-exhaustive. audit/ and cmd/ are not yet clean.
EXHAUSTIVE_PKGS ?= ./engine/... ./harness/... ./course/... ./cards/... ./levels/... ./modules/... ./templates/...
exhaustive:
	$(GO) tool exhaustive -d $(EXHAUSTIVE_PKGS)

unit:
	$(GO) test ./...

# The main job: the reference engine against every module that exists.
check:
	$(GO) run ./cmd/course check .

build:
	$(GO) build -o bin/course ./cmd/course

fmt:
	gofmt -l -w .

# Benchmarks are not part of `make test`; compare runs with benchstat.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 6 ./... | tee bench.txt

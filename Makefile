# The course repository's commands. `make test` is what CI runs.
GO ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: test vet staticcheck exhaustive unit devcheck check build bench fmt

test: vet staticcheck exhaustive unit devcheck

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

# The course proves itself consistent: every module whole, every scenario
# one test, lessons in the course's order naming what exists, catalog and
# cards in agreement, tests RED on the template and GREEN on the reference,
# and every drop's test failing without its solution.
devcheck:
	$(GO) run ./cmd/course dev check

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

# The course repository's commands. `make test` is what CI runs.
GO ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: test vet staticcheck unit check build bench fmt

test: vet staticcheck unit

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) run $(STATICCHECK) ./...

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

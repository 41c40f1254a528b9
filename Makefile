# The course repository's commands. `make test` is what CI runs.
GO ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: test vet crossvet staticcheck exhaustive deadcode unit race devcheck check build bench fmt golangci-plugin

test: vet crossvet staticcheck exhaustive deadcode unit race devcheck

vet:
	$(GO) vet ./...

# The course binary is for Windows and macOS too, and some files (stat
# data, the FIFO and signal tests) are per system: everything, tests
# included, must at least compile and vet there.
crossvet:
	GOOS=windows $(GO) vet ./...
	GOOS=darwin $(GO) vet ./...

staticcheck:
	$(GO) run $(STATICCHECK) ./...

# Every switch over an enumerated type (the card vocabulary, event kinds,
# zones, test outcomes) lists every value, or says with a default what the
# rest do. The analyzer is a tool dependency in go.mod; -d is the flag older
# releases called -default-signifies-exhaustive.
exhaustive:
	$(GO) tool exhaustive -d ./...

# No function is unreachable from a main or a test. deadcode exits 0 even
# when it finds some, so its output decides: any line it prints fails the
# target.
DEADCODE ?= golang.org/x/tools/cmd/deadcode@v0.52.0
deadcode:
	@out=$$($(GO) run $(DEADCODE) -test ./...) || exit 1; \
	test -z "$$out" || { echo "deadcode: unreachable functions:"; echo "$$out"; exit 1; }

# Every package's tests but the course's own (./course/...): devcheck's
# GREEN runs those, the modules' tests and the course's alike, and fails
# wherever go test fails; `go test -json` takes nothing from the results
# cache of a plain `go test`, so running them here too ran them twice.
COURSE_PKGS = ^github.com/systemic-game-design/course/course(/|$$)
unit:
	@pkgs=$$($(GO) list ./...) || exit 1; \
	echo "GO=$(GO) $(GO) test ./... (but ./course/...)"; \
	GO=$(GO) $(GO) test $$(echo "$$pkgs" | grep -Ev '$(COURSE_PKGS)')

# The race detector over the code where goroutines meet a process: a
# command's cancel beside its Wait (procgroup), play's engine closed while
# it is waited for (play/driver), and the signals' goroutine beside the
# command it stops (cli's signal tests). The whole of ./... under -race
# takes several times as long; these hold the places races were found.
# The detector needs cgo: without a C compiler (go env CGO_ENABLED says 0)
# the target says so and passes.
RACE_PKGS = ./cmd/course/internal/procgroup/ ./cmd/course/internal/play/driver/
race:
	@if [ "$$($(GO) env CGO_ENABLED)" != 1 ]; then \
		echo "race: skipped: the race detector needs cgo, and go env CGO_ENABLED is 0 (no C compiler found)"; \
	else \
		echo "$(GO) test -race $(RACE_PKGS); $(GO) test -race -run Signal|Grace|Hangup ./cmd/course/internal/cli/"; \
		$(GO) test -race $(RACE_PKGS) && \
		$(GO) test -race -run 'Signal|Grace|Hangup' ./cmd/course/internal/cli/; \
	fi

# The course proves itself consistent: every module whole, every scenario
# one test, lessons in the course's order naming what exists, catalog and
# cards in agreement, tests RED on the template and GREEN on the reference,
# and every drop's test failing without its solution.
devcheck:
	GO=$(GO) $(GO) run ./cmd/course dev check

# The main job: the reference engine against every module that exists.
check:
	$(GO) run ./cmd/course check .

# The coupling plugin in a real golangci-lint, at the version the README
# names: not part of `make test`, since it fetches and builds golangci-lint.
golangci-plugin:
	GO=$(GO) ./audit/golangci/in-golangci-lint.sh

build:
	$(GO) build -o bin/course ./cmd/course

fmt:
	gofmt -l -w .

# Benchmarks are not part of `make test`; compare runs with benchstat.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 6 ./... | tee bench.txt

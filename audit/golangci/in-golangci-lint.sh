#!/usr/bin/env bash
# Builds a golangci-lint that carries the coupling plugin from this
# checkout, at the version the README's .custom-gcl.yml names, and runs it
# on a new learner workspace: it must report a card named in the engine
# with the README's .golangci.yml, nothing once the name is gone, and a
# grid noun once the module that brings it is started.
#
# `golangci-lint custom` does the same build from a git clone of
# golangci-lint; this takes golangci-lint's sources from the Go module
# proxy instead, so it needs only the go command. It is not part of
# `make test`: the build fetches golangci-lint and its dependencies and
# takes a minute or more. Run it with `make golangci-plugin` when the
# plugin, the analyzer or the README's version changes.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
go="${GO:-go}"

# The two YAML files, as the README shows them.
block() {
	awk -v name="# $1" '
		$0 == "```yaml" { inblock = 1; first = 1; buf = ""; next }
		inblock && first { first = 0; keep = ($0 == name); next }
		inblock && $0 == "```" { if (keep) { printf "%s", buf; exit } inblock = 0; next }
		inblock { buf = buf $0 "\n" }
	' "$repo/README.md"
}
custom="$(block .custom-gcl.yml)"
golangci="$(block .golangci.yml)"
version="$(printf '%s\n' "$custom" | sed -n 's/^version: *//p')"
if [ -z "$version" ] || [ -z "$golangci" ]; then
	echo "in-golangci-lint: the README has no .custom-gcl.yml with a version, or no .golangci.yml" >&2
	exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "building golangci-lint $version with the coupling plugin from $repo"
mkdir "$work/gcl"
cd "$work/gcl"
"$go" mod init custom-gcl >/dev/null 2>&1
"$go" mod edit -require "github.com/golangci/golangci-lint/v2@$version" \
	-require github.com/systemic-game-design/course@v0.0.0 \
	-replace "github.com/systemic-game-design/course=$repo"
"$go" mod download "github.com/golangci/golangci-lint/v2@$version"
src="$("$go" list -m -f '{{.Dir}}' "github.com/golangci/golangci-lint/v2")"
cp "$src/cmd/golangci-lint/main.go" main.go
chmod u+w main.go
cat >plugins.go <<'EOF'
package main

import _ "github.com/systemic-game-design/course/audit/golangci"
EOF
"$go" mod tidy
"$go" build -o "$work/custom-gcl" .

echo "running it on a new workspace"
cd "$repo"
"$go" run ./cmd/course init "$work/ws" >/dev/null
cd "$work/ws"
printf '%s' "$golangci" >.golangci.yml
cat >engine/leak.go <<'EOF'
package engine

// Whirlwind is named here on purpose.
var leak = "Whirlwind"
EOF
# lint: the custom golangci-lint on the workspace, its output printed.
lint() { COURSE_CONTENT= "$work/custom-gcl" run --enable-only coupling ./... 2>&1; }

# reports LINE WHY: the run must fail with that line; WHY says what it
# means if it does not.
reports() {
	set +e
	out="$(lint)"
	status=$?
	set -e
	printf '%s\n' "$out"
	if [ "$status" -ne 1 ] || ! printf '%s\n' "$out" | grep -qxF "$1"; then
		echo "in-golangci-lint: $2 (exit status $status)" >&2
		exit 1
	fi
}

# clean WHY: the run must report nothing.
clean() {
	if ! out="$(lint)"; then
		printf '%s\n' "$out"
		echo "in-golangci-lint: $1" >&2
		exit 1
	fi
}

reports 'engine/leak.go:3:4: engine names "Whirlwind" (a card, Module 02) as Whirlwind (coupling)' \
	"the plugin did not report the card named in engine/leak.go"
rm engine/leak.go
clean "the plugin reported a workspace that names nothing"

# ROCK is a grid noun from Module 06 on: clean before the module starts,
# reported after, though no Go file of the package changed in between, so
# golangci-lint's cache must not answer.
printf 'package engine\n\nvar kinds = []string{"rock"}\n' >engine/kinds.go
clean "the plugin reported a grid noun of a module not started"
for m in 00 01 02 03 04 05 06; do
	(cd "$repo" && "$go" run ./cmd/course start-module "$m" "$work/ws" >/dev/null)
done
reports 'engine/kinds.go:3:22: engine names "ROCK" (a grid noun, Module 06) as rock (coupling)' \
	"after Module 06 started, the plugin did not report ROCK: a verdict from the cache?"
echo "in-golangci-lint: ok (golangci-lint $version)"

package tests

// A probe of rapid's shrinking, for course/invariants_lesson_test.go: it is
// laid next to Module 13's tests (through the go command's -overlay) on a
// reference with a bug planted, and uses their random game. Each test ends
// by failing with one line that says what rapid did, which the lesson test
// compares with what the lesson says.

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// probeRun runs rapid on the random game, with CheckEntry, from seed, and
// returns the run rapid handed back. Without shrink it hands back the first
// game that failed. With apart, a violation of "order of play kept in play"
// is reported from a line of its own, every other one from the usual line.
func probeRun(t *testing.T, seed int, shrink, apart bool) *m13gameRun {
	t.Helper()
	var restore []func()
	defer func() {
		for _, f := range restore {
			f()
		}
	}()
	set := func(name, value string) {
		f := flag.Lookup(name)
		old := f.Value.String()
		if err := f.Value.Set(value); err != nil {
			t.Fatal(err)
		}
		restore = append(restore, func() { _ = f.Value.Set(old) })
	}
	set("rapid.nofailfile", "true")
	set("rapid.seed", fmt.Sprint(seed))
	if !shrink {
		set("rapid.shrinktime", "1ns")
	}
	var last *m13gameRun
	rapid.Check(&m13recorder{name: t.Name()}, func(rt *rapid.T) {
		r := m13newGameRun(m13entry, nil)
		last = r
		actions := r.actions()
		if apart {
			actions[""] = func(rt *rapid.T) {
				if err := r.verify(); err != nil {
					if strings.Contains(err.Error(), "stayed in play") {
						rt.Fatalf("after %s: %v", r.callList(), err)
					}
					rt.Fatalf("after %s: %v", r.callList(), err)
				}
			}
		}
		rt.Repeat(actions)
	})
	if last == nil || last.violation == nil {
		t.Fatalf("seed %d: rapid found no failure", seed)
	}
	return last
}

// probeBug is which clause of CheckEntry a run broke.
func probeBug(r *m13gameRun) string {
	switch msg := r.violation.Error(); {
	case strings.Contains(msg, "came into play"):
		return "a newcomer's order of play"
	case strings.Contains(msg, "stayed in play"):
		return "an order of play changed in play"
	default:
		return msg
	}
}

// probeSlide says what rapid found first at seed and what it handed back.
func probeSlide(t *testing.T, seed int, apart bool) string {
	found, back := probeRun(t, seed, false, false), probeRun(t, seed, true, apart)
	again := "replayed, they fail the same way"
	if err := m13replayGame(back.calls, m13entry, nil); err == nil || err.Error() != back.violation.Error() {
		again = fmt.Sprintf("replayed, they give %v", err)
	}
	return fmt.Sprintf("seed %d: rapid found %s after %d calls and handed back %s in %d calls, %s; %s",
		seed, probeBug(found), len(found.calls), probeBug(back), len(back.calls), back.callList(), again)
}

func Test_probe_slides_to_the_other_bug(t *testing.T) {
	t.Error(probeSlide(t, 1, false))
}

func Test_probe_slides_to_the_longer_game(t *testing.T) {
	t.Error(probeSlide(t, 23, false))
}

func Test_probe_tells_lines_apart(t *testing.T) {
	t.Error("each bug from a line of its own, " + probeSlide(t, 1, true))
}

// Every call of the game rapid hands back at seed 202 is needed, and so is
// each card and player it chose: an earlier card of the list, or player 0
// for player 1, loses the failure.
func Test_probe_five_calls_are_a_local_minimum(t *testing.T) {
	back := probeRun(t, 202, true, false)
	var kept []string
	try := func(what string, calls []m13gameCall) {
		if err := m13replayGame(calls, m13entry, nil); err != nil && !errors.Is(err, errM13Refused) {
			kept = append(kept, what)
		}
	}
	for i, c := range back.calls {
		try(fmt.Sprintf("without %s", c), slices.Delete(slices.Clone(back.calls), i, i+1))
		list := m13minions
		if c.Name == "Cast" {
			list = m13spells
		}
		if c.Card != "" {
			for _, card := range list[:slices.Index(list, c.Card)] {
				lower := slices.Clone(back.calls)
				lower[i].Card = card
				try(fmt.Sprintf("with %s for %s", card, c.Card), lower)
			}
		}
		if c.Player == 1 && c.Name != "Play" {
			lower := slices.Clone(back.calls)
			lower[i].Player = 0
			try(fmt.Sprintf("with player 0 in %s", c), lower)
		}
	}
	still := "none of them fails"
	if len(kept) > 0 {
		still = "these still fail: " + strings.Join(kept, "; ")
	}
	t.Errorf("seed 202: %d calls, %s; one call fewer, an earlier card or player 0 in one of them: %s", len(back.calls), back.callList(), still)
}

// How long the games rapid hands back from the first fifty seeds are.
func Test_probe_shrunk_lengths(t *testing.T) {
	counts := map[int]int{}
	for seed := 1; seed <= 50; seed++ {
		counts[len(probeRun(t, seed, true, false).calls)]++
	}
	var out []string
	for _, n := range slices.Sorted(maps.Keys(counts)) {
		out = append(out, fmt.Sprintf("%d calls: %d", n, counts[n]))
	}
	t.Errorf("seeds 1 to 50 shrink to %s", strings.Join(out, ", "))
}

// Test_probe_call_limit holds a call past a shortened limit, and says so
// if the call returns: it does where the binary bounds no call.
func Test_probe_call_limit(t *testing.T) {
	m13callLimit = 50 * time.Millisecond
	m13bounded(func() string { return "a call the probe holds for 200ms" }, func() { time.Sleep(200 * time.Millisecond) })
	t.Fatal("a call held past the limit returned")
}

package course_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/modules"
)

// Module 13's lesson tells the learner which tests notice which bugs: the
// bug in Observe, a changed comparison in the Queue sort, a removed line of
// the undo journal, an undo checked on positions alone. Those are facts
// about the reference and the course's own tests, so they are held here the
// way a learner would find them out: plant the bug in the reference's
// source, run the course's tests on it, and see which fail. The bug goes in
// through the go command's -overlay, so the checkout is never written, and
// the tests that judge it are the modules' own (the random games and
// invariants of Module 13 included), not a copy of them.

// sourceEdit replaces the one occurrence of old in a file of the repository.
type sourceEdit struct {
	file     string // from the repository's top folder
	old, new string
}

// lessonMutant is one planted bug and what the lesson says of it.
type lessonMutant struct {
	name  string
	quote string // the lesson's words this row checks, so a rewording comes back here
	edits []sourceEdit
	// in is the modules whose tests (and drops' tests) run on the bug. Where
	// the lesson says nothing else catches it, that is every module that
	// can make a Game; elsewhere only the modules the lesson speaks of,
	// since each module's tests cost a build of their own.
	in    []string
	seed  string   // rapid's seed for every random run, so a run is the same each time
	fails []string // every test (or subtest) that fails, and no other
	says  string   // a line the failing output holds, when not ""
	// probe lays probeFile among Module 13's tests, and run (a -run
	// pattern, when not "") picks the one of its tests the row asks.
	probe bool
	run   string
	// timeout is the test binary's time limit when not mutantTimeout:
	// "0" for none, as a debugger runs it.
	timeout string
}

// probeFile is tests of rapid's shrinking that use Module 13's random game:
// each ends by failing with a line that says what rapid did. It is kept in
// testdata, out of every build, and laid among Module 13's tests as
// probeAs.
const (
	probeFile = "course/testdata/invariants_probe_test.go"
	probeAs   = "course/13-invariants/tests/lesson_probe_test.go"
)

// restampOnDamage is a second bug that CheckEntry reports, from the same
// line as the first: a minion that lives through damage is given a new
// order of play, as if it had just come into play.
var restampOnDamage = sourceEdit{"engine/game/sequence.go", "\tt.health -= taken\n",
	"\tt.health -= taken\n\tif !t.hero && t.health > 0 {\n\t\tg.order++\n\t\tt.order = g.order\n\t}\n"}

// cardGameModules is every module whose tests can make a Game: Part II's
// only ever make a rule grid.
var cardGameModules = func() []string {
	var out []string
	for _, m := range modules.All() {
		if m.Part != "II" {
			out = append(out, m.Number)
		}
	}
	return out
}()

// The Observe bug: order of play stamped with the card's id on entry to the
// board, in place of the next number of the counter.
var orderFromID = sourceEdit{"engine/game/game.go", "\t\tg.order++\n\t\te.order = g.order\n", "\t\te.order = uint32(id)\n"}

// What of Module 13 fails on it. Test_13_failure_replays_from_its_calls
// fails on every engine with that bug for a reason of its own: it replays
// the shrunk game without its planted bug and expects nothing to break,
// which only a correct engine gives.
var observeFails = []string{
	"Test_13_entry_invariant", "Test_13_entry_invariant/engine",
	"Test_13_failure_replays_from_its_calls",
}

const queueSort = "engine/game/sequence.go"

const undoJournal = "engine/grid/undo.go"

// positionsOnlyUndo makes CheckUndo compare a snapshot that holds only where
// each living object stands: Predict question 2's weaker equation. The full
// check stays in the file under another name, unused.
var positionsOnlyUndo = sourceEdit{"harness/invariants.go",
	"func CheckUndo(before, after BabaSnapshot) error {\n",
	`func CheckUndo(before, after BabaSnapshot) error {
	where := func(s BabaSnapshot) (out [][3]int) {
		for _, o := range s.Objects {
			if o.Alive {
				out = append(out, [3]int{int(o.ID), o.X, o.Y})
			}
		}
		return out
	}
	if !slices.Equal(where(before), where(after)) {
		return fmt.Errorf("undo: the objects stood at %v and stand at %v", where(before), where(after))
	}
	return nil
}

func checkUndoInFull(before, after BabaSnapshot) error {
`}

// fiveForTheLedger makes the drop's CheckHealthLedger ask the module's five
// card-game invariants in its place, so that the drop's test asks whether
// they catch its two mutants. The ledger stays in the file under another
// name, unused.
var fiveForTheLedger = sourceEdit{"harness/invariants_expansion.go",
	"func CheckHealthLedger(before, after GameSnapshot) error {\n",
	`func CheckHealthLedger(before, after GameSnapshot) error {
	for _, err := range []error{CheckZones(after), CheckOrderOfPlay(after), CheckNoDeadMinions(after), CheckLog(after), CheckEntry(before, after)} {
		if err != nil {
			return err
		}
	}
	return nil
}

func checkHealthLedgerInFull(before, after GameSnapshot) error {
`}

var lessonMutants = []lessonMutant{
	{
		// The report as Observe prints it, at the seed it prints; and
		// Predict question 1: CheckZones and CheckOrderOfPlay (Module 1's
		// first two invariants) stay silent. Module 1's third invariant
		// (a non-zero order of play exactly for what has stood on a
		// board) holds on this engine by its construction: the stamp is
		// made where the reference makes it, and no id is 0. Module 1's
		// drop, which the lesson says was built for this bug, catches it
		// too: it plays the very game Observe prints.
		name:  "the bug in Observe, at the seed the lesson prints",
		quote: `came into play with order of play 3, but 4 was already taken before it came`,
		edits: []sourceEdit{orderFromID},
		in:    []string{"01", "13"},
		seed:  "1497273088324080806",
		fails: append([]string{"Test_01x_play_assigns_order_on_entry"}, observeFails...),
		says:  `[rapid] failed after 0 tests: after AddToHand("Test Filler", 0) = 3, Summon("Test Filler", 0) = 4, Play(3): entity 3 (Test Filler) came into play with order of play 3, but 4 was already taken before it came`,
	},
	{
		// Stress it question 3: from some seeds the shrinker stops at five
		// calls, where the game above has three, the card drawn by an
		// Acolyte that Whirlwind hits. (Test_13_shrinker_hands_back_minimal_sequence
		// itself runs from seed 13, which gives the three.)
		name:  "the bug in Observe, shrunk to five calls",
		quote: "at some of them it hands back a failing game of five calls, when a game of three would do",
		edits: []sourceEdit{orderFromID},
		in:    []string{"13"},
		seed:  "202",
		fails: observeFails,
		says:  `after AddToDeck("Test Filler", 0) = 3, AddToHand("Acolyte of Pain", 0) = 4, Play(4), Cast("Whirlwind", 0), Play(3): entity 3 (Test Filler) came into play`,
	},
	{
		// Predict question 3, on an engine with the bug in Observe and
		// restampOnDamage: from seed 1 rapid first meets the Observe bug,
		// 19 calls in, and hands back two calls that fail through the
		// other. Replayed, they give the same report.
		name:  "two bugs reported from one line: rapid hands back the other",
		quote: "while it shrinks, it takes any smaller game that fails from that line, through either bug",
		edits: []sourceEdit{orderFromID, restampOnDamage},
		in:    []string{"13"},
		seed:  "13",
		probe: true,
		run:   "^Test_probe_slides_to_the_other_bug$",
		fails: []string{"Test_probe_slides_to_the_other_bug"},
		says:  `seed 1: rapid found a newcomer's order of play after 19 calls and handed back an order of play changed in play in 2 calls, Summon("Acolyte of Pain", 0) = 3, Cast("Whirlwind", 0); replayed, they fail the same way`,
	},
	{
		// From seed 23 it slides the other way, to the Observe bug's
		// three calls, though seed 1 shows the other bug in two.
		name:  "two bugs reported from one line: not the shorter game",
		quote: "Where it ends up is wherever its small steps lead, not the bug with the shorter game",
		edits: []sourceEdit{orderFromID, restampOnDamage},
		in:    []string{"13"},
		seed:  "13",
		probe: true,
		run:   "^Test_probe_slides_to_the_longer_game$",
		fails: []string{"Test_probe_slides_to_the_longer_game"},
		says:  `seed 23: rapid found an order of play changed in play after 38 calls and handed back a newcomer's order of play in 3 calls, AddToHand("Test Filler", 0) = 3, Summon("Test Filler", 0) = 4, Play(3)`,
	},
	{
		// The same two bugs with the second reported from a line of its
		// own: from seed 1 rapid keeps to the bug it found.
		name:  "two bugs reported from two lines: rapid keeps to the one it found",
		quote: "rapid tells failures apart by where they happen",
		edits: []sourceEdit{orderFromID, restampOnDamage},
		in:    []string{"13"},
		seed:  "13",
		probe: true,
		run:   "^Test_probe_tells_lines_apart$",
		fails: []string{"Test_probe_tells_lines_apart"},
		says:  `each bug from a line of its own, seed 1: rapid found a newcomer's order of play after 19 calls and handed back a newcomer's order of play in 3 calls, AddToHand("Test Filler", 0) = 3, Summon("Test Filler", 0) = 4, Play(3)`,
	},
	{
		// The call limit is the test binary's: a binary with no time
		// limit of its own, as a debugger runs it, bounds no call, so a
		// breakpoint held longer than the limit does not end the test.
		name:    "no call limit where the test binary has none",
		quote:   "under a debugger, which runs the tests with no time limit, they wait instead",
		in:      []string{"13"},
		seed:    "13",
		probe:   true,
		run:     "^Test_probe_call_limit$",
		timeout: "0",
		fails:   []string{"Test_probe_call_limit"},
		says:    "a call held past the limit returned",
	},
	{
		// Stress it question 3: the five-call game is a local minimum.
		// Left without any one call, or with an earlier card (or player
		// 0) in one, it no longer fails.
		name:  "the bug in Observe: the five calls cannot lose one",
		quote: "Every one of its calls is needed: remove any one and the failure goes, and so it does if one of its cards is swapped for one earlier in the list",
		edits: []sourceEdit{orderFromID},
		in:    []string{"13"},
		seed:  "13",
		probe: true,
		run:   "^Test_probe_five_calls_are_a_local_minimum$",
		fails: []string{"Test_probe_five_calls_are_a_local_minimum"},
		says:  `seed 202: 5 calls, AddToDeck("Test Filler", 0) = 3, AddToHand("Acolyte of Pain", 0) = 4, Play(4), Cast("Whirlwind", 0), Play(3); one call fewer, an earlier card or player 0 in one of them: none of them fails`,
	},
	{
		// How often the shrunk game is the three calls a person would
		// write.
		name:  "the bug in Observe: the games the first fifty seeds shrink to",
		quote: "of the first fifty seeds, 41 give the three calls and the other nine give four",
		edits: []sourceEdit{orderFromID},
		in:    []string{"13"},
		seed:  "13",
		probe: true,
		run:   "^Test_probe_shrunk_lengths$",
		fails: []string{"Test_probe_shrunk_lengths"},
		says:  "seeds 1 to 50 shrink to 3 calls: 41, 4 calls: 9",
	},
	{
		// Stress it question 1: the Queue's tie-break by order of play
		// turned round. Module 2's logs of responders in order of play
		// catch it; no invariant does.
		name:  "the Queue sort puts the newest responder first",
		quote: "A changed comparison in the Queue sort slips past every invariant here",
		edits: []sourceEdit{{queueSort, "return a.order < b.order", "return a.order > b.order"}},
		in:    cardGameModules,
		seed:  "13",
		fails: []string{
			"Test_02_log_tree_indents_trigger_effects",
			"Test_02_one_event_two_responders_in_order_of_play",
			"Test_02_queue_follows_all_events_in_order_of_play",
			"Test_02x_tripwire_answers_own_hero_and_nests_its_queue",
		},
	},
	{
		// The priority turned round: the attacker's triggers before the
		// defender's. Module 12's log is the one that says otherwise.
		name:  "the Queue sort puts the defender's triggers last",
		quote: "turning the priority round fails Module 12's test that the defender's triggers come first",
		edits: []sourceEdit{{queueSort, "return a.prio < b.prio", "return a.prio > b.prio"}},
		in:    cardGameModules,
		seed:  "13",
		fails: []string{"Test_12_defender_triggers_first"},
	},
	{
		// The question's own example, < to <=, on the tie-break: ties are
		// between one minion's entries only, and no card of the course has
		// two "damaged" triggers to tell them apart, so nothing changes
		// and nothing can fail.
		name:  "the Queue sort's tie-break takes <= for <",
		quote: "`<` made `<=` on the tie-break changes nothing at all in the reference",
		edits: []sourceEdit{{queueSort, "return a.order < b.order", "return a.order <= b.order"}},
		in:    cardGameModules,
		seed:  "13",
	},
	{
		name:  "Undo does not take back a win",
		quote: "`CheckUndo` catches it as soon as the random level makes that kind of change",
		edits: []sourceEdit{{undoJournal, "\tb.won = t.won\n", ""}},
		in:    []string{"09", "13"},
		seed:  "13",
		fails: []string{
			"Test_09_undo_restores_won", "Test_09x_restart_returns_to_start",
			"Test_13_undo_invariant", "Test_13_undo_invariant/engine",
		},
	},
	{
		name:  "Undo keeps the objects a turn made, and the id counter where it was",
		quote: "`CheckUndo` catches it as soon as the random level makes that kind of change",
		edits: []sourceEdit{{undoJournal, "\tb.objs = b.objs[:t.next]\n", ""}},
		in:    []string{"09", "13"},
		seed:  "13",
		fails: []string{
			"Test_09_undo_restores_conversion_and_next_id", "Test_09x_restart_returns_to_start",
			"Test_13_undo_invariant", "Test_13_undo_invariant/engine",
		},
	},
	{
		name:  "Undo leaves converted objects converted",
		quote: "`CheckUndo` catches it as soon as the random level makes that kind of change",
		edits: []sourceEdit{{undoJournal, "\t\t\to.kind = c.kind\n", ""}},
		in:    []string{"09", "13"},
		seed:  "13",
		fails: []string{
			"Test_09_undo_restores_conversion_and_next_id", "Test_09x_restart_returns_to_start",
			"Test_13_undo_invariant", "Test_13_undo_invariant/engine",
		},
	},
	{
		// Without the line that drops an undone turn's changes, a later
		// Undo of an earlier turn replays them, and puts an object on a
		// tile's list it is already on: the list becomes a circle, and
		// walking it never ends. The random level catches the bug, and
		// while rapid shrinks it one of the smaller levels sends the
		// engine into that loop; the call's time limit stops the test
		// binary there, naming the call, where without it the binary
		// waited for its own time limit.
		name:  "Undo leaves an undone turn's changes in the journal",
		quote: "this module's tests then stop after 10 seconds and name that call",
		edits: []sourceEdit{{undoJournal, "\tb.journal.truncate(int(t.start))\n", ""}},
		in:    []string{"09", "13"},
		seed:  "13",
		fails: []string{"Test_13_tiles_invariant", "Test_13_tiles_invariant/engine"},
		says:  "has not returned after 10s. A working engine answers in well under a second",
	},
	{
		// The object is put back on its tile but stays dead: the tiles
		// and rules invariants see that state on its own, too.
		name:  "Undo puts a destroyed object back on its tile without bringing it back to life",
		quote: "`CheckUndo` catches it as soon as the random level makes that kind of change",
		edits: []sourceEdit{{undoJournal, "\t\t\to.alive = true\n", ""}},
		in:    []string{"09", "13"},
		seed:  "13",
		fails: []string{
			"Test_09_undo_restores_destroyed",
			"Test_13_rules_invariant", "Test_13_rules_invariant/engine",
			"Test_13_tiles_invariant", "Test_13_tiles_invariant/engine",
			"Test_13_undo_invariant", "Test_13_undo_invariant/engine",
		},
	},
	{
		// Predict question 2: an equation over positions alone lets
		// through each of Module 13's undo mutants (conversions kept, a
		// win kept, stale tiles) and an engine whose Undo leaves the id
		// counter where it was: the "engine" run passes on it.
		name:  "CheckUndo on positions alone, with an Undo that keeps the id counter",
		quote: "A snapshot of positions alone passes an undo that",
		edits: []sourceEdit{positionsOnlyUndo, {undoJournal, "\tb.objs = b.objs[:t.next]\n", ""}},
		in:    []string{"13"},
		seed:  "13",
		fails: []string{
			"Test_13_undo_invariant",
			"Test_13_undo_invariant/Undo_puts_objects_back_on_their_tiles_but_leaves_converted_objects_converted",
			"Test_13_undo_invariant/Undo_does_not_take_back_a_win",
			"Test_13_undo_invariant/Undo_restores_the_objects_but_not_the_tiles'_lists",
		},
	},
	{
		// The drop's discussion: its two mutants pass the five card-game
		// invariants, where the ledger catches each. With the five in the
		// ledger's place, the drop's random games on the reference still
		// pass, and neither mutant is caught.
		name:  "the five card-game invariants in the ledger's place",
		quote: "Both mutants pass all five of the module's card-game invariants.",
		edits: []sourceEdit{fiveForTheLedger},
		in:    []string{"13"},
		seed:  "13",
		fails: []string{
			"Test_13x_health_ledger_invariant",
			"Test_13x_health_ledger_invariant/Armor_takes_the_hit_and_the_hero_loses_the_Health_as_well",
			"Test_13x_health_ledger_invariant/a_hit_redirected_away_from_a_hero_still_comes_off_the_hero's_Health",
		},
		says: "no random game made the ledger report the planted bug",
	},
}

// mutantTimeout bounds each test binary a row runs. The slowest, Module
// 13's, takes a few seconds on the reference; a bug that sends the engine
// into a loop is reported by Module 13's tests within seconds of it.
const mutantTimeout = 90 * time.Second

// words is a text with every run of white space made one space, so that a
// quote does not depend on where the lesson's lines break.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// repoRoot is the repository's top folder: the tests of package course run
// in course/.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	return root
}

// Every edit still finds the line it changes, once, and the lesson still
// says what each row checks. This runs in -short mode too, so that a change
// to the engine or the lesson that leaves a row behind is told at once.
func TestLessonMutantsStillMatchTheReferenceAndTheLesson(t *testing.T) {
	root := repoRoot(t)
	lesson, err := course.Files.ReadFile("13-invariants/lesson.md")
	require.NoError(t, err)
	for _, m := range lessonMutants {
		assert.Contains(t, words(string(lesson)), words(m.quote), "%s: the lesson no longer says it", m.name)
		for _, e := range m.edits {
			src, err := os.ReadFile(filepath.Join(root, e.file))
			require.NoError(t, err)
			assert.Equal(t, 1, bytes.Count(src, []byte(e.old)), "%s: %s should hold %q once", m.name, e.file, e.old)
		}
		assert.Len(t, packagesOf(t, m.in), 2*len(m.in), "%s: each of modules %v should have tests and drop tests", m.name, m.in)
	}
	assert.FileExists(t, filepath.Join(root, probeFile))
	assert.NoFileExists(t, filepath.Join(root, probeAs), "the probe is laid there, in place of nothing")
}

// Each bug the lesson discusses is caught by the tests it names, and by no
// others.
func TestLessonMutantsAreCaughtWhereTheLessonSays(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root := repoRoot(t)
	for _, m := range lessonMutants {
		t.Run(m.name, func(t *testing.T) {
			fails, output := runMutant(t, goBin, root, m)
			assert.ElementsMatch(t, m.fails, fails, "the tests that fail with the bug planted")
			if m.says != "" {
				assert.Contains(t, output, m.says)
			}
		})
	}
}

// packagesOf is the test packages of the given modules, with their drops',
// as patterns the go command takes from the repository.
func packagesOf(t *testing.T, numbers []string) []string {
	t.Helper()
	var pkgs []string
	for _, m := range modules.All() {
		if !slices.Contains(numbers, m.Number) {
			continue
		}
		if modules.Available(course.Files, m) {
			pkgs = append(pkgs, "./course/"+m.TestsDir())
		}
		if modules.HasExpansion(course.Files, m) {
			pkgs = append(pkgs, "./course/"+m.ExpansionTestsDir())
		}
	}
	return pkgs
}

// runMutant runs the row's tests on the reference with its edits, and
// returns every test and subtest that failed and the output of those that
// did. A package that fails with no failing test (a build error) is a
// failure of the row itself.
func runMutant(t *testing.T, goBin, root string, m lessonMutant) ([]string, string) {
	t.Helper()
	dir := t.TempDir()
	replace := map[string]string{}
	for i, e := range m.edits {
		file := filepath.Join(root, e.file)
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		require.Equal(t, 1, bytes.Count(src, []byte(e.old)), "%s should hold %q once", e.file, e.old)
		mutated := filepath.Join(dir, fmt.Sprintf("%d-%s", i, filepath.Base(e.file)))
		require.NoError(t, os.WriteFile(mutated, bytes.Replace(src, []byte(e.old), []byte(e.new), 1), 0o644))
		replace[file] = mutated
	}
	if m.probe {
		replace[filepath.Join(root, probeAs)] = filepath.Join(root, probeFile)
	}
	overlay, err := json.Marshal(map[string]any{"Replace": replace})
	require.NoError(t, err)
	overlayFile := filepath.Join(dir, "overlay.json")
	require.NoError(t, os.WriteFile(overlayFile, overlay, 0o644))

	// No vet and no symbol tables: the run asks only which tests fail, and
	// links a test binary for every package. A test binary still running
	// after the time limit is stopped, and the tests it was running fail.
	timeout := mutantTimeout.String()
	if m.timeout != "" {
		timeout = m.timeout
	}
	args := []string{"test", "-json", "-vet=off", "-ldflags=-s -w", "-timeout", timeout, "-overlay", overlayFile}
	if m.run != "" {
		args = append(args, "-run", m.run)
	}
	args = append(args, packagesOf(t, m.in)...)
	cmd := exec.Command(goBin, args...)
	cmd.Dir = root
	// rapid takes its settings from the environment when no flag gives
	// them (a flag would be refused by the packages that do not use
	// rapid); no fail file, since the failures are the point.
	cmd.Env = append(os.Environ(), "RAPID_SEED="+m.seed, "RAPID_CHECKS=100", "RAPID_STEPS=30", "RAPID_NOFAILFILE=true", "RAPID_FAILFILE=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		require.NoError(t, err)
	}

	type event struct{ Action, Package, Test, Output string }
	var fails []string
	outputs := map[string]*strings.Builder{}
	failedTests := map[string]bool{}
	// running is each package's tests that have started and not ended: when
	// the test binary stops under them (a panic outside any test, the time
	// limit), they have failed, and the package's end is all that says so.
	running := map[string][]string{}
	lines := bufio.NewScanner(bytes.NewReader(out))
	lines.Buffer(nil, 1<<20)
	for lines.Scan() {
		var ev event
		if json.Unmarshal(lines.Bytes(), &ev) != nil {
			continue
		}
		switch {
		case ev.Action == "run":
			running[ev.Package] = append(running[ev.Package], ev.Test)
		case ev.Action == "output" && ev.Test != "":
			if outputs[ev.Test] == nil {
				outputs[ev.Test] = &strings.Builder{}
			}
			outputs[ev.Test].WriteString(ev.Output)
		case (ev.Action == "pass" || ev.Action == "skip" || ev.Action == "fail") && ev.Test != "":
			running[ev.Package] = slices.DeleteFunc(running[ev.Package], func(name string) bool { return name == ev.Test })
			if ev.Action == "fail" {
				fails = append(fails, ev.Test)
				failedTests[ev.Package] = true
			}
		case ev.Action == "fail" && len(running[ev.Package]) > 0:
			fails = append(fails, running[ev.Package]...)
			failedTests[ev.Package] = true
		case ev.Action == "fail" && !failedTests[ev.Package]:
			t.Errorf("%s failed with no failing test:\n%s", ev.Package, stderr.String())
		}
	}
	require.NoError(t, lines.Err())
	var output strings.Builder
	for _, name := range fails {
		if b := outputs[name]; b != nil {
			output.WriteString(b.String())
		}
	}
	return fails, output.String()
}

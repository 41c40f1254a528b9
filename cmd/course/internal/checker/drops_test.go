package checker

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/testws"
)

// A drop's span names its commits short, and a drop that ended where it
// started, no commit between, reads as one commit rather than "from X to X".
func TestDropSpanNamesTheCommitsItIsJudgedOver(t *testing.T) {
	start := "3dbea99d1c2b6f0a8e7c5d4b3a291807f6e5d4c3"
	end := "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678"
	assert.Equal(t, "since 3dbea99", DropSpan(start, ""))
	assert.Equal(t, "from 3dbea99 to a1b2c3d, where it ended", DropSpan(start, end))
	assert.Equal(t, "at 3dbea99, where it started and ended", DropSpan(start, start))
}

// dropCourse is a course whose module 01 has a drop with one test file,
// which start-module --expansion copies to tests/01x_walls_test.go.
var dropCourse = fstest.MapFS{
	"01-handles/expansion/tests/01x_walls_test.go": {Data: []byte("package tests\n")},
}

const dropTest = "tests/01x_walls_test.go"

// dropRepo is a workspace in git whose first commit is the engine as the
// drop finds it; commit adds commits to it and gives each one's hash.
type dropRepo struct {
	t   *testing.T
	dir string
	ws  *workspace.Workspace
}

func newDropRepo(t *testing.T) *dropRepo {
	dir := testws.New(t, map[string]string{"engine/world.go": "package engine\n"})
	testws.Git(t, dir, "init", "-q", "-b", "main")
	r := &dropRepo{t: t, dir: dir}
	r.commit("the module done", nil)
	ws, err := workspace.Open(dir)
	require.NoError(t, err)
	r.ws = ws
	return r
}

// commit writes files ("" removes one) and commits everything.
func (r *dropRepo) commit(msg string, files map[string]string) string {
	r.t.Helper()
	for rel, content := range files {
		if content == "" {
			require.NoError(r.t, os.Remove(filepath.Join(r.dir, filepath.FromSlash(rel))))
			delete(files, rel)
		}
	}
	testws.Write(r.t, r.dir, files)
	testws.Git(r.t, r.dir, "add", "-A")
	testws.Git(r.t, r.dir, "commit", "-q", "--allow-empty", "-m", msg)
	return r.head()
}

func (r *dropRepo) head() string { return testws.Git(r.t, r.dir, "rev-parse", "HEAD") }

// judge is check's verdict on drop 01x with the record given.
func (r *dropRepo) judge(rec workspace.Drop, starts StartBook) Drop {
	r.t.Helper()
	return r.judgeWith(dropCourse, rec, starts)
}

// judgeWith is judge in the course given.
func (r *dropRepo) judgeWith(course fstest.MapFS, rec workspace.Drop, starts StartBook) Drop {
	r.t.Helper()
	st := &workspace.State{Drops: map[string]workspace.Drop{"01": rec}}
	drops, warnings := checkDrops(r.ws, course, st, nil, nil, starts)
	require.Empty(r.t, warnings)
	require.Len(r.t, drops, 1)
	return drops[0]
}

const engineChange = "package engine\n\nfunc Wall() {}\n"

// A learner who moves the record past an engine change committed with
// the drop's test file is judged from the commit before the test file
// first appears, and the verdict says both commits.
func TestAStartMovedPastAnEngineChangeIsJudgedFromHistory(t *testing.T) {
	r := newDropRepo(t)
	before := r.head()
	withTest := r.commit("the drop, and the engine", map[string]string{dropTest: "package tests\n", "engine/world.go": engineChange})
	later := r.commit("more", map[string]string{"harness/walls.go": "package harness\n"})
	for _, forged := range []string{withTest, later} {
		d := r.judge(workspace.Drop{Commit: forged}, nil)
		assert.False(t, d.OK, "a start recorded at %s passes the engine change", forged)
		assert.Equal(t, before, d.JudgedFrom)
		assert.Equal(t, MovedByHistory, d.Moved)
		assert.Equal(t, []expansion.Change{{Path: "engine/world.go", Kind: expansion.Changed}}, d.Changes)
		assert.Equal(t, []string{
			fmt.Sprintf("drop 01x: judged from %s, the commit before its test file %s first appears, not %s as recorded", before[:7], dropTest, forged[:7]),
			fmt.Sprintf("drop 01x: engine/world.go changed since %s", before[:7]),
		}, d.lines())
		assert.Equal(t, "changed (judged from history)", dropVerdict(d))
	}
}

// An engine change committed after the drop's test file, with the record
// moved past it, is judged from before the test file too.
func TestAStartMovedPastALaterEngineChangeIsJudgedFromHistory(t *testing.T) {
	r := newDropRepo(t)
	before := r.head()
	r.commit("the drop", map[string]string{dropTest: "package tests\n"})
	forged := r.commit("the engine", map[string]string{"engine/world.go": engineChange})
	d := r.judge(workspace.Drop{Commit: forged}, nil)
	assert.False(t, d.OK)
	assert.Equal(t, before, d.JudgedFrom)
}

// The honest drop: recorded where it started, its test file committed
// after, the engine left alone. It passes, judged from its record, with
// nothing said of a move.
func TestAnHonestDropIsJudgedFromItsRecord(t *testing.T) {
	r := newDropRepo(t)
	start := r.head()
	r.commit("the drop", map[string]string{dropTest: "package tests\n", "harness/walls.go": "package harness\n"})
	r.commit("more of it", map[string]string{"cards/wall.json": "{}\n"})
	d := r.judge(workspace.Drop{Commit: start}, nil)
	assert.True(t, d.OK, "%+v", d)
	assert.Empty(t, d.JudgedFrom)
	assert.False(t, d.NotInHistory)
	assert.Equal(t, []string{"drop 01x: engine unchanged since " + start[:7]}, d.lines())
	assert.Equal(t, "ok", dropVerdict(d))
}

// A drop recorded again at HEAD once .course/ was lost (what check's
// mend for an unrecorded drop says, with the engine as the drop found
// it) passes, judged from where its test file first appears; an engine
// change since would not. The class row says it was judged from the
// history, not that it moved: nothing accuses the learner who did as told.
func TestADropRecordedAgainLaterPassesWhenTheEngineHeld(t *testing.T) {
	r := newDropRepo(t)
	before := r.head()
	r.commit("the drop", map[string]string{dropTest: "package tests\n"})
	again := r.commit("more of it", map[string]string{"harness/walls.go": "package harness\n"})
	d := r.judge(workspace.Drop{Commit: again}, nil)
	assert.True(t, d.OK)
	assert.Equal(t, before, d.JudgedFrom)
	assert.Equal(t, "ok (judged from history)", dropVerdict(d))
	d = r.judge(workspace.Drop{Commit: again}, firstSeen{"01": again})
	assert.Equal(t, "ok (judged from history)", dropVerdict(d), "a class check that first saw the same record")
}

// A drop whose test file was never committed has no history to read: its
// record stands, and the engine change since it is named against it.
func TestADropNeverCommittedIsJudgedFromItsRecord(t *testing.T) {
	r := newDropRepo(t)
	r.commit("the engine", map[string]string{"engine/world.go": engineChange})
	forged := r.head()
	testws.Write(t, r.dir, map[string]string{dropTest: "package tests\n"})
	d := r.judge(workspace.Drop{Commit: forged}, nil)
	assert.True(t, d.OK)
	assert.Empty(t, d.JudgedFrom)
}

// A test file removed and added again first appears where it was first
// added: taking it out for a while does not move the drop's start.
func TestATestFileAddedAgainFirstAppearsWhereItFirstDid(t *testing.T) {
	r := newDropRepo(t)
	before := r.head()
	r.commit("the drop", map[string]string{dropTest: "package tests\n"})
	r.commit("out, and the engine", map[string]string{dropTest: "", "engine/world.go": engineChange})
	forged := r.commit("back", map[string]string{dropTest: "package tests\n"})
	d := r.judge(workspace.Drop{Commit: forged}, nil)
	assert.False(t, d.OK)
	assert.Equal(t, before, d.JudgedFrom)
}

// A side branch that brings the test file and an engine change in with a
// merge: on the first-parent line the file first appears at the merge, so
// the drop is judged from the merge's first parent, and the change shows.
func TestAMergedBranchIsReadOnTheFirstParentLine(t *testing.T) {
	r := newDropRepo(t)
	before := r.head()
	testws.Git(t, r.dir, "checkout", "-q", "-b", "side")
	r.commit("the drop, and the engine", map[string]string{dropTest: "package tests\n", "engine/world.go": engineChange})
	testws.Git(t, r.dir, "checkout", "-q", "main")
	r.commit("elsewhere", map[string]string{"harness/other.go": "package harness\n"})
	mainLine := r.head()
	testws.Git(t, r.dir, "merge", "-q", "--no-ff", "-m", "merge", "side")
	merge := r.head()
	d := r.judge(workspace.Drop{Commit: merge}, nil)
	assert.False(t, d.OK)
	assert.Equal(t, mainLine, d.JudgedFrom, "the merge's first parent, not %s", before)
}

// A start recorded that is not in HEAD's history (a commit made on a line
// of its own, whose engine is HEAD's) passes no drop silently: with the
// test file committed it is judged from the history; without, the record
// stands and the verdict says it is not in HEAD's history.
func TestAStartNotInHistoryIsSaid(t *testing.T) {
	r := newDropRepo(t)
	r.commit("the engine", map[string]string{"engine/world.go": engineChange})
	testws.Git(t, r.dir, "checkout", "-q", "--orphan", "elsewhere")
	elsewhere := r.commit("the engine as it is", nil)
	testws.Git(t, r.dir, "checkout", "-q", "main")

	d := r.judge(workspace.Drop{Commit: elsewhere}, nil)
	assert.True(t, d.OK, "the engine is the commit's")
	assert.True(t, d.NotInHistory)
	assert.Equal(t, []string{
		fmt.Sprintf("drop 01x: its recorded start %s is not in HEAD's history (rewritten since, or a commit from elsewhere)", elsewhere[:7]),
		"drop 01x: engine unchanged since " + elsewhere[:7],
	}, d.lines())
	assert.Equal(t, "ok (not in history)", dropVerdict(d))
	rep := &Report{OK: true, Drops: []Drop{d}}
	assert.Contains(t, rep.FirstProblem(), "is not in HEAD's history", "a class row says so")

	r.commit("the drop", map[string]string{dropTest: "package tests\n"})
	d = r.judge(workspace.Drop{Commit: elsewhere}, nil)
	assert.True(t, d.NotInHistory)
	assert.Equal(t, MovedByHistory, d.Moved)
	assert.Contains(t, d.lines()[0], "which is not in HEAD's history")
}

// An ended drop whose start was moved to where it ended, past an engine
// change, is judged from before its test file to its end.
func TestAnEndedDropMovedToItsEndIsJudgedFromHistory(t *testing.T) {
	r := newDropRepo(t)
	before := r.head()
	work := r.commit("the drop, and the engine", map[string]string{dropTest: "package tests\n", "engine/world.go": engineChange})
	end := r.commit("module 2 started", map[string]string{"tests/02_queue_test.go": "package tests\n"})
	d := r.judgeWith(laterCourse, workspace.Drop{Commit: end, End: end}, nil)
	assert.False(t, d.OK)
	assert.Equal(t, before, d.JudgedFrom)
	assert.Equal(t, fmt.Sprintf("drop 01x: engine/world.go changed between %s and %s, where it ended", before[:7], work[:7]), d.lines()[1])
	assert.Equal(t, fmt.Sprintf("from %s to %s, where it ended (judged from %s, the commit before its test file %s first appears, not %s as recorded; judged to %s, the commit before module 02's test file tests/02_queue_test.go first appears, not %s as recorded)", before[:7], work[:7], before[:7], dropTest, end[:7], work[:7], end[:7]), d.Span())
}

// firstSeen is a StartBook in memory.
type firstSeen map[string]string

func (f firstSeen) FirstSeen(_ WorkspaceID, module, commit string) (Seen, error) {
	if seen, ok := f[module]; ok {
		return Seen{Start: seen}, nil
	}
	f[module] = commit
	return Seen{}, nil
}

// A record moved between two class checks, past an engine change, with no
// drop file committed to tell: the second check shows the drop as moved,
// judges it from the start the first saw, and names both commits.
func TestARecordMovedBetweenClassChecksIsJudgedFromTheFirstSeen(t *testing.T) {
	r := newDropRepo(t)
	start := r.head()
	book := firstSeen{}
	d := r.judge(workspace.Drop{Commit: start}, book)
	assert.True(t, d.OK)
	assert.Equal(t, "ok", dropVerdict(d))
	assert.Equal(t, start, book["01"], "the first check records the start it saw")

	forged := r.commit("the engine", map[string]string{"engine/world.go": engineChange})
	d = r.judge(workspace.Drop{Commit: forged}, book)
	assert.False(t, d.OK)
	assert.Equal(t, start, d.JudgedFrom)
	assert.Equal(t, MovedByFirstSeen, d.Moved)
	assert.Equal(t, start, d.FirstSeen)
	assert.Equal(t, fmt.Sprintf("drop 01x: judged from %s, where a class check first saw it start, not %s as recorded now", start[:7], forged[:7]), d.lines()[0])
	assert.Equal(t, "changed (moved)", dropVerdict(d))
	rep := &Report{Drops: []Drop{d}}
	assert.Contains(t, rep.FirstProblem(), start[:7])
	assert.Contains(t, rep.FirstProblem(), forged[:7])

	d = r.judge(workspace.Drop{Commit: forged}, nil)
	assert.True(t, d.OK, "without the class's record, the learner's record stands")
}

// A record moved since a class check saw the drop's start, to a commit of
// a history rewritten since (the start first seen gone from it), shows
// the drop as moved: the class check's record and the learner's differ.
func TestARecordMovedFromAStartHistoryLostIsAMove(t *testing.T) {
	r := newDropRepo(t)
	start := r.head()
	book := firstSeen{"01": start}
	testws.Git(t, r.dir, "commit", "-q", "--amend", "-m", "the module done, reworded")
	rewritten := r.head()
	d := r.judge(workspace.Drop{Commit: rewritten}, book)
	assert.True(t, d.OK)
	assert.True(t, d.FirstSeenGone)
	assert.Equal(t, "ok (moved)", dropVerdict(d))
	assert.Equal(t, fmt.Sprintf("drop 01x: moved: a class check first saw it start at %s, which HEAD's history no longer holds, and .course/state.json records %s", start[:7], rewritten[:7]), d.lines()[0])
}

// A start commit amended (or a record from elsewhere) that the record
// still names, as the class check first saw it, is no move: the record is
// not in HEAD's history, which is what the drop's line says.
func TestAStartFirstSeenAndStillRecordedThatHistoryLostIsNotAMove(t *testing.T) {
	r := newDropRepo(t)
	start := r.head()
	book := firstSeen{"01": start}
	testws.Git(t, r.dir, "commit", "-q", "--amend", "-m", "the module done, reworded")
	d := r.judge(workspace.Drop{Commit: start}, book)
	assert.True(t, d.OK, "%+v", d)
	assert.True(t, d.NotInHistory)
	assert.Empty(t, d.FirstSeen)
	assert.False(t, d.FirstSeenGone)
	assert.Equal(t, "ok (not in history)", dropVerdict(d))
	assert.Equal(t, []string{
		fmt.Sprintf("drop 01x: its recorded start %s is not in HEAD's history (rewritten since, or a commit from elsewhere)", start[:7]),
		fmt.Sprintf("drop 01x: engine unchanged since %s", start[:7]),
	}, d.lines())
}

// A class record that does not read leaves the drop unchecked, saying
// why: never a pass.
func TestAClassRecordThatDoesNotReadLeavesTheDropUnchecked(t *testing.T) {
	r := newDropRepo(t)
	d := r.judge(workspace.Drop{Commit: r.head()}, brokenBook{})
	assert.False(t, d.OK)
	assert.Equal(t, "the record is broken", d.Error)
	assert.Equal(t, "unchecked", dropVerdict(d))
}

type brokenBook struct{}

func (brokenBook) FirstSeen(WorkspaceID, string, string) (Seen, error) {
	return Seen{}, errors.New("the record is broken")
}

// A drop recorded again (.course/ lost) once module 2 was started starts
// and ends at HEAD. Judged from before its test file, it is judged to the
// commit before module 2's test file first appears, where module 2's start
// ended it: module 2's engine work is not blamed on it.
func TestADropRecordedAgainAfterALaterModuleIsJudgedToThatModulesStart(t *testing.T) {
	r := newDropRepo(t)
	before := r.head()
	dropWork := r.commit("the drop", map[string]string{dropTest: "package tests\n", "harness/walls.go": "package harness\n"})
	r.commit("module 2", map[string]string{"tests/02_queue_test.go": "package tests\n", "engine/world.go": engineChange})
	head := r.commit("more of module 2", map[string]string{"engine/queue.go": "package engine\n"})
	d := r.judgeWith(laterCourse, workspace.Drop{Commit: head, End: head}, nil)
	assert.True(t, d.OK, "%+v", d)
	assert.Equal(t, before, d.JudgedFrom)
	assert.Equal(t, dropWork, d.JudgedTo)
	assert.Equal(t, fmt.Sprintf("drop 01x: judged from %s, the commit before its test file %s first appears, not %s as recorded; judged to %s, the commit before module 02's test file tests/02_queue_test.go first appears, not %s as recorded", before[:7], dropTest, head[:7], dropWork[:7], head[:7]), d.lines()[0])
	assert.Equal(t, fmt.Sprintf("drop 01x: engine unchanged from %s to %s, where it ended", before[:7], dropWork[:7]), d.lines()[1])
}

// The end moved back does not hide an engine change made with the drop's
// test: a learner who records the drop's start and end past it still fails.
func TestAnEndMovedBackStillSeesTheDropsEngineChange(t *testing.T) {
	r := newDropRepo(t)
	r.commit("the drop, and the engine", map[string]string{dropTest: "package tests\n", "engine/world.go": engineChange})
	head := r.commit("module 2", map[string]string{"tests/02_queue_test.go": "package tests\n"})
	d := r.judgeWith(laterCourse, workspace.Drop{Commit: head, End: head}, nil)
	assert.False(t, d.OK)
	assert.Equal(t, []expansion.Change{{Path: "engine/world.go", Kind: expansion.Changed}}, d.Changes)
}

// laterCourse is dropCourse with module 2's test file.
var laterCourse = fstest.MapFS{
	"01-handles/expansion/tests/01x_walls_test.go": {Data: []byte("package tests\n")},
	"02-queue/tests/02_queue_test.go":              {Data: []byte("package tests\n")},
}

// Only a later module's start ends a drop. An end written into the record
// by hand, with no later module's test file anywhere, is not believed:
// the drop is judged as an open one, to the files on disk, and the
// verdict says so. Believed, an end moved back to the start passed every
// engine change since.
func TestAnEndRecordedWithNoLaterModuleStartedIsNotBelieved(t *testing.T) {
	r := newDropRepo(t)
	start := r.head()
	r.commit("the drop", map[string]string{dropTest: "package tests\n"})
	r.commit("the engine", map[string]string{"engine/world.go": engineChange})
	d := r.judgeWith(laterCourse, workspace.Drop{Commit: start, End: start, EndPassed: 1, EndTests: 1}, nil)
	assert.False(t, d.OK)
	assert.Equal(t, []expansion.Change{{Path: "engine/world.go", Kind: expansion.Changed}}, d.Changes)
	assert.Empty(t, d.End)
	assert.Zero(t, d.EndTests, "how its tests did at an end not believed is not taken either")
	assert.Equal(t, start, d.RecordedEnd)
	assert.Equal(t, []string{
		fmt.Sprintf("drop 01x: judged as open, to the files on disk, not ended at %s as recorded: no later module has started (none of its test files is in tests/ or HEAD's history)", start[:7]),
		fmt.Sprintf("drop 01x: engine/world.go changed since %s", start[:7]),
	}, d.lines())
	assert.Equal(t, "changed (end not believed)", dropVerdict(d), "a class row says so")

	// A later module's test file on disk, not yet committed, is a start.
	testws.Write(t, r.dir, map[string]string{"tests/02_queue_test.go": "package tests\n"})
	d = r.judgeWith(laterCourse, workspace.Drop{Commit: start, End: start}, nil)
	assert.Equal(t, start, d.End)
	assert.Empty(t, d.RecordedEnd)
}

// An end that is not the drop's start or a commit after it on HEAD's
// history (one before the start, or a commit made on a line of its own
// whose engine is the start's) is not believed either: with a later
// module's test file committed, the drop is judged to the commit before
// it; without one, as an open drop.
func TestAnEndNotAfterTheStartIsNotBelieved(t *testing.T) {
	r := newDropRepo(t)
	first := r.head()
	start := r.commit("more of the module", map[string]string{"harness/more.go": "package harness\n"})
	r.commit("the drop", map[string]string{dropTest: "package tests\n"})
	work := r.commit("the engine", map[string]string{"engine/world.go": engineChange})
	testws.Git(t, r.dir, "checkout", "-q", "--orphan", "elsewhere")
	testws.Git(t, r.dir, "reset", "-q", "--hard", start)
	elsewhere := r.commit("the start's engine, elsewhere", nil)
	testws.Git(t, r.dir, "checkout", "-q", "main")
	r.commit("module 2", map[string]string{"tests/02_queue_test.go": "package tests\n"})

	for _, end := range []string{first, elsewhere} {
		d := r.judgeWith(laterCourse, workspace.Drop{Commit: start, End: end}, nil)
		assert.False(t, d.OK, end)
		assert.Equal(t, work, d.JudgedTo, end)
		assert.Equal(t, []expansion.Change{{Path: "engine/world.go", Kind: expansion.Changed}}, d.Changes, end)
		assert.Contains(t, d.lines()[0], "not "+end[:7]+" as recorded: it is not the drop's start or a commit after it in HEAD's history", end)
	}
}

// A drop first seen in another history of its folder is told as such in
// its row and its note, whatever its verdict: a history made again from a
// new first commit can hold an engine change before the new start.
func TestADropOfANewHistoryIsSaidSo(t *testing.T) {
	d := Drop{Module: "01x", OK: true, Commit: "4444444444444444444444444444444444444444",
		EarlierStart: "1111111111111111111111111111111111111111", EarlierRoot: "9999999999999999999999999999999999999999"}
	assert.Equal(t, "ok (new history)", dropVerdict(d))
	assert.Contains(t, d.moveNote(), "new history: a class check first saw it start at 1111111 in another history of this folder (first commit 9999999)")
	d.OK = false
	assert.Equal(t, "changed (new history)", dropVerdict(d))
	d.FirstSeen = "2222222222222222222222222222222222222222"
	assert.Equal(t, "changed (moved)", dropVerdict(d), "a move is said first")
}

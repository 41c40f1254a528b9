package tests

// The two random runs of Module 13: rapid state machines that drive a Game
// and a Baba through the harness, take a snapshot after every call, hand it
// to a planted bug (a mutant) when the test asks for one, and give the
// result to an invariant. Every helper here carries the m13 prefix, because
// in a workspace all the modules' tests share one package.

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/systemic-game-design/course/harness"
)

// m13minions is the minions a random game draws from: the Part I cards of
// Modules 1 to 12, less the one whose Battlecry asks a chooser.
var m13minions = []string{
	"Test Filler", "Acolyte of Pain", "Armorsmith", "Test Reactor", "Test Tripwire",
	"Loot Hoarder", "Harvest Golem", "Unstable Ghoul", "Baron Rivendare",
	"Novice Engineer", "Bolf Ramshield", "Brann Bronzebeard", "Drakkari Enchanter",
	"Test Sentinel", "Bonechewer Brawler", "Test Bell",
}

// m13spells is the spells a random game casts; Whirlwind comes up twice as
// often as Twisting Nether, so that boards are not emptied every few calls.
var m13spells = []string{"Whirlwind", "Whirlwind", "Twisting Nether"}

// m13gameCall is one harness call of a random game.
type m13gameCall struct {
	Name   string // the harness method: "Summon", "Play", ...
	Card   string
	Player harness.Player
	IDs    []harness.ID // the ids it names: a target, a card in hand, an attacker and a defender
	Amount int
	Result harness.ID // what Summon, AddToHand and AddToDeck returned
}

func (c m13gameCall) String() string {
	switch c.Name {
	case "Summon", "AddToHand", "AddToDeck":
		return fmt.Sprintf("%s = %d", c.call(), c.Result)
	}
	return c.call()
}

// call is the call as it is made, without what it returned.
func (c m13gameCall) call() string {
	switch c.Name {
	case "Summon", "AddToHand", "AddToDeck":
		return fmt.Sprintf("%s(%q, %d)", c.Name, c.Card, c.Player)
	case "Play", "Destroy":
		return fmt.Sprintf("%s(%d)", c.Name, c.IDs[0])
	case "DealDamage":
		return fmt.Sprintf("DealDamage(%d, %d)", c.IDs[0], c.Amount)
	case "Cast":
		return fmt.Sprintf("Cast(%q, %d)", c.Card, c.Player)
	case "OrderAttack":
		return fmt.Sprintf("OrderAttack(%d, %d)", c.IDs[0], c.IDs[1])
	case "EndTurn":
		return fmt.Sprintf("EndTurn(%d)", c.Player)
	}
	return c.Name
}

// apply makes the call on g and returns it with its result filled in.
func (c m13gameCall) apply(g *harness.Game) m13gameCall {
	switch c.Name {
	case "Summon":
		c.Result = g.Summon(c.Card, c.Player)
	case "AddToHand":
		c.Result = g.AddToHand(c.Card, c.Player)
	case "AddToDeck":
		c.Result = g.AddToDeck(c.Card, c.Player)
	case "Play":
		g.Play(c.IDs[0])
	case "Destroy":
		g.Destroy(c.IDs[0])
	case "DealDamage":
		g.DealDamage(c.IDs[0], c.Amount)
	case "Cast":
		g.Cast(c.Card, c.Player)
	case "OrderAttack":
		_ = g.OrderAttack(c.IDs[0], c.IDs[1])
	case "EndTurn":
		g.EndTurn(c.Player)
	default:
		panic("m13: unknown call " + c.Name)
	}
	return c
}

// m13gameMutant is a planted bug: given the call just made and the engine's
// true snapshots before and after it, it returns the after snapshot an engine
// with that bug would have produced. after is a copy it may change.
type m13gameMutant struct {
	name  string
	alter func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot
}

// m13gameCheck is an invariant as a random game uses it: the snapshots
// before and after one call.
type m13gameCheck func(before, after harness.GameSnapshot) error

// m13gameRun is one random game.
type m13gameRun struct {
	g             *harness.Game
	check         m13gameCheck
	mutant        *m13gameMutant
	truth         harness.GameSnapshot // the engine's snapshot after the last call
	before, shown harness.GameSnapshot // what the check was shown last: before and after the last call
	calls         []m13gameCall
	violation     error // the first error the check returned
}

func m13newGameRun(check m13gameCheck, mutant *m13gameMutant) *m13gameRun {
	r := &m13gameRun{check: check, mutant: mutant}
	m13bounded(func() string { return "NewGame(GameOpts{}) in a random game" }, func() {
		r.g = harness.NewGame(harness.GameOpts{})
	})
	r.truth = r.snapshot("NewGame(GameOpts{})")
	r.before, r.shown = m13cloneGame(r.truth), m13cloneGame(r.truth)
	return r
}

// do makes one call and takes the snapshots the check will be shown. The
// log is cleared first, so that a snapshot's log is its call's Sequence.
func (r *m13gameRun) do(c m13gameCall) {
	m13bounded(func() string { return m13stuckCall(c.call(), "a random game", r.calls) }, func() {
		r.g.ClearLog()
		c = c.apply(r.g)
	})
	r.calls = append(r.calls, c)
	truth := r.snapshot(c.String())
	shown := m13cloneGame(truth)
	if r.mutant != nil {
		shown = r.mutant.alter(c, m13cloneGame(r.truth), shown)
	}
	r.truth, r.before, r.shown = truth, r.shown, shown
}

// snapshot takes the game's snapshot after the call named last.
func (r *m13gameRun) snapshot(last string) (s harness.GameSnapshot) {
	m13bounded(func() string { return m13stuckCall("Snapshot() after "+last, "a random game", r.calls) }, func() {
		s = r.g.Snapshot()
	})
	return s
}

// verify runs the check on the last pair of snapshots.
func (r *m13gameRun) verify() error {
	var err error
	m13bounded(func() string { return m13stuckCall("the invariant", "a random game", r.calls) }, func() {
		err = r.check(r.before, r.shown)
	})
	if err != nil && r.violation == nil {
		r.violation = err
	}
	return err
}

func (r *m13gameRun) callList() string {
	out := make([]string, len(r.calls))
	for i, c := range r.calls {
		out[i] = c.String()
	}
	return strings.Join(out, ", ")
}

// inPlay is every character in play: the heroes, then each board.
func (r *m13gameRun) inPlay() []harness.ID {
	ids := []harness.ID{r.g.Hero(0), r.g.Hero(1)}
	return append(ids, r.minions()...)
}

func (r *m13gameRun) minions() []harness.ID {
	return append(r.g.Board(0), r.g.Board(1)...)
}

func m13player(t *rapid.T) harness.Player {
	return harness.Player(rapid.IntRange(0, 1).Draw(t, "player"))
}

// actions is the state machine: one entry per kind of call, and "" for the
// invariant, which rapid runs at the start and after every call.
func (r *m13gameRun) actions() map[string]func(*rapid.T) {
	create := func(name string) func(*rapid.T) {
		return func(t *rapid.T) {
			r.do(m13gameCall{Name: name, Card: rapid.SampledFrom(m13minions).Draw(t, "card"), Player: m13player(t)})
		}
	}
	return map[string]func(*rapid.T){
		"Summon":    create("Summon"),
		"AddToHand": create("AddToHand"),
		"AddToDeck": create("AddToDeck"),
		"Play": func(t *rapid.T) {
			hand := append(r.g.Hand(0), r.g.Hand(1)...)
			if len(hand) == 0 {
				t.Skip("no card in a hand")
			}
			r.do(m13gameCall{Name: "Play", IDs: []harness.ID{rapid.SampledFrom(hand).Draw(t, "card in hand")}})
		},
		"DealDamage": func(t *rapid.T) {
			target := rapid.SampledFrom(r.inPlay()).Draw(t, "target")
			r.do(m13gameCall{Name: "DealDamage", IDs: []harness.ID{target}, Amount: rapid.IntRange(0, 3).Draw(t, "amount")})
		},
		"Cast": func(t *rapid.T) {
			r.do(m13gameCall{Name: "Cast", Card: rapid.SampledFrom(m13spells).Draw(t, "spell"), Player: m13player(t)})
		},
		"Destroy": func(t *rapid.T) {
			minions := r.minions()
			if len(minions) == 0 {
				t.Skip("no minion on a board")
			}
			r.do(m13gameCall{Name: "Destroy", IDs: []harness.ID{rapid.SampledFrom(minions).Draw(t, "minion")}})
		},
		"OrderAttack": func(t *rapid.T) {
			minions := r.minions()
			if len(minions) == 0 {
				t.Skip("no minion on a board")
			}
			attacker := rapid.SampledFrom(minions).Draw(t, "attacker")
			defender := rapid.SampledFrom(r.inPlay()).Draw(t, "defender")
			if r.g.CanAttack(attacker, defender) != nil {
				t.Skip("not a legal attack")
			}
			r.do(m13gameCall{Name: "OrderAttack", IDs: []harness.ID{attacker, defender}})
		},
		"EndTurn": func(t *rapid.T) {
			r.do(m13gameCall{Name: "EndTurn", Player: m13player(t)})
		},
		"": func(t *rapid.T) {
			if err := r.verify(); err != nil {
				t.Fatalf("after %s: %v", r.callList(), err)
			}
		},
	}
}

// m13gameProperty is the property rapid checks: a random game in which the
// check holds after every call. last, when not nil, is set to each run as it
// starts, so that after rapid.Check returns it holds the run rapid printed:
// the shrunk one, when something failed.
func m13gameProperty(check m13gameCheck, mutant *m13gameMutant, last **m13gameRun) func(*rapid.T) {
	return func(t *rapid.T) {
		r := m13newGameRun(check, mutant)
		if last != nil {
			*last = r
		}
		t.Repeat(r.actions())
	}
}

// m13replayGame makes the calls again on a new game, with the mutant, and
// returns the first error the check gives, or nil. A call the game refuses
// with a panic (a Play of a card that is not in a hand, say) ends the replay
// with an error that says so.
func m13replayGame(calls []m13gameCall, check m13gameCheck, mutant *m13gameMutant) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: %v", errM13Refused, p)
		}
	}()
	r := m13newGameRun(check, mutant)
	if err := r.verify(); err != nil {
		return err
	}
	for _, c := range calls {
		r.do(c)
		if err := r.verify(); err != nil {
			return err
		}
	}
	return nil
}

// errM13Refused marks a replay the game refused part way.
var errM13Refused = errors.New("m13: the game refused a call of the replay")

func m13cloneGame(s harness.GameSnapshot) harness.GameSnapshot {
	c := s
	c.Entities = slices.Clone(s.Entities)
	for p := range 2 {
		c.Decks[p] = slices.Clone(s.Decks[p])
		c.Hands[p] = slices.Clone(s.Hands[p])
		c.Boards[p] = slices.Clone(s.Boards[p])
		c.Graveyards[p] = slices.Clone(s.Graveyards[p])
	}
	c.Log = slices.Clone(s.Log)
	return c
}

// The rule grid.

var (
	m13nouns = []string{"BABA", "ROCK", "FLAG", "KEKE", "WALL"}
	m13props = []string{"YOU", "PUSH", "STOP", "WIN", "SINK", "DEFEAT", "HOT", "MELT", "PULL", "SHUT", "OPEN"}
	m13dirs  = []harness.Dir{harness.Up, harness.Down, harness.Left, harness.Right}
)

// m13level draws a small level: usually BABA IS YOU in the top row and a
// baba somewhere, up to three more sentences (a property, a conversion, a
// conversion into two nouns, a negated property, or X IS NOT X, which
// destroys every X at the next turn), half the time BABA IS WIN, a third of
// the time a conversion X IS Y with an X to convert, a third of the time X IS
// NOT X with an X to remove, and a few things.
func m13level(t *rapid.T) harness.LevelDef {
	w, h := rapid.IntRange(5, 7).Draw(t, "width"), rapid.IntRange(4, 6).Draw(t, "height")
	lv := harness.LevelDef{Width: w, Height: h}
	line := func(x, y int, words ...string) {
		for i, word := range words {
			if x+i < w {
				lv.Objects = append(lv.Objects, harness.LevelObject{Kind: "text:" + word, X: x + i, Y: y})
			}
		}
	}
	if rapid.IntRange(0, 4).Draw(t, "no YOU rule") != 0 {
		line(0, 0, "BABA", "IS", "YOU")
	}
	noun := rapid.SampledFrom(m13nouns)
	prop := rapid.SampledFrom(m13props)
	for range rapid.IntRange(0, 3).Draw(t, "sentences") {
		var words []string
		switch rapid.IntRange(0, 4).Draw(t, "sentence shape") {
		case 0:
			words = []string{noun.Draw(t, "subject"), "IS", prop.Draw(t, "property")}
		case 1:
			words = []string{noun.Draw(t, "subject"), "IS", noun.Draw(t, "noun")}
		case 2:
			words = []string{noun.Draw(t, "subject"), "IS", noun.Draw(t, "noun"), "AND", noun.Draw(t, "second noun")}
		case 3:
			words = []string{noun.Draw(t, "subject"), "IS", "NOT", prop.Draw(t, "property")}
		default:
			n := noun.Draw(t, "subject")
			words = []string{n, "IS", "NOT", n}
		}
		line(rapid.IntRange(0, w-3).Draw(t, "sentence x"), rapid.IntRange(1, h-1).Draw(t, "sentence y"), words...)
	}
	if rapid.IntRange(0, 1).Draw(t, "BABA IS WIN") == 0 {
		line(w-3, h-1, "BABA", "IS", "WIN")
	}
	if rapid.IntRange(0, 2).Draw(t, "a conversion") == 0 {
		from, to := noun.Draw(t, "converted noun"), noun.Draw(t, "converted into")
		line(w-3, 1, from, "IS", to)
		lv.Objects = append(lv.Objects, harness.LevelObject{Kind: strings.ToLower(from), X: 0, Y: h - 1})
	}
	if rapid.IntRange(0, 2).Draw(t, "a noun that is not itself") == 0 {
		n := noun.Draw(t, "noun that is not itself")
		line(0, h-2, n, "IS", "NOT", n)
		lv.Objects = append(lv.Objects, harness.LevelObject{Kind: strings.ToLower(n), X: w - 1, Y: 1})
	}
	thing := func() {
		lv.Objects = append(lv.Objects, harness.LevelObject{
			Kind: strings.ToLower(noun.Draw(t, "thing")),
			X:    rapid.IntRange(0, w-1).Draw(t, "thing x"),
			Y:    rapid.IntRange(0, h-1).Draw(t, "thing y"),
		})
	}
	lv.Objects = append(lv.Objects, harness.LevelObject{Kind: "baba", X: rapid.IntRange(0, w-1).Draw(t, "baba x"), Y: rapid.IntRange(1, h-1).Draw(t, "baba y")})
	for range rapid.IntRange(1, 6).Draw(t, "things") {
		thing()
	}
	return lv
}

// m13babaCall is one harness call of a random level: Step, Move or Undo.
type m13babaCall struct {
	Name   string
	Dir    harness.Dir
	Undone bool // what Undo returned
}

func (c m13babaCall) String() string {
	if c.Name == "Undo" {
		return fmt.Sprintf("Undo() = %v", c.Undone)
	}
	return c.call()
}

// call is the call as it is made, without what it returned.
func (c m13babaCall) call() string {
	if c.Name == "Undo" {
		return "Undo()"
	}
	return fmt.Sprintf("%s(%v)", c.Name, c.Dir)
}

// m13babaMutant is a planted bug in a rule grid: given the call, the true
// snapshot before it and a copy of the true snapshot after it, it returns
// what an engine with the bug would have shown.
type m13babaMutant struct {
	name  string
	alter func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot
}

// m13babaCheck is an invariant as a random level uses it: the call, the
// snapshot it is measured against (before a Step or Move; for an Undo, the
// snapshot it should bring back) and the snapshot after it.
type m13babaCheck func(c m13babaCall, before, after harness.BabaSnapshot) error

type m13babaRun struct {
	b         *harness.Baba
	check     m13babaCheck
	mutant    *m13babaMutant
	truth     harness.BabaSnapshot
	history   []harness.BabaSnapshot // what the check was shown before each Step or Move not yet undone
	last      m13babaCall
	against   harness.BabaSnapshot // what the last call is measured against
	shown     harness.BabaSnapshot
	calls     []m13babaCall
	violation error
	where     string // the level, as a report of a call that never returned names it
}

func m13newBabaRun(lv harness.LevelDef, check m13babaCheck, mutant *m13babaMutant) *m13babaRun {
	r := &m13babaRun{check: check, mutant: mutant, last: m13babaCall{Name: "NewBaba"}, where: m13levelString(lv)}
	m13bounded(func() string { return "NewBaba of " + r.where }, func() { r.b = harness.NewBaba(lv) })
	r.truth = r.snapshot("NewBaba")
	r.against, r.shown = m13cloneBaba(r.truth), m13cloneBaba(r.truth)
	return r
}

// m13levelString is a level as the calls to make it: its size and each
// object's Place.
func m13levelString(lv harness.LevelDef) string {
	var b strings.Builder
	fmt.Fprintf(&b, "a random level %dx%d:", lv.Width, lv.Height)
	for i, o := range lv.Objects {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s at (%d, %d)", o.Kind, o.X, o.Y)
	}
	return b.String()
}

func (r *m13babaRun) do(c m13babaCall) {
	m13bounded(func() string { return m13stuckCall(c.call(), r.where, r.calls) }, func() {
		switch c.Name {
		case "Step":
			r.b.Step(c.Dir)
		case "Move":
			r.b.Move(c.Dir)
		case "Undo":
			c.Undone = r.b.Undo()
		}
	})
	r.calls = append(r.calls, c)
	truth := r.snapshot(c.String())
	shown := m13cloneBaba(truth)
	if r.mutant != nil {
		shown = r.mutant.alter(c, m13cloneBaba(r.truth), shown)
	}
	against := r.shown
	switch {
	case c.Name != "Undo":
		r.history = append(r.history, r.shown)
	case c.Undone && len(r.history) > 0:
		against = r.history[len(r.history)-1]
		r.history = r.history[:len(r.history)-1]
	}
	r.truth, r.last, r.against, r.shown = truth, c, against, shown
}

// snapshot takes the level's snapshot after the call named last.
func (r *m13babaRun) snapshot(last string) (s harness.BabaSnapshot) {
	m13bounded(func() string { return m13stuckCall("Snapshot() after "+last, r.where, r.calls) }, func() {
		s = r.b.Snapshot()
	})
	return s
}

func (r *m13babaRun) verify() error {
	var err error
	m13bounded(func() string { return m13stuckCall("the invariant", r.where, r.calls) }, func() {
		err = r.check(r.last, r.against, r.shown)
	})
	if err != nil && r.violation == nil {
		r.violation = err
	}
	return err
}

func (r *m13babaRun) callList() string {
	out := make([]string, len(r.calls))
	for i, c := range r.calls {
		out[i] = c.String()
	}
	return strings.Join(out, ", ")
}

// m13maxObjects is the most objects a random level is stepped with. A noun
// that becomes two, each of which becomes the first again (ROCK IS FLAG
// AND KEKE, FLAG IS ROCK, KEKE IS ROCK), doubles the objects at every Step,
// as the game's rules say it should, and a few dozen Steps of that would
// take longer than any test may.
const m13maxObjects = 256

// skipIfGrown skips a Step or Move once the level has had more than
// m13maxObjects objects; Undo still runs, and brings the level back down.
func (r *m13babaRun) skipIfGrown(t *rapid.T) {
	if len(r.truth.Objects) > m13maxObjects {
		t.Skipf("the level has had %d objects", len(r.truth.Objects))
	}
}

func (r *m13babaRun) actions() map[string]func(*rapid.T) {
	return map[string]func(*rapid.T){
		"Step": func(t *rapid.T) {
			r.skipIfGrown(t)
			r.do(m13babaCall{Name: "Step", Dir: rapid.SampledFrom(m13dirs).Draw(t, "dir")})
		},
		"Move": func(t *rapid.T) {
			r.skipIfGrown(t)
			r.do(m13babaCall{Name: "Move", Dir: rapid.SampledFrom(m13dirs).Draw(t, "dir")})
		},
		"Undo": func(t *rapid.T) { r.do(m13babaCall{Name: "Undo"}) },
		"": func(t *rapid.T) {
			if err := r.verify(); err != nil {
				t.Fatalf("after %s: %v", r.callList(), err)
			}
		},
	}
}

func m13babaProperty(check m13babaCheck, mutant *m13babaMutant) func(*rapid.T) {
	return func(t *rapid.T) {
		r := m13newBabaRun(m13level(t), check, mutant)
		t.Repeat(r.actions())
	}
}

func m13cloneBaba(s harness.BabaSnapshot) harness.BabaSnapshot {
	c := s
	c.Objects = slices.Clone(s.Objects)
	c.Tiles = slices.Clone(s.Tiles)
	for i := range c.Tiles {
		c.Tiles[i].Stack = slices.Clone(s.Tiles[i].Stack)
		c.Tiles[i].Kinds = slices.Clone(s.Tiles[i].Kinds)
	}
	c.Rules = slices.Clone(s.Rules)
	c.ActiveRules = slices.Clone(s.ActiveRules)
	return c
}

// A call that never returns.

// m13callLimit is how long one call of a random run may take: a call to the
// engine, a snapshot or an invariant. A working engine answers each in far
// less than a second, even on a level of hundreds of objects.
var m13callLimit = 10 * time.Second

// m13limited reports whether the calls of a random run are bounded. They
// are when the test binary has a time limit of its own, as go test and
// course check always give it. A binary run with none (-test.timeout=0,
// as a debugger runs it) bounds no call either, so that a breakpoint can
// be held as long as you like.
var m13limited = sync.OnceValue(func() bool {
	f := flag.Lookup("test.timeout")
	if f == nil {
		return true
	}
	getter, ok := f.Value.(flag.Getter)
	if !ok {
		return true
	}
	limit, ok := getter.Get().(time.Duration)
	return !ok || limit != 0
})

// m13bounded runs f, which makes the call what names. If f is still running
// after m13callLimit, it is taken to be in a loop that will never end (a
// list whose last entry leads back to an earlier one, say), and the test
// binary is stopped with a report that names the call and the calls before
// it. Nothing gentler can end it: Go cannot stop a running call, and rapid,
// which checks the time it has for shrinking only between one game and the
// next, would wait for the call for ever, until the binary's own time limit
// ended every test at once without naming any call.
func m13bounded(what func() string, f func()) {
	if !m13limited() {
		f()
		return
	}
	alarm := time.AfterFunc(m13callLimit, func() {
		panic(fmt.Sprintf("m13: %s has not returned after %s. A working engine answers in well under a second: yours is most likely caught in a loop that never ends. Make the same calls on your engine to find it.", what(), m13callLimit))
	})
	defer alarm.Stop()
	f()
}

// m13stuckCall names a call still running, where it was made, and the calls
// made before it.
func m13stuckCall[C fmt.Stringer](call, where string, before []C) string {
	if len(before) == 0 {
		return fmt.Sprintf("%s, the first call in %s,", call, where)
	}
	list := make([]string, len(before))
	for i, c := range before {
		list[i] = c.String()
	}
	return fmt.Sprintf("%s, in %s, after %s,", call, where, strings.Join(list, ", "))
}

// Running rapid on a mutant.

// m13recorder is the testing.TB rapid reports to when a test expects it to
// find a failure: it keeps every message instead of failing the test.
type m13recorder struct {
	name   string
	failed bool
	lines  []string
}

func (r *m13recorder) Helper()      {}
func (r *m13recorder) Name() string { return r.name }
func (r *m13recorder) Logf(format string, args ...any) {
	r.lines = append(r.lines, fmt.Sprintf(format, args...))
}
func (r *m13recorder) Log(args ...any) { r.lines = append(r.lines, fmt.Sprint(args...)) }
func (r *m13recorder) Skipf(format string, args ...any) {
	r.Logf(format, args...)
}
func (r *m13recorder) Skip(args ...any) { r.Log(args...) }
func (r *m13recorder) SkipNow()         {}
func (r *m13recorder) Errorf(format string, args ...any) {
	r.Logf(format, args...)
	r.failed = true
}
func (r *m13recorder) Error(args ...any) { r.Log(args...); r.failed = true }
func (r *m13recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
}
func (r *m13recorder) Fatal(args ...any) { r.Error(args...) }
func (r *m13recorder) FailNow()          { r.failed = true }
func (r *m13recorder) Fail()             { r.failed = true }
func (r *m13recorder) Failed() bool      { return r.failed }

// m13flags guards rapid's command-line settings while a mutant runs.
var m13flags sync.Mutex

// m13expectFailure runs rapid on prop, a property that should fail, with a
// recorder in place of the test. rapid writes no fail file for it (the
// failure is the point), every run draws the same calls, and unless shrink
// is set it hands back the first failure it finds without shrinking it,
// which is all a test that only asks "was it caught?" needs. It returns the
// recorder.
func m13expectFailure(t *testing.T, prop func(*rapid.T), shrink bool) *m13recorder {
	t.Helper()
	m13flags.Lock()
	defer m13flags.Unlock()
	var restore []func()
	defer func() {
		for _, f := range restore {
			f()
		}
	}()
	set := func(name, value string) {
		if f := flag.Lookup(name); f != nil {
			old := f.Value.String()
			if err := f.Value.Set(value); err == nil {
				restore = append(restore, func() { _ = f.Value.Set(old) })
			}
		}
	}
	set("rapid.nofailfile", "true")
	// A fixed seed: whether a planted bug is caught must not depend on the
	// run's luck, and a miss can be replayed.
	set("rapid.seed", "13")
	if !shrink {
		set("rapid.shrinktime", "1ns")
	}
	rec := &m13recorder{name: t.Name()}
	rapid.Check(rec, prop)
	return rec
}

// m13catches asserts that rapid, running the check on a random game with the
// mutant planted, finds a call after which the check reports the bug.
func m13catchesGame(t *testing.T, check m13gameCheck, m m13gameMutant) {
	t.Helper()
	var last *m13gameRun
	rec := m13expectFailure(t, m13gameProperty(check, &m, &last), false)
	if last == nil || last.violation == nil {
		t.Errorf("no random game made the invariant report the planted bug %q; rapid said:\n%s", m.name, strings.Join(rec.lines, "\n"))
	}
}

func m13catchesBaba(t *testing.T, check m13babaCheck, m m13babaMutant) {
	t.Helper()
	var caught bool
	rec := m13expectFailure(t, func(rt *rapid.T) {
		r := m13newBabaRun(m13level(rt), check, &m)
		defer func() {
			if r.violation != nil {
				caught = true
			}
		}()
		rt.Repeat(r.actions())
	}, false)
	if !caught {
		t.Errorf("no random level made the invariant report the planted bug %q; rapid said:\n%s", m.name, strings.Join(rec.lines, "\n"))
	}
}

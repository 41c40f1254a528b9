package play

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/course/data"
)

// GridOptions are what a level's screen needs.
type GridOptions struct {
	Level      Level
	Engine     Engine
	EngineName string // "reference engine", "engine of ~/ws"
	Styles     Styles
	Record     string        // write the moves as the level's solution to this file
	Replay     bool          // play the level's recorded solution
	Every      time.Duration // replay one move this often; 0: one move per key
}

type gridMode int

const (
	modeBoard   gridMode = iota
	modeHistory          // a history row is selected
	modeMenu             // choosing a card from the hand
	modeTarget           // choosing a tile with the cursor
	modeChoose           // answering the engine's chooser
)

// Grid is the screen of a rule-grid or SpellGrid level.
type Grid struct {
	o       GridOptions
	eng     *engineSlot
	st      driver.State
	w, h    int
	history []move
	status  string
	problem bool
	mode    gridMode
	histSel int
	// the hand menu and the action it is for
	menuItems []string
	menuSel   int
	action    handAction
	card      string
	cx, cy    int
	// an op waiting for the chooser's answers
	choose  *driver.Choose
	pending *move
	// before is the state the pending move started from, which the
	// status line says what a cast or a play changed of.
	before  driver.State
	glyphs  map[string]rune
	cards   map[string]cardKind // how the course uses each card, by name
	replay  int                 // the next move of the solution to replay
	ticking bool                // a replay timer is running
	// recorded says the record file is this screen's own: what stood at
	// its path before the screen first wrote it is kept under kept (""
	// for nothing).
	recorded bool
	kept     string
	// recordErr is why the last write of the record file failed, nil
	// once one succeeds.
	recordErr error
	// emptyChoices counts the choices among no options answered in a row.
	emptyChoices int
	// scroll is how many lines PgDn scrolled the Level panel and the log.
	scroll int
	// Quit is true once the player has quit.
	quit bool
}

type tickMsg struct{}

// NewGrid starts the engine on the level; ctx ends the engine (a signal)
// until the screen is closed.
func NewGrid(ctx context.Context, o GridOptions) (*Grid, error) {
	if o.Replay && len(o.Level.Solution) == 0 {
		return nil, &NoSolutionError{Level: o.Level.Name}
	}
	if o.Record != "" {
		// A FIFO would block the screen's first move, and a folder or a
		// device is no place for a solution: refused before play starts.
		if st, err := os.Lstat(o.Record); err == nil && !st.Mode().IsRegular() && st.Mode()&fs.ModeSymlink == 0 {
			return nil, &RecordFileError{Path: o.Record, Mode: st.Mode()}
		}
	}
	eng, err := newEngineSlot(ctx, o.Engine)
	if err != nil {
		return nil, err
	}
	m := &Grid{o: o, eng: eng, w: 80, h: 24, glyphs: map[string]rune{}, cards: courseCards()}
	m.restart(false)
	if m.recordErr != nil {
		// refused before the screen opens, not shown for the whole game
		// and then reported as recorded
		_ = eng.close()
		return nil, m.RecordErr()
	}
	if o.Replay {
		m.status = fmt.Sprintf("replaying the recorded solution: %d moves", len(o.Level.Solution))
	}
	return m, nil
}

// Close ends the engine.
func (m *Grid) Close() error { return m.eng.close() }

// Won says whether the level is won now.
func (m *Grid) Won() bool { return m.st.Won }

// MoveCount is how many moves the history holds, casts and plays included.
func (m *Grid) MoveCount() int { return len(m.history) }

// Moves is the history, each move as its row reads: a step's direction,
// "cast Whirlwind", "play Test Sprout at (3,0)".
func (m *Grid) Moves() []string {
	var out []string
	for _, mv := range m.history {
		out = append(out, mv.label())
	}
	return out
}

// solution is the history as the level's solution writes it.
func (m *Grid) solution() []data.Move {
	out := make([]data.Move, 0, len(m.history))
	for _, mv := range m.history {
		out = append(out, mv.Move)
	}
	return out
}

// Init starts the replay timer.
func (m *Grid) Init() tea.Cmd {
	if m.o.Replay && m.o.Every > 0 {
		m.ticking = true
		return m.tick()
	}
	return nil
}

func (m *Grid) tick() tea.Cmd {
	return tea.Tick(m.o.Every, func(time.Time) tea.Msg { return tickMsg{} })
}

func (m *Grid) spell() bool { return m.o.Level.Spell() }

// say sets the status line, one line whatever an engine's message holds.
func (m *Grid) say(problem bool, format string, args ...any) {
	m.status, m.problem = oneLine(fmt.Sprintf(format, args...)), problem
}

// take reads a reply: a chooser request opens the menu (false: not done
// yet), a panic shows in the status line, a state replaces the screen's.
// It is true when the op finished without a panic.
func (m *Grid) take(rep driver.Reply, err error) bool {
	if err != nil {
		m.say(true, "%v: r restarts it", err)
		return false
	}
	rep = safeReply(rep)
	if rep.Choose != nil && len(rep.Choose.Options) == 0 {
		return m.answerNoOptions(rep.Choose.Kind)
	}
	m.emptyChoices = 0
	if rep.Choose != nil && m.pending != nil && len(m.pending.answers) > 0 {
		// the replay gives the answer the recording holds
		a := m.pending.answers[0]
		m.pending.answers = m.pending.answers[1:]
		m.pending.Choices = append(m.pending.Choices, a)
		return m.take(m.eng.c.Answer(a))
	}
	if rep.Choose != nil {
		m.choose = rep.Choose
		m.mode = modeChoose
		m.menuItems, m.menuSel = rep.Choose.Options, 0
		m.say(false, "the engine asks: choose the %s", rep.Choose.Kind)
		return false
	}
	if rep.State != nil {
		m.st = *rep.State
		m.learnGlyphs()
	}
	if rep.Panic != "" {
		m.say(true, "%s", rep.Panic)
		return false
	}
	if rep.State != nil && len(rep.State.Errors) > 0 {
		m.say(true, "%s", rep.State.Errors[0])
	}
	return true
}

// maxEmptyChoices is how many choices among no options in a row an
// engine is answered before the screen stops answering it.
const maxEmptyChoices = 8

// answerNoOptions answers a choice among no options, which no menu can
// offer, with "" (the engine's chooser was called with an empty list: its
// to mend), and takes the reply.
func (m *Grid) answerNoOptions(kind string) bool {
	m.choose, m.mode = nil, modeBoard
	m.emptyChoices++
	if m.emptyChoices > maxEmptyChoices {
		m.say(true, "the engine keeps asking to choose the %s among no options: r restarts it", kind)
		return false
	}
	if m.pending != nil {
		m.pending.Choices = append(m.pending.Choices, "")
	}
	ok := m.take(m.eng.c.Answer(""))
	m.say(true, "%s", emptyChoiceNote(kind, m.problem, m.status))
	return ok
}

// emptyChoiceNote is what a screen says once it has answered a choice
// among no options with "", and taken the reply: then status, when the
// reply was a problem.
func emptyChoiceNote(kind string, problem bool, status string) string {
	note := fmt.Sprintf("the engine asked to choose the %s among no options and was answered \"\"", kind)
	if problem {
		return note + "; then: " + status
	}
	return note
}

// restart starts the level anew, starting the engine again if it stopped
// or when fresh (the r key): a workspace's engine is then built again, so
// that the learner's mend of what the status line named is what plays.
func (m *Grid) restart(fresh bool) {
	if fresh || m.eng.c.Dead() != nil {
		if err := m.eng.renew(); err != nil {
			m.say(true, "%v", err)
			return
		}
	}
	raw := levelJSON(m.o.Level)
	mode := driver.ModeBaba
	if m.spell() {
		mode = driver.ModeSpellGrid
	}
	m.history, m.mode, m.choose, m.pending, m.replay = nil, modeBoard, nil, nil, 0
	m.status, m.problem = "", false
	m.take(m.eng.c.Do(driver.Request{Op: "new", Mode: mode, Level: &raw}))
	m.record()
}

// perform plays a move and, once it finishes, puts it in the history.
// It is false when the engine failed the move (a panic, an engine that
// stopped).
func (m *Grid) perform(mv move) bool {
	m.pending, m.before = &mv, m.st
	if m.take(m.eng.c.Do(mv.request())) {
		m.done()
		return true
	}
	return m.pending != nil && m.mode == modeChoose // waiting for the chooser: not failed
}

func (m *Grid) done() {
	mv := *m.pending
	m.pending, m.choose = nil, nil
	m.mode = modeBoard
	m.history = append(m.history, mv)
	switch {
	case m.problem:
	case mv.IsStep():
		m.status = "" // the board shows what a step did
	default:
		m.say(false, "%s: %s", mv.label(), changes(m.before, m.st))
	}
	m.record()
}

// maxChanges is how many changes the status line names; more are
// counted.
const maxChanges = 4

// changes says what a cast or a play changed on a SpellGrid level, from
// before to after: an object gone or come, a minion's Health, the enemy
// hero's, a rule made or broken.
func changes(before, after driver.State) string {
	var out []string
	name := func(o driver.Object) string {
		if o.Minion != "" {
			return fmt.Sprintf("#%d %s", o.ID, o.Minion)
		}
		return fmt.Sprintf("#%d %s", o.ID, o.Kind)
	}
	was := map[uint32]driver.Object{}
	for _, o := range before.Objects {
		was[o.ID] = o
	}
	for _, o := range after.Objects {
		old, ok := was[o.ID]
		delete(was, o.ID)
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s came at (%d,%d)", name(o), o.X, o.Y))
		case old.Health != o.Health:
			out = append(out, fmt.Sprintf("%s Health %d→%d", name(o), old.Health, o.Health))
		}
	}
	for _, o := range before.Objects {
		if _, gone := was[o.ID]; gone {
			out = append(out, name(o)+" is gone")
		}
	}
	if before.HeroHealth != after.HeroHealth {
		out = append(out, fmt.Sprintf("enemy hero Health %d→%d", before.HeroHealth, after.HeroHealth))
	}
	out = append(out, ruleChanges(before.ActiveRules, after.ActiveRules)...)
	switch {
	case len(out) == 0:
		return "nothing on the board changed"
	case len(out) > maxChanges:
		return fmt.Sprintf("%s and %d more", strings.Join(out[:maxChanges], ", "), len(out)-maxChanges)
	}
	return strings.Join(out, ", ")
}

// ruleChanges is each rule made ("made SKULL IS WIN") and broken between
// two lists of the active rules.
func ruleChanges(before, after []string) []string {
	var out []string
	for _, r := range after {
		if !slices.Contains(before, r) {
			out = append(out, "made "+r)
		}
	}
	for _, r := range before {
		if !slices.Contains(after, r) {
			out = append(out, "broke "+r)
		}
	}
	return out
}

// revert returns to the board before history row i.
func (m *Grid) revert(i int) {
	if i < 0 || i >= len(m.history) {
		return
	}
	// However it ends, the replay goes on from the history as it is left.
	defer m.rewindReplay()
	if !m.spell() {
		for len(m.history) > i {
			rep, err := m.eng.c.Do(driver.Request{Op: "undo"})
			if !m.take(rep, err) {
				m.recordStopped()
				return
			}
			m.history = m.history[:len(m.history)-1]
		}
		m.mode = modeBoard
		m.say(false, "back before move %d", i+1)
		m.record()
		return
	}
	keep := append([]move(nil), m.history[:i]...)
	m.restart(false)
	for _, mv := range keep {
		answers := append([]string(nil), mv.Choices...)
		rep, err := m.eng.c.DoAll(mv.request(), func(ch driver.Choose) string {
			switch {
			case len(answers) == 0 && len(ch.Options) == 0:
				return "" // as answerNoOptions answers it
			case len(answers) == 0:
				return ch.Options[0]
			}
			a := answers[0]
			answers = answers[1:]
			return a
		})
		if !m.take(rep, err) {
			m.recordStopped()
			return
		}
		m.history = append(m.history, mv)
	}
	m.say(false, "restarted and replayed %d moves: back before move %d", i, i+1)
	m.record()
}

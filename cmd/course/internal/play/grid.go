package play

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/systemic-game-design/course/cmd/course/internal/keep"
	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/engine/grid"
	"github.com/systemic-game-design/course/internal/atomicfile"
	"github.com/systemic-game-design/course/internal/regularfile"
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

// move is one row of the history: the move as a recorded solution holds
// it (its Choices what the chooser was answered, in order), and what the
// screen keeps of it.
type move struct {
	data.Move
	// Replayed says the move is one of the recorded solution's, played
	// by the replay.
	Replayed bool
	// answers are the recorded solution's answers to the chooser that the
	// replay has yet to give, in order.
	answers []string
}

// moveOf is a move of a recorded solution as the history holds it: its
// answers yet to give, none given.
func moveOf(sm data.Move) move {
	mv := move{Move: sm, answers: sm.Choices}
	mv.Choices = nil
	return mv
}

// stepMove, castMove and playMove are the moves the keys make.
func stepMove(d grid.Dir) move { return move{Move: data.Move{Dir: d}} }
func castMove(card string, target uint32) move {
	return move{Move: data.Move{Cast: card, Target: target}}
}
func playMove(card string, x, y int) move { return move{Move: data.Move{Play: card, X: x, Y: y}} }

func (mv move) label() string {
	switch {
	case mv.Cast != "" && mv.Target == 0:
		return "cast " + mv.Cast
	case mv.Cast != "":
		return fmt.Sprintf("cast %s at #%d", mv.Cast, mv.Target)
	case mv.Play != "":
		return fmt.Sprintf("play %s at (%d,%d)", mv.Play, mv.X, mv.Y)
	}
	return mv.Dir.String()
}

func (mv move) request() driver.Request {
	switch {
	case mv.Cast != "":
		return driver.Request{Op: "cast", Card: mv.Cast, Target: mv.Target}
	case mv.Play != "":
		return driver.Request{Op: "play", Card: mv.Play, X: mv.X, Y: mv.Y}
	}
	return driver.Request{Op: "step", Dir: mv.Dir.String()}
}

// handAction is what a card taken from the hand is for: a spell to cast
// or a minion to play.
type handAction int

const (
	castSpell handAction = iota
	playMinion
)

// actionWords is how the screen speaks of a hand action, all in one place.
type actionWords struct {
	key      string // the key that starts it
	verb     string // "cast"
	verbs    string // "casts"
	card     string // the kind of card it takes
	atCursor string // what enter then does, after "enter casts"
	offer    string // the key's offer, where the other action has no card
	menuKey  string // the key help's enter, on the hand menu
	tileKeys string // the key help's enter (and n), on the board's tiles
}

var handActionWords = [...]actionWords{
	castSpell: {key: "c", verb: "cast", verbs: "casts", card: "spell", atCursor: "at it, n casts with no target", offer: "c casts a spell",
		menuKey: "enter cast it", tileKeys: "enter cast at it   n no target"},
	playMinion: {key: "p", verb: "play", verbs: "plays", card: "minion", atCursor: "it there", offer: "p plays a minion onto a tile",
		menuKey: "enter take it to a tile", tileKeys: "enter play here"},
}

func (a handAction) words() actionWords { return handActionWords[a] }

// other is the hand's other action.
func (a handAction) other() handAction { return 1 - a }

// actionOfKey is the action c or p starts.
func actionOfKey(k string) handAction {
	if k == handActionWords[playMinion].key {
		return playMinion
	}
	return castSpell
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

// NoSolutionError is --replay on a level without a recorded solution.
type NoSolutionError struct{ Level string }

func (e *NoSolutionError) Error() string {
	return fmt.Sprintf("level %s has no recorded solution; play it with --record FILE to make one", e.Level)
}

// UserError marks the error as the user's to mend.
func (e *NoSolutionError) UserError() bool { return true }

// RecordFileError is --record FILE where FILE is neither a file nor
// nothing.
type RecordFileError struct {
	Path string
	Mode fs.FileMode
}

func (e *RecordFileError) Error() string {
	return fmt.Sprintf("--record %s: it is %s, where the solution is written as a file; give --record a new file's name", e.Path, regularfile.Describe(e.Mode))
}

// UserError marks the error as the user's to mend.
func (e *RecordFileError) UserError() bool { return true }

// RecordError is a record file that could not be written.
type RecordError struct {
	Path string
	Err  error
}

func (e *RecordError) Error() string {
	return fmt.Sprintf("--record %s: the solution could not be written there (%v); give --record a file in a folder you can write to", e.Path, e.Err)
}

func (e *RecordError) Unwrap() error { return e.Err }

// UserError marks the error as the user's to mend.
func (e *RecordError) UserError() bool { return true }

// RecordErr is why the record file does not hold the moves as played, or
// nil.
func (m *Grid) RecordErr() error {
	if m.recordErr == nil {
		return nil
	}
	return &RecordError{Path: m.o.Record, Err: m.recordErr}
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

// record writes the history as the level's solution, when asked to.
func (m *Grid) record() {
	if m.o.Record == "" {
		return
	}
	raw, err := Recording(m.o.Level, m.solution())
	first := !m.recorded
	if err == nil && first {
		m.kept, err = keepAside(m.o.Record)
	}
	if err == nil {
		m.recorded = true
		err = atomicfile.Write(m.o.Record, raw, 0o644)
	}
	m.recordErr = err
	if err != nil {
		m.say(true, "record: %v", err)
		return
	}
	if first && m.kept != "" {
		m.say(false, "recording to %s; the file that was there is kept as %s", m.o.Record, m.kept)
	}
}

// recordStopped writes the record once going back stopped partway (the
// engine failed, or was ended as the player quit), so that it holds the
// moves the history has left, which play reports as recorded; why it
// stopped stays on the status line unless the write itself failed.
func (m *Grid) recordStopped() {
	status, problem := m.status, m.problem
	m.record()
	if m.recordErr == nil {
		m.status, m.problem = status, problem
	}
}

// Kept is where the file that stood at the record file's path before the
// screen first wrote it was kept, or "" when there was none.
func (m *Grid) Kept() string { return m.kept }

// keepAside moves what stands at p (a file, or a link, moved itself) to
// the first free name of p.orig, p.orig.1, p.orig.2, ..., as start-module
// keeps a file it replaces, and says where; nothing there is "".
func keepAside(p string) (string, error) {
	if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	kept := keep.Name(p, func(name string) bool {
		_, err := os.Lstat(name)
		return !errors.Is(err, fs.ErrNotExist)
	})
	if err := os.Rename(p, kept); err != nil {
		return "", fmt.Errorf("keeping the file that was at %s: %w", p, err)
	}
	return kept, nil
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

var dirKeys = map[string]grid.Dir{
	"up": grid.Up, "k": grid.Up, "w": grid.Up,
	"down": grid.Down, "j": grid.Down, "s": grid.Down,
	"left": grid.Left, "h": grid.Left, "a": grid.Left,
	"right": grid.Right, "l": grid.Right, "d": grid.Right,
}

// Update handles a key, a resize or the replay timer.
func (m *Grid) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		// A larger screen shows more of the panes: the scroll comes back
		// to what it shows, so that the first PgUp moves them.
		m.scrollBy(0)
		return m, nil
	case tickMsg:
		m.ticking = m.replayNext()
		if m.ticking {
			return m, m.tick()
		}
		return m, nil
	case tea.MouseClickMsg:
		if m.small() {
			return m, nil // no history drawn to click on
		}
		if msg.Button == tea.MouseLeft && (m.mode == modeBoard || m.mode == modeHistory) {
			if i, ok := m.historyAt(msg.X, msg.Y); ok {
				m.revert(i)
				m.mode = modeBoard
			}
		}
		return m, nil
	case tea.KeyPressMsg:
		// One key a message: keys typed together (a terminal may deliver
		// them in one read) come as a message each.
		k := msg.String()
		if k == "ctrl+c" || (k == "q" && (m.small())) {
			// q too where the screen says it quits, whatever the mode
			m.quit = true
			return m, tea.Quit
		}
		if k == "pgup" || k == "pgdown" {
			// the Level panel and the log, whatever the mode: the
			// arrows step, and choose in the menus
			m.scrollBy(map[string]int{"pgup": -1, "pgdown": 1}[k] * scrollStep(k, m.h))
			return m, nil
		}
		switch m.mode {
		case modeHistory:
			m.historyKey(k)
		case modeMenu:
			m.menuKey(k)
		case modeTarget:
			m.targetKey(k)
		case modeChoose:
			m.chooseKey(k)
		default:
			if k == "q" {
				m.quit = true
				return m, tea.Quit
			}
			m.boardKey(k)
			if k == "r" && m.o.Replay && m.o.Every > 0 && !m.ticking {
				m.ticking = true
				return m, m.tick()
			}
		}
	}
	return m, nil
}

// rewindReplay makes the replay's next move the first of the solution's
// that the history no longer holds, once moves were undone or the history
// gone back through: otherwise the replay would go on past the ones
// undone, and say that the solution, played, does not win.
func (m *Grid) rewindReplay() {
	n := 0
	for _, mv := range m.history {
		if mv.Replayed {
			n++
		}
	}
	m.replay = n
}

// replayNext plays the solution's next move; false once it is all played.
func (m *Grid) replayNext() bool {
	sol := m.o.Level.Solution
	if m.replay >= len(sol) {
		return false
	}
	mv := moveOf(sol[m.replay])
	mv.Replayed = true
	if !m.perform(mv) {
		// the replay stops at the move the engine failed, its reason
		// left on the status line; r restarts it
		m.replay = len(sol)
		m.say(true, "replay stopped at move %d of %d: %s", len(m.history)+1, len(sol), m.status)
		return false
	}
	m.replay++
	if m.replay == len(sol) && !m.st.Won {
		m.say(true, "the recorded solution is played and the level is not won")
	}
	return m.replay < len(sol)
}

func (m *Grid) boardKey(k string) {
	if d, ok := dirKeys[k]; ok {
		if m.st.Won {
			if m.spell() {
				// a SpellGrid level has no undo (u says so)
				m.say(false, "the level is won: tab goes back through the history, r restarts, q quits")
				return
			}
			m.say(false, "the level is won: u undoes, r restarts, q quits")
			return
		}
		m.perform(stepMove(d))
		return
	}
	switch k {
	case "u", "backspace":
		if m.spell() {
			m.say(false, "undo is not supported on a SpellGrid level: tab to the history and pick a move to restart and replay to it")
			return
		}
		rep, err := m.eng.c.Do(driver.Request{Op: "undo"})
		if m.take(rep, err) {
			if rep.Undone && len(m.history) > 0 {
				m.history = m.history[:len(m.history)-1]
				m.rewindReplay()
				m.say(false, "undid one move")
				m.record()
			} else if !rep.Undone {
				m.say(false, "nothing to undo")
			}
		}
	case "r":
		had := len(m.history)
		m.restart(true)
		switch {
		case m.problem:
		case m.o.Record != "" && had > 0:
			// the record file follows the history, so the moves it held
			// are gone from it: said, since no key brings them back
			m.say(false, "restarted: %s now holds no moves, where it held %d", m.o.Record, had)
		default:
			m.say(false, "restarted")
		}
	case "tab":
		if len(m.history) == 0 {
			m.say(false, "no moves yet")
			return
		}
		m.mode, m.histSel = modeHistory, len(m.history)-1
	case "space", "n", "enter":
		if m.o.Replay {
			m.replayNext()
		}
	case "c", "p":
		if !m.spell() {
			return
		}
		if len(m.st.Hand) == 0 {
			m.say(false, "the hand is empty")
			return
		}
		action := actionOfKey(k)
		// c offers the spells and p the minions, so that neither asks
		// for a tile only to be refused there: a spell is cast, never
		// played onto a tile
		items := m.handFor(action)
		if len(items) == 0 {
			m.say(false, "the hand holds no %s to %s; %s", action.words().card, action.words().verb, action.other().words().offer)
			return
		}
		m.action = action
		m.mode, m.menuItems, m.menuSel = modeMenu, items, 0
		m.say(false, "choose a %s to %s", action.words().card, action.words().verb)
	}
}

// handFor is the cards of the hand that action takes: the spells to cast,
// the minions to play, and either way a card the course does not know (a
// workspace's engine may deal one), which the engine's checks judge.
func (m *Grid) handFor(action handAction) []string {
	var out []string
	for _, c := range m.st.Hand {
		k := m.cards[c]
		if k == cardUnknown || (k == cardMinion) == (action == playMinion) {
			out = append(out, c)
		}
	}
	return out
}

// moveSelection is a list's selected row after an up (k) or down (j) key:
// one row further that way, held inside the n rows.
func moveSelection(sel, n int, k string) int {
	switch k {
	case "up", "k":
		return max(0, sel-1)
	case "down", "j":
		return min(n-1, sel+1)
	}
	return sel
}

func (m *Grid) historyKey(k string) {
	switch k {
	case "up", "k", "down", "j":
		m.histSel = moveSelection(m.histSel, len(m.history), k)
	case "enter", "space":
		m.revert(m.histSel)
		m.mode = modeBoard
	case "esc", "tab", "q":
		m.mode = modeBoard
	}
}

func (m *Grid) menuKey(k string) {
	switch k {
	case "up", "k", "down", "j":
		m.menuSel = moveSelection(m.menuSel, len(m.menuItems), k)
	case "esc", "q":
		m.mode = modeBoard
		m.say(false, "")
	case "enter", "space":
		m.card = m.menuItems[m.menuSel]
		if m.action == castSpell {
			// a reason that is not about the target shows now
			rep, err := m.eng.c.Do(driver.Request{Op: "checkCast", Card: m.card})
			if err != nil || rep.Panic != "" {
				m.take(rep, err)
				m.mode = modeBoard
				return
			}
			if rep.Refused != "" && !strings.Contains(rep.Refused, "target") {
				m.say(true, "%s", rep.Refused)
				return
			}
			if rep.Refused == "" && m.cards[m.card] == cardSpell {
				// a spell that takes no target is cast at once: no
				// tile to pick, and no n to guess
				m.mode = modeBoard
				m.perform(castMove(m.card, 0))
				return
			}
		}
		m.mode = modeTarget
		m.cx, m.cy = min(m.cx, m.st.Width-1), min(m.cy, m.st.Height-1)
		if m.action == playMinion {
			m.cx, m.cy = m.emptyTileFrom(m.cx, m.cy)
		}
		m.describeCursor()
	}
}

// emptyTileFrom is (x, y) when no object stands there, else the first
// tile after it, reading on row by row and round from the top, that has
// none: where a minion may be played; (x, y) again when every tile holds
// something.
func (m *Grid) emptyTileFrom(x, y int) (int, int) {
	n := m.st.Width * m.st.Height
	taken := make([]bool, n)
	for _, o := range m.st.Objects {
		if o.X >= 0 && o.Y >= 0 && o.X < m.st.Width && o.Y < m.st.Height {
			taken[o.Y*m.st.Width+o.X] = true
		}
	}
	for i := range n {
		at := (y*m.st.Width + x + i) % n
		if !taken[at] {
			return at % m.st.Width, at / m.st.Width
		}
	}
	return x, y
}

// targetAt is what a cast at the cursor aims at: the minion on the tile,
// else its newest object.
func (m *Grid) targetAt(x, y int) (driver.Object, bool) {
	var best driver.Object
	found := false
	for _, o := range m.st.Objects {
		if o.X != x || o.Y != y {
			continue
		}
		if o.Minion != "" {
			return o, true
		}
		if !found || o.ID > best.ID {
			best, found = o, true
		}
	}
	return best, found
}

func (m *Grid) describeCursor() {
	what := "nothing"
	if o, ok := m.targetAt(m.cx, m.cy); ok {
		what = fmt.Sprintf("#%d %s", o.ID, o.Kind)
		if o.Minion != "" {
			what = fmt.Sprintf("#%d %s, Health %d", o.ID, o.Minion, o.Health)
		}
	}
	w := m.action.words()
	m.say(false, "%s %s: (%d,%d) holds %s; enter %s %s", w.verb, m.card, m.cx, m.cy, what, w.verbs, w.atCursor)
}

func (m *Grid) targetKey(k string) {
	if d, ok := dirKeys[k]; ok {
		switch d {
		case grid.Up:
			m.cy = max(0, m.cy-1)
		case grid.Down:
			m.cy = min(m.st.Height-1, m.cy+1)
		case grid.Left:
			m.cx = max(0, m.cx-1)
		case grid.Right:
			m.cx = min(m.st.Width-1, m.cx+1)
		}
		m.describeCursor()
		return
	}
	switch k {
	case "esc", "q":
		m.mode = modeBoard
		m.say(false, "")
	case "n":
		if m.action == castSpell {
			m.tryCast(0)
		}
	case "enter", "space":
		if m.action == playMinion {
			m.try(driver.Request{Op: "checkPlay", Card: m.card, X: m.cx, Y: m.cy}, playMove(m.card, m.cx, m.cy))
			return
		}
		o, ok := m.targetAt(m.cx, m.cy)
		if !ok {
			m.say(true, "nothing stands on (%d,%d) to aim at; n casts with no target", m.cx, m.cy)
			return
		}
		m.tryCast(o.ID)
	}
}

// tryCast asks CheckCast first and shows its reason instead of casting.
func (m *Grid) tryCast(target uint32) {
	m.try(driver.Request{Op: "checkCast", Card: m.card, Target: target}, castMove(m.card, target))
}

// try asks the engine whether a move may be made (check: CheckPlay,
// CheckCast), and makes it if so, or shows the reason it may not.
func (m *Grid) try(check driver.Request, mv move) {
	rep, err := m.eng.c.Do(check)
	if err != nil || rep.Panic != "" {
		m.take(rep, err)
		return
	}
	if rep.Refused != "" {
		m.say(true, "%s", rep.Refused)
		return
	}
	m.perform(mv)
}

func (m *Grid) chooseKey(k string) {
	switch k {
	case "up", "k", "down", "j":
		m.menuSel = moveSelection(m.menuSel, len(m.menuItems), k)
	case "enter", "space":
		pick := m.menuItems[m.menuSel]
		if m.pending != nil {
			m.pending.Choices = append(m.pending.Choices, pick)
		}
		m.choose = nil
		m.mode = modeBoard
		if m.take(m.eng.c.Answer(pick)) && m.pending != nil {
			m.done()
		}
	default:
		m.say(false, "the engine waits for a choice: ↑↓ and enter")
	}
}

// learnGlyphs gives every kind of thing on the board a letter: the first
// of its name not yet taken, so no two kinds share one.
func (m *Grid) learnGlyphs() {
	var kinds []string
	for _, o := range m.o.Level.Objects {
		kinds = append(kinds, o.Kind)
	}
	objs := append([]driver.Object(nil), m.st.Objects...)
	sort.Slice(objs, func(i, j int) bool { return objs[i].ID < objs[j].ID })
	for _, o := range objs {
		kinds = append(kinds, o.Kind)
	}
	for _, t := range m.st.Tiles {
		kinds = append(kinds, t...)
	}
	for _, k := range kinds {
		if strings.HasPrefix(k, "text:") || k == "?" {
			continue
		}
		if _, ok := m.glyphs[k]; ok {
			continue
		}
		m.glyphs[k] = m.freeGlyph(k)
	}
}

func (m *Grid) freeGlyph(kind string) rune {
	taken := map[rune]bool{}
	for _, g := range m.glyphs {
		taken[g] = true
	}
	for _, r := range strings.ToLower(kind) + "abcdefghijklmnopqrstuvwxyz*&%$#@=~^" {
		if r < 'A' || r > 'Z' {
			if !taken[r] {
				return r
			}
		}
	}
	return '?'
}

// waiting is the screen with note on its status line, as Run shows it
// while the engine is slow to answer.
func (m *Grid) waiting(note string) tea.View {
	return noted(&m.status, &m.problem, note, m.View)
}

// noted is view drawn with note on the status line that status and
// problem hold, which are then put back as they were.
func noted(status *string, problem *bool, note string, view func() tea.View) tea.View {
	was, wasProblem := *status, *problem
	*status, *problem = oneLine(note), false
	defer func() { *status, *problem = was, wasProblem }()
	return view()
}

// abort ends the engine from another goroutine (Run, once the player quit
// while the engine worked).
func (m *Grid) abort() { m.eng.abort() }

func (m *Grid) quitting() bool { return m.quit }

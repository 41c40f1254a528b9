package play

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/systemic-game-design/course/internal/termsafe"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
)

// TableOptions are what the card table needs.
type TableOptions struct {
	Engine     Engine
	EngineName string
	Styles     Styles
	Cards      []string // card names, for completion
}

// Table is the card table of Part I: both boards, the hands, and the log
// tree of the last action, driven by short commands typed at a prompt.
type Table struct {
	o       TableOptions
	eng     *engineSlot
	st      driver.State
	w, h    int
	turn    uint8
	input   textinput.Model
	typing  bool
	status  string
	problem bool
	last    string // the last action, as typed
	choose  *driver.Choose
	// emptyChoices counts the choices among no options answered in a row.
	emptyChoices int
	sel          int
	quit         bool
	// scroll is how many lines the body's panes are scrolled down, each
	// no further than its last line (window).
	scroll int
	// absorb is the rest of the word a command's key began ("ummon "
	// after s, "nd" after e), which the keys typed next are taken as, so
	// that a command typed out in full does not type its verb twice (s
	// then "summon Loot Hoarder" summoned "ummon Loot Hoarder"); held is
	// those keys, played as keys once one of them differs.
	absorb string
	held   []tea.KeyPressMsg
}

// The commands, as the prompt takes them.
var verbs = []struct{ key, verb, args, help string }{
	{"s", "summon", "NAME", "summon a minion for the player to act"},
	{"h", "hand", "NAME", "put a card in the hand of the player to act"},
	{"p", "play", "ID", "play a card from a hand"},
	{"c", "cast", "NAME [TARGET]", "cast a spell for the player to act"},
	{"a", "attack", "ATTACKER DEFENDER", "attack, if CanAttack allows"},
	{"d", "damage", "ID AMOUNT", "deal AMOUNT (1 or more) damage as one Sequence"},
	{"x", "destroy", "ID", "destroy as one Sequence"},
	{"e", "end", "", "end the turn of the player to act"},
}

// NewTable starts a game on the engine; ctx ends the engine (a signal)
// until the table is closed.
func NewTable(ctx context.Context, o TableOptions) (*Table, error) {
	eng, err := newEngineSlot(ctx, o.Engine)
	if err != nil {
		return nil, err
	}
	in := textinput.New()
	in.Prompt = "> "
	in.ShowSuggestions = true
	in.CharLimit = 120
	in.SetStyles(o.Styles.input())
	// the cursor it draws is reverse video: none on a plain screen
	in.SetVirtualCursor(o.Styles.Color())
	var sugg []string
	for _, v := range verbs {
		if strings.Contains(v.args, "NAME") {
			for _, n := range o.Cards {
				sugg = append(sugg, v.verb+" "+n)
			}
		} else {
			sugg = append(sugg, v.verb)
		}
	}
	in.SetSuggestions(sugg)
	t := &Table{o: o, eng: eng, w: 80, h: 24, input: in}
	t.restart(false)
	return t, nil
}

// Close ends the engine.
func (t *Table) Close() error { return t.eng.close() }

// Init starts nothing.
func (t *Table) Init() tea.Cmd { return nil }

func (t *Table) say(problem bool, format string, args ...any) {
	t.status, t.problem = oneLine(fmt.Sprintf(format, args...)), problem
}

// restart starts a new game, with the engine started again if it stopped
// or when fresh (the r key), as Grid.restart does.
func (t *Table) restart(fresh bool) {
	if fresh || t.eng.c.Dead() != nil {
		if err := t.eng.renew(); err != nil {
			t.say(true, "%v", err)
			return
		}
	}
	t.turn, t.last, t.choose, t.scroll = 0, "", nil, 0
	t.say(false, "a new game: player 0 to act")
	t.take(t.eng.c.Do(driver.Request{Op: "new", Mode: driver.ModeGame}))
}

// answerNoOptions is Grid.answerNoOptions for the card table.
func (t *Table) answerNoOptions(kind string) bool {
	t.choose = nil
	t.emptyChoices++
	if t.emptyChoices > maxEmptyChoices {
		t.say(true, "the engine keeps asking to choose the %s among no options: r starts a new game", kind)
		return false
	}
	ok := t.take(t.eng.c.Answer(""))
	t.say(true, "%s", emptyChoiceNote(kind, t.problem, t.status))
	return ok
}

// take reads a reply as Grid.take does.
func (t *Table) take(rep driver.Reply, err error) bool {
	if err != nil {
		t.say(true, "%v: r restarts it", err)
		return false
	}
	rep = safeReply(rep)
	if rep.Choose != nil && len(rep.Choose.Options) == 0 {
		return t.answerNoOptions(rep.Choose.Kind)
	}
	t.emptyChoices = 0
	if rep.Choose != nil {
		t.choose, t.sel = rep.Choose, 0
		t.say(false, "the engine asks: choose the %s", rep.Choose.Kind)
		return false
	}
	if rep.State != nil {
		t.st = *rep.State
	}
	if rep.Panic != "" {
		t.say(true, "%s", rep.Panic)
		return false
	}
	if rep.Refused != "" {
		t.say(true, "%s", rep.Refused)
		return false
	}
	if rep.State != nil && len(rep.State.Errors) > 0 {
		t.say(true, "%s", rep.State.Errors[0])
		return false
	}
	return true
}

// Update handles keys and resizes.
func (t *Table) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		t.w, t.h = msg.Width, msg.Height
		t.input.SetWidth(max(10, t.w-len(t.input.Prompt)-2))
		t.scrollBy(0) // as Grid's: the first ↑ on a larger screen moves the table
		return t, nil
	case tea.PasteMsg:
		// pasted text goes into the prompt; it is never a key, nor the
		// rest of a command's word
		held := t.flushAbsorb()
		if t.typing {
			var cmd tea.Cmd
			t.input, cmd = t.input.Update(msg)
			return t, tea.Batch(held, cmd)
		}
		return t, held
	case tea.KeyPressMsg:
		k := msg.String()
		// q quits a screen too small, as that screen says, where no
		// prompt or menu is drawn to type it into.
		if k == "ctrl+c" || k == "q" && t.small() {
			t.quit = true
			return t, tea.Quit
		}
		if t.absorb != "" {
			if cmd, done := t.absorbKey(msg); done {
				return t, cmd
			}
		}
		if t.choose != nil {
			t.chooseKey(k)
			return t, nil
		}
		if t.typing {
			switch k {
			case "esc":
				t.typing = false
				t.input.Blur()
				t.input.SetValue("")
				return t, nil
			case "enter":
				line := strings.TrimSpace(t.input.Value())
				t.typing = false
				t.input.Blur()
				t.input.SetValue("")
				t.Command(line)
				return t, nil
			}
			var cmd tea.Cmd
			t.input, cmd = t.input.Update(msg)
			return t, cmd
		}
		switch k {
		case "q":
			t.quit = true
			return t, tea.Quit
		case "up", "pgup":
			t.scrollBy(-scrollStep(k, t.h))
			return t, nil
		case "down", "pgdown":
			t.scrollBy(scrollStep(k, t.h))
			return t, nil
		case "r":
			t.restart(true)
			return t, nil
		case ":":
			return t, t.prompt("")
		}
		for _, v := range verbs {
			if v.key == k {
				if v.verb == "end" {
					t.Command("end")
					t.absorb = v.verb[1:]
					return t, nil
				}
				if v.key == v.verb[:1] {
					t.absorb = v.verb[1:] + " "
				}
				return t, t.prompt(v.verb + " ")
			}
		}
	}
	return t, nil
}

// absorbKey takes a key while a command's key waits for the rest of its
// word: the word's next letter is held (done, once the word is whole),
// and any other key ends the wait, the held keys and then it played as
// keys.
func (t *Table) absorbKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	next := msg.String()
	if next == "space" {
		next = " "
	}
	if len(next) == 1 && next == t.absorb[:1] {
		t.absorb = t.absorb[1:]
		t.held = append(t.held, msg)
		if t.absorb == "" {
			t.held = nil // the verb typed out, which the key had typed
		}
		return nil, true
	}
	held := t.flushAbsorb()
	_, cmd := t.Update(msg)
	return tea.Batch(held, cmd), true
}

// flushAbsorb ends the wait for the rest of a command's word, playing the
// keys held as keys.
func (t *Table) flushAbsorb() tea.Cmd {
	held := t.held
	t.absorb, t.held = "", nil
	var cmds []tea.Cmd
	for _, h := range held {
		_, cmd := t.Update(h)
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

func (t *Table) prompt(prefill string) tea.Cmd {
	t.typing = true
	t.input.SetValue(prefill)
	t.input.CursorEnd()
	return t.input.Focus()
}

func (t *Table) chooseKey(k string) {
	switch k {
	case "up", "k":
		t.sel = max(0, t.sel-1)
	case "down", "j":
		t.sel = min(len(t.choose.Options)-1, t.sel+1)
	case "enter", "space":
		pick := t.choose.Options[t.sel]
		t.choose = nil
		if t.take(t.eng.c.Answer(pick)) {
			t.say(false, "done: %s", t.last)
		}
	}
}

// cardName is the catalog's spelling of a name typed in any case.
func (t *Table) cardName(s string) string {
	for _, n := range t.o.Cards {
		if strings.EqualFold(n, s) {
			return n
		}
	}
	return s
}

func parseID(s string) (uint32, bool) {
	n, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 10, 32)
	return uint32(n), err == nil && n > 0
}

// Command runs one typed command.
func (t *Table) Command(line string) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return
	}
	verb, rest := f[0], f[1:]
	usage := func() {
		for _, v := range verbs {
			if v.verb == verb {
				args := v.args
				if args == "" {
					args = "nothing more"
				}
				t.say(true, "%s takes %s: %s", verb, args, v.help)
				return
			}
		}
		t.say(true, "no command %q; the commands are summon, hand, play, cast, attack, damage, destroy, end", verb)
	}
	var req driver.Request
	switch verb {
	case "summon", "hand":
		if len(rest) == 0 {
			usage()
			return
		}
		op := map[string]string{"summon": "summon", "hand": "addToHand"}[verb]
		req = driver.Request{Op: op, Card: t.cardName(strings.Join(rest, " ")), Player: t.turn}
	case "play", "destroy":
		id, ok := parseID(strings.Join(rest, ""))
		if len(rest) != 1 || !ok {
			usage()
			return
		}
		req = driver.Request{Op: map[string]string{"play": "playCard", "destroy": "destroy"}[verb], ID: id}
	case "cast":
		if len(rest) == 0 {
			usage()
			return
		}
		var target uint32
		if id, ok := parseID(rest[len(rest)-1]); ok && len(rest) > 1 {
			target, rest = id, rest[:len(rest)-1]
		}
		req = driver.Request{Op: "castFor", Card: t.cardName(strings.Join(rest, " ")), Player: t.turn, Target: target}
	case "attack":
		a, ok1 := parseID(strings.Join(rest[:min(1, len(rest))], ""))
		d, ok2 := parseID(strings.Join(rest[min(1, len(rest)):], ""))
		if len(rest) != 2 || !ok1 || !ok2 {
			usage()
			return
		}
		rep, err := t.eng.c.Do(driver.Request{Op: "canAttack", ID: a, Target: d})
		if !t.take(rep, err) {
			return
		}
		req = driver.Request{Op: "attack", ID: a, Target: d}
	case "damage":
		if len(rest) != 2 {
			usage()
			return
		}
		id, ok := parseID(rest[0])
		n, err := strconv.Atoi(rest[1])
		if !ok || err != nil || n < 1 {
			// no damage at all (0, or less) deals nothing, and "done"
			// would say it dealt some
			usage()
			return
		}
		req = driver.Request{Op: "damage", ID: id, Amount: n}
	case "end":
		if len(rest) != 0 {
			usage()
			return
		}
		req = driver.Request{Op: "endTurn", Player: t.turn}
	default:
		usage()
		return
	}
	t.last = line
	if t.take(t.eng.c.Do(req)) {
		if verb == "end" {
			t.turn = 1 - t.turn
			t.say(false, "player %d ended the turn: player %d to act", 1-t.turn, t.turn)
			return
		}
		t.say(false, "done: %s", line)
	}
}

// sideLines is one player's pane: hero, board and hand in height lines;
// when a line a minion does not fit, the minions share lines.
func (t *Table) sideLines(p int, width, height int) []string {
	st := t.o.Styles
	if p >= len(t.st.Players) {
		return []string{st.Dim.Render("no game")}
	}
	sd := t.st.Players[p]
	out := []string{fmt.Sprintf("hero #%d   Health %d   Armor %d", sd.Hero.ID, sd.Hero.Health, sd.Armor)}
	out = append(out, st.Heading.Render("Board")+st.Dim.Render("  Attack/Health"))
	if len(sd.Board) == 0 {
		out = append(out, st.Dim.Render("no minions"))
	}
	var hand []string
	for _, c := range sd.Hand {
		hand = append(hand, fmt.Sprintf("#%d %s", c.ID, c.Name))
	}
	if len(hand) == 0 {
		hand = []string{st.Dim.Render("empty")}
	}
	handLines := joinWrapped(hand, width)
	if len(out)+len(sd.Board)+1+len(handLines) <= height {
		for _, c := range sd.Board {
			// a name too long for the pane is cut, never its
			// Attack/Health
			stats := fmt.Sprintf("%2d/%d", c.Attack, c.Health)
			name := fit(c.Name, min(22, width-6-len(stats)))
			out = append(out, st.Minion.Render(fmt.Sprintf("#%-3d %s %s", c.ID, name, stats)))
		}
	} else {
		// two columns, each minion as id, Attack/Health and its name cut
		colW := (width - 1) / 2
		for i := 0; i < len(sd.Board); i += 2 {
			line := ""
			for _, c := range sd.Board[i:min(i+2, len(sd.Board))] {
				cell := fit(fmt.Sprintf("#%d %d/%d %s", c.ID, c.Attack, c.Health, c.Name), colW)
				line += st.Minion.Render(cell) + " "
			}
			out = append(out, line)
		}
	}
	out = append(out, st.Heading.Render("Hand"))
	return append(out, handLines...)
}

// small says the terminal is smaller than the table's least, where it
// shows tooSmall.
func (t *Table) small() bool { return t.w < tableMinWidth || t.h < tableMinHeight }

// View draws the table: player 1 above player 0, the log tree beside them.
func (t *Table) View() tea.View {
	content, promptRow := t.view()
	v := fullScreen(termsafe.Styled(content))
	// Without colour the prompt draws no cursor of its own (its cursor is
	// reverse video), and a completion is drawn as the typed text is: the
	// terminal's cursor then shows where the typed text ends.
	if c := t.input.Cursor(); c != nil && promptRow >= 0 {
		c.Y = promptRow
		v.Cursor = c
	}
	return v
}

// view is the screen before what it holds from elsewhere (the engine's
// card names, events and errors) is made safe to show, and the row the
// prompt is drawn on (-1 for none).
func (t *Table) view() (string, int) {
	if t.quit {
		return "", -1
	}
	if t.small() {
		return tooSmall(t.w, t.h, tableMinWidth, tableMinHeight), -1
	}
	st := t.o.Styles
	l := t.layout()
	title := st.Title.Render(fit(fmt.Sprintf("course play --cards   player %d to act   %s", t.turn, st.Dim.Render(oneLine(t.o.EngineName))), t.w))
	var panes [3]string
	for i, p := range l.panes {
		panes[i] = st.pane(p.title, st.window(p.lines, p.height-2, p.offset(t.scroll), "↑ scrolls", "↓ scrolls"), p.width, p.height)
	}
	body := lipgloss.JoinHorizontal(lipgloss.Top, lipgloss.JoinVertical(lipgloss.Left, panes[0], panes[1]), panes[2])
	promptRow := -1
	if t.typing {
		promptRow = 1 + l.bodyH // under the title and the body
	}
	lines := append([]string{title, body}, l.status...)
	return strings.Join(append(lines, st.keyLines(l.keys, t.w)...), "\n"), promptRow
}

// tablePane is one pane of the table's body: its title, all its lines
// (window shows those its height has room for) and its size; keep is a
// line it keeps in sight however the body is scrolled (-1 for none).
type tablePane struct {
	title         string
	lines         []string
	width, height int
	keep          int
}

// offset is how far the pane is scrolled: as the body is, or as far as
// keeps its keep line in sight under the mark of those above.
func (p tablePane) offset(scroll int) int {
	if p.keep < 0 {
		return scroll
	}
	return max(0, p.keep-(p.height-2)+3)
}

// tableLayout is the table's screen cut into its parts: the status and
// the keys under the body, and the body's panes, player 1's and player
// 0's on the left and the log tree (or the chooser) on the right.
type tableLayout struct {
	status, keys []string
	bodyH        int
	panes        [3]tablePane
}

// scrollKeys is the keys' line for a body with lines out of sight.
const scrollKeys = ": type a command   ↑↓ scroll   r new game   q quit"

// layout lays the table out at its size (at its least while too small,
// see layoutWith). The keys name ↑↓ when a pane has more lines than room:
// the layout is made with them first, since the line they may add takes a
// row from the body.
func (t *Table) layout() tableLayout {
	if l := t.layoutWith(scrollKeys); l.overflow() > 0 {
		return l
	}
	return t.layoutWith(": type a command   r new game   q quit")
}

// layoutWith lays the table out with lastKeys as the keys' last line; a
// terminal too small for the table, which shows tooSmall, is laid out as
// the table at its least, so that ↑↓ pressed there scroll as that shows.
func (t *Table) layoutWith(lastKeys string) tableLayout {
	st := t.o.Styles
	W, H := max(t.w, tableMinWidth), max(t.h, tableMinHeight)
	var l tableLayout
	switch {
	case t.typing:
		// the prompt pads its line to its width and then draws a
		// completion past it: what lies past the screen's edge is only
		// that padding, cut without the "…" that would mark text lost
		l.status = []string{fit(ansi.Truncate(t.input.View(), W, ""), W)}
	case t.problem:
		l.status = st.problem(t.status, W)
	default:
		l.status = []string{fit(t.status, W)}
	}
	keys := []string{"s summon  h hand  p play  c cast  a attack  d damage  x destroy  e end turn", lastKeys}
	switch {
	case t.typing:
		keys = []string{"enter run   tab complete a card name   ↑↓ other completions", "esc cancel"}
	case t.choose != nil:
		keys = []string{"↑↓ choose   enter answer the engine", ""}
	}
	l.keys = wrapKeys(keys, W)
	l.bodyH = H - 1 - len(l.status) - len(l.keys)
	logW := min(max(W/2, 24), W-34)
	leftW := W - logW
	top := l.bodyH / 2
	mark := func(p int) string {
		if int(t.turn) == p {
			return fmt.Sprintf("Player %d, to act", p)
		}
		return fmt.Sprintf("Player %d", p)
	}
	l.panes[0] = tablePane{mark(1), t.sideLines(1, leftW-4, top-2), leftW, top, -1}
	l.panes[1] = tablePane{mark(0), t.sideLines(0, leftW-4, l.bodyH-top-2), leftW, l.bodyH - top, -1}
	l.panes[2] = t.rightPane(logW, l.bodyH)
	return l
}

// rightPane is the pane beside the players': the engine's question while
// it asks one, else the log tree of the last action.
func (t *Table) rightPane(width, height int) tablePane {
	st := t.o.Styles
	if t.choose != nil {
		lines := []string{st.Heading.Render("The engine asks: choose the " + t.choose.Kind)}
		for i, o := range t.choose.Options {
			o = oneLine(o)
			if i == t.sel {
				lines = append(lines, st.Selected.Render("> "+o))
			} else {
				lines = append(lines, "  "+o)
			}
		}
		// the option chosen stays in sight, under the heading's line
		return tablePane{"Choose", lines, width, height, 1 + t.sel}
	}
	log := wrapLog(t.st.LogTree, width-4)
	if t.st.LogTree == "" {
		log = []string{st.Dim.Render("no events")}
	}
	name := "Log tree"
	if t.last != "" {
		name = "Log tree of " + t.last
	}
	return tablePane{name, log, width, height, -1}
}

// overflow is how far the body scrolls: the most lines one of its panes
// has out of sight.
func (l tableLayout) overflow() int {
	most := 0
	for _, p := range l.panes {
		most = max(most, scrollRange(len(p.lines), p.height-2))
	}
	return most
}

// scroll moves the body's panes by by lines, no further than the one with
// the most out of sight goes.
func (t *Table) scrollBy(by int) {
	t.scroll = max(0, min(t.scroll+by, t.layout().overflow()))
}

// waiting is Grid.waiting for the card table.
func (t *Table) waiting(note string) tea.View {
	return noted(&t.status, &t.problem, note, t.View)
}

// abort is Grid.abort for the card table.
func (t *Table) abort() { t.eng.abort() }

func (t *Table) quitting() bool { return t.quit }

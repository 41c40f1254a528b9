// Package spellgrid joins the card game (engine/game) and the rule grid
// (engine/grid) into one world with one id space: a minion whose card has a
// noun is a grid object of that noun with the same id. Rules about trigger
// words act as auras, deaths the grid causes go through the Death Step, and
// when a Sequence ends the grid catches up with what the card game did. It
// knows cards and words only through the data it is given.
package spellgrid

import (
	"fmt"
	"strings"

	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/engine/game"
	"github.com/systemic-game-design/course/engine/grid"
)

// ID is a handle in the world's single id space, issued by the board.
type ID = grid.ID

// World is a level of the rule grid with the card game played on it, for
// player 0.
type World struct {
	b *grid.Board
	g *game.Game
	// toGame maps a world id to its card-game entity (0: a grid object only);
	// toExt maps a card-game id to its world id.
	toGame []game.ID
	toExt  []ID
	seen   int // card-game entities the world has given ids to
}

// New builds a world: the level's objects first (ids from 1), then its
// cards, each a minion in play for player 0 and a grid object of its card's
// noun on its tile, then the two heroes, then player 0's hand, each with an
// id no grid object has. extra adds card definitions to lib's. The log
// starts empty.
func New(lex *grid.Lexicon, lib *game.Library, level grid.LevelDef, extra []card.Def) (*World, error) {
	b, err := grid.New(lex, grid.LevelDef{Width: level.Width, Height: level.Height, Objects: level.Objects})
	if err != nil {
		return nil, err
	}
	g := game.New(lib, [2][]string{})
	if err := g.Register(extra...); err != nil {
		return nil, fmt.Errorf("extra cards: %w", err)
	}
	w := &World{b: b, g: g}
	w.refreshAuras()
	for i, c := range level.Cards {
		kind, err := w.minionKind(c.Card)
		if err != nil {
			return nil, fmt.Errorf("level card %d: %w", i, err)
		}
		ext, err := b.Create(kind, c.X, c.Y)
		if err != nil {
			return nil, fmt.Errorf("level card %d (%s): %w", i, c.Card, err)
		}
		w.link(ext, g.Summon(c.Card, 0))
	}
	for p := range game.Player(2) {
		w.link(b.Reserve(), g.Hero(p))
	}
	for i, name := range level.Hand {
		if !g.HasCard(name) {
			return nil, fmt.Errorf("hand card %d: no card is named %q; add its file to cards/", i, name)
		}
		w.link(b.Reserve(), g.Create(name, 0, game.ZoneHand))
	}
	w.catchUp()
	g.ClearLog()
	return w, nil
}

// minionKind is the grid kind of a minion card: its noun in lower case.
func (w *World) minionKind(name string) (string, error) {
	if !w.g.HasCard(name) {
		return "", fmt.Errorf("no card is named %q; add its file to cards/", name)
	}
	def := w.g.CardDef(name)
	if def.Type != card.TypeMinion {
		return "", fmt.Errorf("card %q is a spell; only a minion stands on the grid", name)
	}
	if def.Noun == "" {
		return "", fmt.Errorf("card %q has no noun, so it cannot stand on the grid; give it a \"noun\"", name)
	}
	kind, ok := w.b.Lexicon().NounKind(def.Noun)
	if !ok {
		return "", fmt.Errorf("card %q has the noun %s, which course/words.json does not list as a noun", name, def.Noun)
	}
	return kind, nil
}

func (w *World) link(ext ID, gid game.ID) {
	for int(ext) >= len(w.toGame) {
		w.toGame = append(w.toGame, 0)
	}
	for int(gid) >= len(w.toExt) {
		w.toExt = append(w.toExt, 0)
	}
	w.toGame[ext] = gid
	w.toExt[gid] = ext
	w.seen = max(w.seen, int(gid))
}

// ext is the world id of a card-game entity (0 if it has none yet).
func (w *World) ext(gid game.ID) ID {
	if int(gid) < len(w.toExt) {
		return w.toExt[gid]
	}
	return 0
}

// entity is the card-game entity behind a world id, 0 if none. An id the
// board never issued panics.
func (w *World) entity(id ID) game.ID {
	if id == 0 || id >= w.b.NextID() {
		panic(fmt.Sprintf("spellgrid: id %d was never issued by this SpellGrid", id))
	}
	if int(id) < len(w.toGame) {
		return w.toGame[id]
	}
	return 0
}

func (w *World) mustEntity(id ID, call string) game.ID {
	gid := w.entity(id)
	if gid == 0 {
		panic(fmt.Sprintf("spellgrid: %s: id %d is a grid object, not a minion or a hero", call, id))
	}
	return gid
}

// onGrid reports whether a world id is (or was) a grid object rather than a
// reserved id.
func (w *World) onGrid(id ID) bool { return id != 0 && w.b.KindOf(id) != "" }

// Board is the rule grid.
func (w *World) Board() *grid.Board { return w.b }

// Game is the card game.
func (w *World) Game() *game.Game { return w.g }

// --- the grid's side ---

// Place adds a grid object, like Board.Place; the rules it spells join the
// auras at the next Aura Update.
func (w *World) Place(kind string, x, y int) (ID, error) {
	id, err := w.b.Place(kind, x, y)
	if err != nil {
		return 0, err
	}
	w.refreshAuras()
	return id, nil
}

// Move moves the YOU objects (movement only); minions it destroys die in
// one Sequence.
func (w *World) Move(d grid.Dir) {
	w.b.Move(d)
	w.afterTurn()
}

// Step plays one turn; minions it destroys die in one Sequence.
func (w *World) Step(d grid.Dir) {
	w.b.Step(d)
	w.afterTurn()
}

// afterTurn hands the rules the turn left to the auras (they join the
// snapshot at the next Aura Update), then marks every minion the turn
// destroyed pending destroy, all in one Sequence.
func (w *World) afterTurn() {
	w.refreshAuras()
	var doomed []game.ID
	for _, id := range w.b.Destroyed() {
		if gid := w.entity(id); gid != 0 && w.g.ZoneOf(gid) == game.ZoneBoard {
			doomed = append(doomed, gid)
		}
	}
	if len(doomed) > 0 {
		w.g.Destroy(doomed...)
		w.catchUp()
	}
}

// refreshAuras reads the rules in force: an unconditional rule whose subject
// names a trigger kind and whose predicate is a multiplier (a property with
// "times" in the lexicon) is an aura for both players; its negation caps
// the trigger at one activation.
func (w *World) refreshAuras() {
	var auras []game.RuleAura
	lex := w.b.Lexicon()
	for _, r := range w.b.Active() {
		if r.Cond != "" {
			continue
		}
		times := lex.Times(r.Pred)
		if times == 0 {
			continue
		}
		trig, ok := triggerNamed(r.Subject)
		if !ok {
			continue
		}
		if r.Neg {
			times = 0 // a cap: one activation, whatever multiplies it
		}
		auras = append(auras, game.RuleAura{Trigger: trig, Times: times, Cap: r.Neg})
	}
	if err := w.g.SetRuleAuras(auras); err != nil {
		panic(fmt.Sprintf("spellgrid: %v", err))
	}
}

// triggerNamed is the trigger kind a word names, matched without case.
func triggerNamed(word string) (string, bool) {
	for _, t := range game.TriggerNames() {
		if strings.EqualFold(t, word) {
			return t, true
		}
	}
	return "", false
}

// --- the end of a Sequence ---

// catchUp brings the grid up to date after a Sequence: the text its effects
// asked for is written, then each minion a minion's trigger summoned whose
// card has a noun becomes an object on its summoner's tile, then the dead
// leave the grid, and the rules are read again. Every new card-game entity
// gets a world id: its object's, or a reserved one.
func (w *World) catchUp() {
	type token struct {
		gid  game.ID
		kind string
		x, y int
	}
	var tokens []token
	tileOf := map[game.ID][2]int{} // tiles of this Sequence's tokens, before they exist
	first, total := game.ID(w.seen)+1, game.ID(w.g.Entities())
	for gid := first; gid <= total; gid++ {
		if w.ext(gid) != 0 || w.g.IsHero(gid) {
			continue
		}
		z := w.g.ZoneOf(gid)
		summoner := w.g.SummonerOf(gid)
		if summoner == 0 || (z != game.ZoneBoard && z != game.ZoneGraveyard) {
			continue
		}
		kind, err := w.minionKind(w.g.NameOf(gid))
		if err != nil {
			continue
		}
		var x, y int
		if t, ok := tileOf[summoner]; ok {
			x, y = t[0], t[1]
		} else if s := w.ext(summoner); w.onGrid(s) {
			x, y = w.b.LastPos(s)
		} else {
			continue
		}
		tileOf[gid] = [2]int{x, y}
		tokens = append(tokens, token{gid: gid, kind: kind, x: x, y: y})
	}

	for _, r := range w.g.TakeTexts() {
		src := r.Source
		if src == 0 {
			src = r.Target
		}
		var x, y int
		if t, ok := tileOf[src]; ok {
			x, y = t[0], t[1]
		} else if s := w.ext(src); w.onGrid(s) {
			x, y = w.b.LastPos(s)
		} else {
			continue
		}
		kind, ok := w.b.Lexicon().TextKind(r.Word)
		if !ok {
			panic(fmt.Sprintf("spellgrid: spawnText: %s is not a word of the lexicon", r.Word))
		}
		if _, err := w.b.Create(kind, x, y); err != nil {
			panic(fmt.Sprintf("spellgrid: spawnText: %v", err))
		}
	}
	for _, t := range tokens {
		ext, err := w.b.Create(t.kind, t.x, t.y)
		if err != nil {
			panic(fmt.Sprintf("spellgrid: summoned minion %d: %v", t.gid, err))
		}
		w.link(ext, t.gid)
	}
	for gid := first; gid <= total; gid++ {
		if w.ext(gid) == 0 {
			w.link(w.b.Reserve(), gid)
		}
	}
	w.seen = max(w.seen, int(total))

	for ext, gid := range w.toGame {
		if gid != 0 && w.toExt[gid] == ID(ext) && w.g.ZoneOf(gid) == game.ZoneGraveyard && w.onGrid(ID(ext)) {
			w.b.Destroy(ID(ext))
		}
	}
	w.refreshAuras()
}

// --- the card game's side ---

// handCard is the first card of player 0's hand with that name.
func (w *World) handCard(name string) (game.ID, bool) {
	for _, gid := range w.g.Zone(0, game.ZoneHand) {
		if w.g.NameOf(gid) == name {
			return gid, true
		}
	}
	return 0, false
}

// CheckCast says why Cast would fail, or nil.
func (w *World) CheckCast(name string, target ID) error {
	gid, ok := w.handCard(name)
	if !ok {
		return fmt.Errorf("cast %s: no card of that name is in player 0's hand", name)
	}
	if !w.g.IsSpell(w.g.NameOf(gid)) {
		return fmt.Errorf("cast %s: it is a minion; play it onto a tile instead", name)
	}
	if target != 0 {
		if target >= w.b.NextID() {
			return fmt.Errorf("cast %s: target %d was never issued", name, target)
		}
		if t := w.entity(target); t == 0 || w.g.ZoneOf(t) != game.ZoneBoard {
			return fmt.Errorf("cast %s: target %d is not a character in play", name, target)
		}
	}
	return nil
}

// Cast casts a spell from player 0's hand as one Sequence (target 0: none).
func (w *World) Cast(name string, target ID) error {
	if err := w.CheckCast(name, target); err != nil {
		return err
	}
	gid, _ := w.handCard(name)
	var chosen game.ID
	if target != 0 {
		chosen = w.entity(target)
	}
	w.g.Move(gid, game.ZoneGraveyard)
	w.g.Cast(name, 0, chosen)
	w.catchUp()
	return nil
}

// CheckPlay says why Play would fail, or nil.
func (w *World) CheckPlay(name string, x, y int) error {
	if _, ok := w.handCard(name); !ok {
		return fmt.Errorf("play %s: no card of that name is in player 0's hand", name)
	}
	if _, err := w.minionKind(name); err != nil {
		return fmt.Errorf("play %s: %w", name, err)
	}
	bw, bh := w.b.Size()
	if x < 0 || y < 0 || x >= bw || y >= bh {
		return fmt.Errorf("play %s at (%d, %d): %w of %dx%d", name, x, y, grid.ErrOutside, bw, bh)
	}
	if len(w.b.IDsAt(x, y)) > 0 {
		return fmt.Errorf("play %s at (%d, %d): the tile is not empty", name, x, y)
	}
	return nil
}

// Play plays a minion from player 0's hand onto the empty tile (x, y) as one
// Sequence and returns its id: its grid object's.
func (w *World) Play(name string, x, y int) (ID, error) {
	if err := w.CheckPlay(name, x, y); err != nil {
		return 0, err
	}
	gid, _ := w.handCard(name)
	kind, _ := w.minionKind(name)
	ext, err := w.b.Create(kind, x, y)
	if err != nil {
		return 0, fmt.Errorf("play %s: %w", name, err)
	}
	w.link(ext, gid)
	w.g.Play(gid)
	w.catchUp()
	return ext, nil
}

// Health is the Health of a minion or hero.
func (w *World) Health(id ID) int { return w.g.Health(w.mustEntity(id, "Health")) }

// NameOf is the card name of a minion or card ("hero" for a hero).
func (w *World) NameOf(id ID) string { return w.g.NameOf(w.mustEntity(id, "NameOf")) }

// Hero is player p's hero's id.
func (w *World) Hero(p game.Player) ID { return w.ext(w.g.Hero(p)) }

// MinionAt is the minion in play standing on tile (x, y), if any.
func (w *World) MinionAt(x, y int) (ID, bool) {
	for _, id := range w.b.IDsAt(x, y) {
		if gid := w.entity(id); gid != 0 && w.g.ZoneOf(gid) == game.ZoneBoard {
			return id, true
		}
	}
	return 0, false
}

// Hand lists the names of the cards in player 0's hand, left to right.
func (w *World) Hand() []string {
	out := []string{}
	for _, gid := range w.g.Zone(0, game.ZoneHand) {
		out = append(out, w.g.NameOf(gid))
	}
	return out
}

// Log is the card game's log with world ids.
func (w *World) Log() []game.Event {
	events := w.g.Log()
	for i, ev := range events {
		events[i] = w.rename(ev)
	}
	return events
}

// LogTree is the card game's log as an indented tree (game.Tree), with
// world ids.
func (w *World) LogTree() string { return game.Tree(w.Log(), w.g.LogDepths()) }

func (w *World) rename(ev game.Event) game.Event {
	switch e := ev.(type) {
	case game.Summoned:
		e.ID = w.ext(e.ID)
		return e
	case game.Damaged:
		e.Target = w.ext(e.Target)
		return e
	case game.Triggered:
		e.Source = w.ext(e.Source)
		return e
	case game.Destroyed:
		e.ID = w.ext(e.ID)
		return e
	case game.Drew:
		e.ID = w.ext(e.ID)
		return e
	case game.StatsChanged:
		e.ID = w.ext(e.ID)
		return e
	}
	return ev
}

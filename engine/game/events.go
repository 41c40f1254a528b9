package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/systemic-game-design/course/engine/card"
)

// Event is one line of the game log. The set is closed: only the structs in
// this file implement it, and each is a plain value compared with ==.
type Event interface {
	fmt.Stringer
	fmt.GoStringer
	isGameEvent()
}

// Summoned: a minion entered the board.
type Summoned struct{ ID ID }

// Damaged: a character took damage (Amount is the full amount, Armor included).
type Damaged struct {
	Target ID
	Amount int
}

// Triggered: one activation of a trigger of Source began to resolve.
type Triggered struct {
	Source  ID
	Trigger string
}

// Destroyed: a Death Creation Step removed the minion from play.
type Destroyed struct{ ID ID }

// DeathPhase: a Death Phase began; Round counts them within the Sequence.
type DeathPhase struct{ Round uint32 }

// Drew: the top card of Player's deck went to the right end of their hand.
type Drew struct {
	Player Player
	ID     ID
}

// Fatigue: Player had to draw from an empty deck.
type Fatigue struct{ Player Player }

// ArmorGained: Player's hero gained Armor.
type ArmorGained struct {
	Player Player
	Amount int
}

// ArmorLost: Armor absorbed Amount of damage aimed at Player's hero.
type ArmorLost struct {
	Player Player
	Amount int
}

// StatsChanged: a minion's Attack or Health changed; the fields are the new values.
type StatsChanged struct {
	ID             ID
	Attack, Health int
}

// SpellCast: a spell was cast; the first event of its Sequence.
type SpellCast struct{ Card string }

func (Summoned) isGameEvent()     {}
func (Damaged) isGameEvent()      {}
func (Triggered) isGameEvent()    {}
func (Destroyed) isGameEvent()    {}
func (DeathPhase) isGameEvent()   {}
func (Drew) isGameEvent()         {}
func (Fatigue) isGameEvent()      {}
func (ArmorGained) isGameEvent()  {}
func (ArmorLost) isGameEvent()    {}
func (StatsChanged) isGameEvent() {}
func (SpellCast) isGameEvent()    {}

func (e Summoned) String() string { return "Summoned{id: " + u(e.ID) + "}" }
func (e Damaged) String() string {
	return "Damaged{target: " + u(e.Target) + ", amount: " + strconv.Itoa(e.Amount) + "}"
}
func (e Triggered) String() string {
	return "Triggered{source: " + u(e.Source) + ", trigger: " + strconv.Quote(e.Trigger) + "}"
}
func (e Destroyed) String() string  { return "Destroyed{id: " + u(e.ID) + "}" }
func (e DeathPhase) String() string { return "DeathPhase{round: " + u(e.Round) + "}" }
func (e Drew) String() string {
	return "Drew{player: " + u(uint32(e.Player)) + ", id: " + u(e.ID) + "}"
}
func (e Fatigue) String() string { return "Fatigue{player: " + u(uint32(e.Player)) + "}" }
func (e ArmorGained) String() string {
	return "ArmorGained{player: " + u(uint32(e.Player)) + ", amount: " + strconv.Itoa(e.Amount) + "}"
}
func (e ArmorLost) String() string {
	return "ArmorLost{player: " + u(uint32(e.Player)) + ", amount: " + strconv.Itoa(e.Amount) + "}"
}
func (e StatsChanged) String() string {
	return "StatsChanged{id: " + u(e.ID) + ", attack: " + strconv.Itoa(e.Attack) + ", health: " + strconv.Itoa(e.Health) + "}"
}
func (e SpellCast) String() string { return "SpellCast{card: " + strconv.Quote(e.Card) + "}" }

// GoString is String: %#v, and so testify's expected and actual lines, then
// write an event as LogTree does, ids in decimal (not Summoned{ID:0x8}).
func (e Summoned) GoString() string     { return e.String() }
func (e Damaged) GoString() string      { return e.String() }
func (e Triggered) GoString() string    { return e.String() }
func (e Destroyed) GoString() string    { return e.String() }
func (e DeathPhase) GoString() string   { return e.String() }
func (e Drew) GoString() string         { return e.String() }
func (e Fatigue) GoString() string      { return e.String() }
func (e ArmorGained) GoString() string  { return e.String() }
func (e ArmorLost) GoString() string    { return e.String() }
func (e StatsChanged) GoString() string { return e.String() }
func (e SpellCast) GoString() string    { return e.String() }

func u(n uint32) string { return strconv.FormatUint(uint64(n), 10) }

// eventKind tags a record.
type eventKind uint8

const (
	evSummoned eventKind = iota
	evDamaged
	evTriggered
	evDestroyed
	evDeathPhase
	evDrew
	evFatigue
	evArmorGained
	evArmorLost
	evStatsChanged
	evSpellCast
)

// record is the log's own form of an event: a flat value of 32 bytes, so
// that appending to a log with spare capacity allocates nothing. Depth is the
// nesting level LogTree indents by; prio is the Queue priority of the
// triggers answering a Damaged record (combat puts the defender's first).
// Triggered keeps its trigger in trig, SpellCast its spell in spell.
type record struct {
	spell *Card
	a, b  uint32
	x, y  int32
	depth int32
	kind  eventKind
	prio  int8
	trig  card.Trigger
}

func (r *record) event() Event {
	switch r.kind {
	case evSummoned:
		return Summoned{ID: r.a}
	case evDamaged:
		return Damaged{Target: r.a, Amount: int(r.x)}
	case evTriggered:
		return Triggered{Source: r.a, Trigger: r.trig.String()}
	case evDestroyed:
		return Destroyed{ID: r.a}
	case evDeathPhase:
		return DeathPhase{Round: r.a}
	case evDrew:
		return Drew{Player: Player(r.a), ID: r.b}
	case evFatigue:
		return Fatigue{Player: Player(r.a)}
	case evArmorGained:
		return ArmorGained{Player: Player(r.a), Amount: int(r.x)}
	case evArmorLost:
		return ArmorLost{Player: Player(r.a), Amount: int(r.x)}
	case evStatsChanged:
		return StatsChanged{ID: r.a, Attack: int(r.x), Health: int(r.y)}
	case evSpellCast:
		return SpellCast{Card: r.spell.Def.Name}
	}
	panic(fmt.Sprintf("log record of kind %d: no event has that kind", r.kind))
}

// Log is every event since the last ClearLog, oldest first.
func (g *Game) Log() []Event {
	out := make([]Event, len(g.log))
	for i := range g.log {
		out[i] = g.log[i].event()
	}
	return out
}

// LogDepths is the nesting level of each event of Log, in the same order.
func (g *Game) LogDepths() []int {
	out := make([]int, len(g.log))
	for i := range g.log {
		out[i] = int(g.log[i].depth)
	}
	return out
}

// ClearLog empties the log and keeps its capacity.
func (g *Game) ClearLog() { g.log = g.log[:0] }

// LogTree writes the log one event a line, indented two spaces per level.
func (g *Game) LogTree() string { return Tree(g.Log(), g.LogDepths()) }

// Tree writes events one a line, each indented two spaces per level of its
// depth (depths[i] for events[i]): LogTree's form, for a caller that
// renames the ids of a Log first.
func Tree(events []Event, depths []int) string {
	var b strings.Builder
	for i, ev := range events {
		for range depths[i] {
			b.WriteString("  ")
		}
		b.WriteString(ev.String())
		b.WriteByte('\n')
	}
	return b.String()
}

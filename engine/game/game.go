// Package game is the card-game rules engine: entities with ids issued once,
// zones, order of play, heroes, Sequences and Phases with their Queues,
// damage with Armor and redirects, drawing and Fatigue, triggers, deferred
// death (the Death Creation Step and Death Phases), auras read from a
// snapshot, combat, the assemble effect, and the event log. It knows cards
// only as compiled clause lists handed to it in a Library: it names none.
package game

import (
	"fmt"
	"slices"

	"github.com/systemic-game-design/course/engine/card"
)

// ID is an entity's handle, issued once and never reused.
type ID = uint32

// Player is 0 or 1.
type Player = uint8

// Zone is where an entity is.
type Zone uint8

// The zones. A hero is on the board without being in its player's board list.
const (
	ZoneDeck Zone = iota
	ZoneHand
	ZoneBoard
	ZoneGraveyard
	numZones
)

// HeroHealth is each hero's Health at the start of a game.
const HeroHealth = 30

// DeathPhaseLimit is how many Death Phases one Sequence may run.
const DeathPhaseLimit = 64

type entity struct {
	card   *Card // nil for a hero
	order  uint32
	attack int32
	health int32
	slot   int32 // board index when removed; where its Deathrattle summons go
	// summoner is the minion whose trigger summoned this one (0: a spell, a
	// harness call or a hand)
	summoner ID
	owner    Player
	zone     Zone
	hero     bool
	doomed   bool // marked pending destroy
}

// Chooser makes a choice for an effect: kind is "base", "donor" or "half";
// it returns one of options.
type Chooser func(kind string, options []string) string

// Game is one game: its entities, zones, log and pending work.
type Game struct {
	lib     *Library
	extra   map[string]*Card // cards registered in this game only
	ents    []entity         // index = id; 0 is never issued
	heroes  [2]ID
	armor   [2]int32
	zones   [2][numZones][]ID
	inPlay  []ID // minions on both boards, in order of play
	order   uint32
	log     []record
	queue   []entry
	active  []activation
	dead    []ID
	aura    snapshot
	round   uint32
	naive   bool
	chooser Chooser

	// auras that belong to no minion (SpellGrid's rules): set at any time,
	// taken into the snapshot at the next Aura Update
	ruleTimes [card.NumTriggers]uint8
	ruleCap   [card.NumTriggers]bool
	ruleAuras bool // some rule aura is set
	// texts are what spawnText effects asked for since the last TakeTexts
	texts []TextRequest
}

// TextRequest is a spawnText effect that resolved: Word is to be written
// where Source stands (a minion; 0 for a spell, whose Target is its chosen
// target, or 0).
type TextRequest struct {
	Source, Target ID
	Word           string
}

// TakeTexts returns the text requests made since the last call and forgets them.
func (g *Game) TakeTexts() []TextRequest {
	out := g.texts
	g.texts = nil
	return out
}

// SummonerOf is the minion whose triggered ability summoned id, or 0 when a
// spell, a harness call or a hand put it in play.
func (g *Game) SummonerOf(id ID) ID { return g.ent(id).summoner }

// RuleAura is an aura that no minion carries and that acts for both players:
// Times is a multiplier for the trigger kind (0 or 1: none; several
// multipliers of a kind: the largest, stacking "max"), and Cap holds the
// kind to one activation whatever multiplies it.
type RuleAura struct {
	Trigger string
	Times   int
	Cap     bool
}

// SetRuleAuras replaces the auras that belong to no minion. They join the
// snapshot at the next Aura Update, like a minion's aura. A trigger kind the
// engine does not have is an error.
func (g *Game) SetRuleAuras(auras []RuleAura) error {
	var times [card.NumTriggers]uint8
	var capped [card.NumTriggers]bool
	for _, a := range auras {
		k, err := card.ParseTrigger(a.Trigger)
		if err != nil {
			return fmt.Errorf("rule aura: %w", err)
		}
		times[k] = max(times[k], uint8(min(max(a.Times, 0), 255)))
		capped[k] = capped[k] || a.Cap
	}
	g.ruleTimes, g.ruleCap, g.ruleAuras = times, capped, len(auras) > 0
	return nil
}

// New starts a game: the two heroes enter play, then each player's deck is
// built from decks (card names, top of deck first).
func New(lib *Library, decks [2][]string) *Game {
	g := &Game{lib: lib}
	g.Reset(decks)
	return g
}

// Capacities a new game starts with; a list that outgrows its share grows
// on its own.
const (
	initEntities = 64
	initLog      = 256
	initQueue    = 64
	initActive   = 16
	initZone     = 16 // each of a player's zones, the minions in play and the dead
	initRedirect = 4
)

// Reset starts a new game in g, as New with g's library would, keeping the
// memory g has: the entity table, the log, the Queue, the Death Phase list
// and the zone lists are emptied, not made again. Everything of the old game
// goes: its ids, log, registered cards, chooser, rule auras, aura timing and
// text requests.
func (g *Game) Reset(decks [2][]string) {
	if g.ents == nil {
		g.allocate()
	}
	old := *g
	*g = Game{
		lib:    old.lib,
		extra:  old.extra,
		ents:   old.ents[:1],
		log:    old.log[:0],
		queue:  old.queue[:0],
		active: old.active[:0],
		dead:   old.dead[:0],
		inPlay: old.inPlay[:0],
		zones:  old.zones,
		aura:   snapshot{redirect: old.aura.redirect},
	}
	clear(g.extra)
	for p := range 2 {
		for z := range numZones {
			g.zones[p][z] = g.zones[p][z][:0]
		}
		g.aura.redirect[p] = g.aura.redirect[p][:0]
	}
	for p := range Player(2) {
		id := g.issue(nil, p)
		g.ents[id].hero = true
		g.ents[id].health = HeroHealth
		g.enter(id, ZoneBoard, -1)
		g.heroes[p] = id
	}
	for p := range Player(2) {
		for _, name := range decks[p] {
			g.Create(name, p, ZoneDeck)
		}
	}
}

// allocate gives a game its first memory. Every id list is a share of one
// array, cut with a capacity so that a list that grows moves out on its own
// rather than over its neighbour.
func (g *Game) allocate() {
	g.ents = make([]entity, 1, initEntities)
	g.log = make([]record, 0, initLog)
	g.queue = make([]entry, 0, initQueue)
	g.active = make([]activation, 0, initActive)
	ids := make([]ID, (2*int(numZones)+2)*initZone+2*initRedirect)
	cut := func(n int) []ID {
		s := ids[:0:n]
		ids = ids[n:]
		return s
	}
	for p := range 2 {
		for z := range numZones {
			g.zones[p][z] = cut(initZone)
		}
		g.aura.redirect[p] = cut(initRedirect)
	}
	g.inPlay = cut(initZone)
	g.dead = cut(initZone)
}

// WithNaiveAuraTiming makes this game run the Death Creation Step before the
// Aura Update at the end of each Phase: the real game's order, which the
// course swaps so that every minion removed together is judged by the same
// world.
func (g *Game) WithNaiveAuraTiming() { g.naive = true }

// SetChooser sets who makes the choices of effects that need one. Without
// one, the first option is taken.
func (g *Game) SetChooser(c Chooser) { g.chooser = c }

func (g *Game) lookup(name string) *Card {
	if c, ok := g.extra[name]; ok {
		return c
	}
	if c, ok := g.lib.cards[name]; ok {
		return c
	}
	panic(fmt.Sprintf("unknown card %q: no card file or registered card has that name", name))
}

// HasCard reports whether name is a card this game knows.
func (g *Game) HasCard(name string) bool {
	if _, ok := g.extra[name]; ok {
		return true
	}
	_, ok := g.lib.cards[name]
	return ok
}

// CardDef is the definition of a card this game knows; it panics for an unknown name.
func (g *Game) CardDef(name string) card.Def { return g.lookup(name).Def }

// Register adds cards to this game, or replaces this game's cards of the same name.
func (g *Game) Register(defs ...card.Def) error {
	compiled := make([]*Card, 0, len(defs))
	for _, d := range defs {
		c, err := Compile(d)
		if err != nil {
			return err
		}
		compiled = append(compiled, c)
	}
	if g.extra == nil {
		g.extra = make(map[string]*Card, len(defs))
	}
	for _, c := range compiled {
		g.extra[c.Def.Name] = c
	}
	return nil
}

func (g *Game) issue(c *Card, owner Player) ID {
	id := ID(len(g.ents))
	e := entity{card: c, owner: owner, zone: numZones, slot: -1}
	if c != nil {
		e.attack, e.health = int32(c.Def.Attack), int32(c.Def.Health)
	}
	g.ents = append(g.ents, e)
	return id
}

func (g *Game) ent(id ID) *entity {
	if id == 0 || int(id) >= len(g.ents) {
		panic(fmt.Sprintf("entity %d was never issued by this game", id))
	}
	return &g.ents[id]
}

// enter is the single way an entity arrives in a zone, and the single place
// order of play is stamped: on entry to the board. at is a board index (-1:
// the right end); other zones always take the right end.
func (g *Game) enter(id ID, z Zone, at int) {
	e := &g.ents[id]
	e.zone = z
	if z == ZoneBoard {
		g.order++
		e.order = g.order
		if e.hero {
			return
		}
		g.inPlay = append(g.inPlay, id)
	}
	list := &g.zones[e.owner][z]
	if at < 0 || at >= len(*list) {
		*list = append(*list, id)
	} else {
		*list = slices.Insert(*list, at, id)
	}
}

// leave takes id out of its zone list; it returns the index it had there.
func (g *Game) leave(id ID) int {
	e := &g.ents[id]
	list := &g.zones[e.owner][e.zone]
	i := slices.Index(*list, id)
	*list = slices.Delete(*list, i, i+1)
	if e.zone == ZoneBoard {
		j := slices.Index(g.inPlay, id)
		g.inPlay = slices.Delete(g.inPlay, j, j+1)
	}
	return i
}

// Create makes a new entity of the named card in zone z, at the right end.
func (g *Game) Create(name string, p Player, z Zone) ID {
	c := g.lookup(name)
	if z == ZoneBoard && !c.minion {
		panic(fmt.Sprintf("card %q is a spell; only minions go on the board", name))
	}
	id := g.issue(c, p)
	g.enter(id, z, -1)
	return id
}

// Move takes an entity from its zone to the right end of zone z.
func (g *Game) Move(id ID, z Zone) {
	g.ent(id)
	g.leave(id)
	g.enter(id, z, -1)
}

// ZoneOf is the zone id is in.
func (g *Game) ZoneOf(id ID) Zone { return g.ent(id).zone }

// Zone is player p's zone z, in order (the board left to right, a deck top first).
func (g *Game) Zone(p Player, z Zone) []ID { return slices.Clone(g.zones[p][z]) }

// Hero is player p's hero.
func (g *Game) Hero(p Player) ID { return g.heroes[p] }

// Owner is the player id belongs to.
func (g *Game) Owner(id ID) Player { return g.ent(id).owner }

// IsHero reports whether id is a hero.
func (g *Game) IsHero(id ID) bool { return g.ent(id).hero }

// OrderOfPlay is when id last entered the board (0: never).
func (g *Game) OrderOfPlay(id ID) uint32 { return g.ent(id).order }

// NameOf is the name of id's card; a hero is "hero".
func (g *Game) NameOf(id ID) string {
	e := g.ent(id)
	if e.hero {
		return "hero"
	}
	return e.card.Def.Name
}

// Cost is the cost of id's card (a hero: 0).
func (g *Game) Cost(id ID) int {
	e := g.ent(id)
	if e.hero {
		return 0
	}
	return e.card.Def.Cost
}

// Health is id's current Health; it may be 0 or less.
func (g *Game) Health(id ID) int { return int(g.ent(id).health) }

// Attack is id's current Attack; a hero has none.
func (g *Game) Attack(id ID) int { return int(g.ent(id).attack) }

// Armor is player p's Armor.
func (g *Game) Armor(p Player) int { return int(g.armor[p]) }

// IsSpell reports whether name is a spell card.
func (g *Game) IsSpell(name string) bool { return !g.lookup(name).minion }

// Entities is how many ids this game has issued.
func (g *Game) Entities() int { return len(g.ents) - 1 }

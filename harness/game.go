package harness

import (
	"fmt"

	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/engine/game"
)

// Zone is where a card is: "deck", "hand", "board" or "graveyard".
type Zone string

// The zones. A hero is on the board but not in Board(player).
const (
	ZoneDeck      Zone = "deck"
	ZoneHand      Zone = "hand"
	ZoneBoard     Zone = "board"
	ZoneGraveyard Zone = "graveyard"
)

var zoneNames = [...]Zone{game.ZoneDeck: ZoneDeck, game.ZoneHand: ZoneHand, game.ZoneBoard: ZoneBoard, game.ZoneGraveyard: ZoneGraveyard}

// GameOpts sets up a game: each player's deck as card names, top of deck first.
type GameOpts struct{ Decks [2][]string }

// CardDef is one card file of cards/, as json.Unmarshal reads it.
type CardDef = card.Def

// Half is one half of a card's text, for Assemble.
type Half = card.Half

// The two halves: the first ceil(n/2) clauses, and the rest.
const (
	HalfTop    = card.Top
	HalfBottom = card.Bottom
)

// AssembleError is Assemble's error: the result was unchanged or not well-formed.
type AssembleError = card.AssembleError

// Game is a card game (Part I).
type Game struct{ g *game.Game }

// NewGame starts a game with every card file loaded: cards/ and each module's
// own cards (course/NN-slug/cards/).
func NewGame(opts GameOpts) *Game {
	return &Game{g: game.New(library(), opts.Decks)}
}

// Summon puts a new minion of the card at the right end of player's board (one Sequence).
func (g *Game) Summon(card string, player Player) ID { return g.g.Summon(card, player) }

// AddToHand puts a new card at the right end of player's hand.
func (g *Game) AddToHand(card string, player Player) ID {
	return g.g.Create(card, player, game.ZoneHand)
}

// AddToDeck puts a new card at the bottom of player's deck.
func (g *Game) AddToDeck(card string, player Player) ID {
	return g.g.Create(card, player, game.ZoneDeck)
}

// Play plays a minion from its owner's hand to the right end of their board,
// then resolves its Battlecry: one Sequence.
func (g *Game) Play(handID ID) {
	if g.g.ZoneOf(handID) != game.ZoneHand {
		panic(fmt.Sprintf("play: entity %d is not in a hand", handID))
	}
	g.g.Play(handID)
}

// ZoneOf is the zone id is in.
func (g *Game) ZoneOf(id ID) Zone { return zoneNames[g.g.ZoneOf(id)] }

// Board is player's minions, left to right.
func (g *Game) Board(player Player) []ID { return g.g.Zone(player, game.ZoneBoard) }

// Hand is player's hand, left to right.
func (g *Game) Hand(player Player) []ID { return g.g.Zone(player, game.ZoneHand) }

// OrderOfPlay is when id entered the board: larger is later.
func (g *Game) OrderOfPlay(id ID) uint32 { return g.g.OrderOfPlay(id) }

// NameOf is the name of id's card.
func (g *Game) NameOf(id ID) string { return g.g.NameOf(id) }

// Hero is player's hero.
func (g *Game) Hero(player Player) ID { return g.g.Hero(player) }

// DealDamage deals amount damage to target (one Sequence).
func (g *Game) DealDamage(target ID, amount int) { g.g.DealDamage(target, amount) }

// Cast casts a spell for player, at target if the spell takes one (one Sequence).
func (g *Game) Cast(card string, player Player, target ...ID) {
	var chosen ID
	if len(target) > 0 {
		chosen = target[0]
	}
	g.g.Cast(card, player, chosen)
}

// Health is id's Health; it may be 0 or less.
func (g *Game) Health(id ID) int { return g.g.Health(id) }

// Attack is id's Attack.
func (g *Game) Attack(id ID) int { return g.g.Attack(id) }

// Armor is player's Armor.
func (g *Game) Armor(player Player) int { return g.g.Armor(player) }

// Log is every event since the last ClearLog.
func (g *Game) Log() []GameEvent { return g.g.Log() }

// ClearLog empties the log.
func (g *Game) ClearLog() { g.g.ClearLog() }

// LogTree is the log one event a line, indented two spaces per level of nesting.
func (g *Game) LogTree() string { return g.g.LogTree() }

// Destroy marks target pending destroy (one Sequence).
func (g *Game) Destroy(target ID) { g.g.Destroy(target) }

// RegisterCards adds cards to this game; a card that is not well-formed panics.
func (g *Game) RegisterCards(defs []CardDef) {
	if err := g.g.Register(defs...); err != nil {
		panic(fmt.Sprintf("register cards: %v", err))
	}
}

// Assemble registers "<base> (Assembled)", the base with half of its text
// replaced by the same half of donor's, and returns its name.
func (g *Game) Assemble(base, donor string, half Half) (string, error) {
	return g.g.Assemble(base, donor, half)
}

// Cost is the cost of id's card.
func (g *Game) Cost(id ID) int { return g.g.Cost(id) }

// SetChooser sets who makes the choices of an assemble effect: kind is
// "base", "donor" or "half", and the answer is one of options.
func (g *Game) SetChooser(choose func(kind string, options []string) string) {
	g.g.SetChooser(choose)
}

// OrderAttack makes attacker attack defender (one Sequence), or returns why
// it may not and changes nothing.
func (g *Game) OrderAttack(attacker, defender ID) error { return g.g.OrderAttack(attacker, defender) }

// CanAttack is why attacker may not attack defender, or nil.
func (g *Game) CanAttack(attacker, defender ID) error { return g.g.CanAttack(attacker, defender) }

// EndTurn ends player's turn: their end of turn triggers resolve (one Sequence).
func (g *Game) EndTurn(player Player) { g.g.EndTurn(player) }

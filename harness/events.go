package harness

import "github.com/systemic-game-design/course/engine/game"

// GameEvent is one event of a Game's log; String is its LogTree line.
type GameEvent = game.Event

// The events, plain values compared with ==.
type (
	Summoned     = game.Summoned
	Damaged      = game.Damaged
	Triggered    = game.Triggered
	Destroyed    = game.Destroyed
	DeathPhase   = game.DeathPhase
	Drew         = game.Drew
	Fatigue      = game.Fatigue
	ArmorGained  = game.ArmorGained
	ArmorLost    = game.ArmorLost
	StatsChanged = game.StatsChanged
	SpellCast    = game.SpellCast
)

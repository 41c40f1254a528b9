package harness

// ID is a handle: issued once by a Game, a Baba or a SpellGrid, never reused.
type ID = uint32

// Player is 0 for the first player and 1 for the second.
type Player = uint8

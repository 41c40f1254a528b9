package harness

import (
	"fmt"
	"sync"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/engine/game"
	"github.com/systemic-game-design/course/engine/grid"
)

// content is the course content built into the binary, opened once per
// process: the lexicon and the card files every Baba, Game and SpellGrid
// uses come from it.
func content() *data.Content {
	c, err := data.Embedded()
	if err != nil {
		panic(fmt.Sprintf("the course content does not load: %v", err))
	}
	return c
}

// loadLibrary compiles the content's card files once per process; every
// Game and SpellGrid shares the compiled set.
var loadLibrary = sync.OnceValues(func() (*game.Library, error) {
	return game.NewLibrary(content().ReferenceCards())
})

func library() *game.Library {
	lib, err := loadLibrary()
	if err != nil {
		panic(fmt.Sprintf("the card files do not compile: %v", err))
	}
	return lib
}

// lexicon is the course's word list, course/words.json, shared by every
// Baba and SpellGrid.
func lexicon() *grid.Lexicon { return content().Lexicon() }

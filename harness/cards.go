package harness

import (
	"fmt"
	"sync"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/engine/game"
)

// loadLibrary parses and validates every card file once per process; every
// Game and SpellGrid shares the compiled set.
var loadLibrary = sync.OnceValues(func() (*game.Library, error) {
	defs, err := data.ReferenceCards()
	if err != nil {
		return nil, err
	}
	return game.NewLibrary(defs)
})

func library() *game.Library {
	lib, err := loadLibrary()
	if err != nil {
		panic(fmt.Sprintf("the card files do not load: %v", err))
	}
	return lib
}

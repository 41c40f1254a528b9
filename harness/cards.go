package harness

import (
	"fmt"
	"sync"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/engine/game"
)

// The card files are parsed and validated once per process; every Game
// shares the compiled set.
var (
	libraryOnce sync.Once
	librarySet  *game.Library
	libraryErr  error
)

func library() *game.Library {
	libraryOnce.Do(func() {
		defs, err := data.ReferenceCards()
		if err != nil {
			libraryErr = err
			return
		}
		librarySet, libraryErr = game.NewLibrary(defs)
	})
	if libraryErr != nil {
		panic(fmt.Sprintf("the card files do not load: %v", libraryErr))
	}
	return librarySet
}

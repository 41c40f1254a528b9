package play

import (
	"fmt"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/engine/grid"
)

// move is one row of the history: the move as a recorded solution holds
// it (its Choices what the chooser was answered, in order), and what the
// screen keeps of it.
type move struct {
	data.Move
	// Replayed says the move is one of the recorded solution's, played
	// by the replay.
	Replayed bool
	// answers are the recorded solution's answers to the chooser that the
	// replay has yet to give, in order.
	answers []string
}

// moveOf is a move of a recorded solution as the history holds it: its
// answers yet to give, none given.
func moveOf(sm data.Move) move {
	mv := move{Move: sm, answers: sm.Choices}
	mv.Choices = nil
	return mv
}

// stepMove, castMove and playMove are the moves the keys make.
func stepMove(d grid.Dir) move { return move{Move: data.Move{Dir: d}} }
func castMove(card string, target uint32) move {
	return move{Move: data.Move{Cast: card, Target: target}}
}
func playMove(card string, x, y int) move { return move{Move: data.Move{Play: card, X: x, Y: y}} }

func (mv move) label() string {
	switch {
	case mv.Cast != "" && mv.Target == 0:
		return "cast " + mv.Cast
	case mv.Cast != "":
		return fmt.Sprintf("cast %s at #%d", mv.Cast, mv.Target)
	case mv.Play != "":
		return fmt.Sprintf("play %s at (%d,%d)", mv.Play, mv.X, mv.Y)
	}
	return mv.Dir.String()
}

func (mv move) request() driver.Request {
	switch {
	case mv.Cast != "":
		return driver.Request{Op: "cast", Card: mv.Cast, Target: mv.Target}
	case mv.Play != "":
		return driver.Request{Op: "play", Card: mv.Play, X: mv.X, Y: mv.Y}
	}
	return driver.Request{Op: "step", Dir: mv.Dir.String()}
}

// handAction is what a card taken from the hand is for: a spell to cast
// or a minion to play.
type handAction int

const (
	castSpell handAction = iota
	playMinion
)

// actionWords is how the screen speaks of a hand action, all in one place.
type actionWords struct {
	key      string // the key that starts it
	verb     string // "cast"
	verbs    string // "casts"
	card     string // the kind of card it takes
	atCursor string // what enter then does, after "enter casts"
	offer    string // the key's offer, where the other action has no card
	menuKey  string // the key help's enter, on the hand menu
	tileKeys string // the key help's enter (and n), on the board's tiles
}

var handActionWords = [...]actionWords{
	castSpell: {key: "c", verb: "cast", verbs: "casts", card: "spell", atCursor: "at it, n casts with no target", offer: "c casts a spell",
		menuKey: "enter cast it", tileKeys: "enter cast at it   n no target"},
	playMinion: {key: "p", verb: "play", verbs: "plays", card: "minion", atCursor: "it there", offer: "p plays a minion onto a tile",
		menuKey: "enter take it to a tile", tileKeys: "enter play here"},
}

func (a handAction) words() actionWords { return handActionWords[a] }

// other is the hand's other action.
func (a handAction) other() handAction { return 1 - a }

// actionOfKey is the action c or p starts.
func actionOfKey(k string) handAction {
	if k == handActionWords[playMinion].key {
		return playMinion
	}
	return castSpell
}

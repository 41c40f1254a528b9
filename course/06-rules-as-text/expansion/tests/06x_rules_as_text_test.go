package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/harness"
)

func Test_06x_new_noun_is_one_lexicon_line(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:JELLY", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:PUSH", 2, 0)
	b.Place("text:IS", 0, 1)
	b.Place("text:WIN", 0, 2)
	b.Place("text:KEKE", 2, 2)
	b.Place("text:IS", 3, 2)
	b.Place("text:JELLY", 4, 2)

	assert.Equal(t, []string{"JELLY IS PUSH", "JELLY IS WIN", "KEKE IS JELLY", "TEXT IS PUSH"}, b.Rules())
}

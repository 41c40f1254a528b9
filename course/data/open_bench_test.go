package data

import (
	"testing"

	"github.com/systemic-game-design/course/cards"
	"github.com/systemic-game-design/course/course"
)

// BenchmarkOpen opens the content built into the binary: what every
// command that reads the course pays once, at its first use.
func BenchmarkOpen(b *testing.B) {
	for b.Loop() {
		if _, err := Open(course.Files, cards.Files); err != nil {
			b.Fatal(err)
		}
	}
}

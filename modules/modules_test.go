package modules

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/course"
)

func TestSlugsAreTheCourseOrder(t *testing.T) {
	var slugs []string
	for _, m := range All() {
		slugs = append(slugs, m.Slug)
	}
	assert.Equal(t, []string{"00-setup", "01-handles", "02-queue", "03-death-step", "04-auras",
		"05-cards-as-data", "06-rules-as-text", "07-negation", "08-movement", "09-turn",
		"10-spellgrid", "11-conditions", "12-combat", "13-invariants"}, slugs)
}

func TestLookup(t *testing.T) {
	for _, in := range []string{"1", "01", "01-handles"} {
		m, err := Lookup(in)
		require.NoError(t, err, in)
		assert.Equal(t, "01-handles", m.Slug, in)
		assert.Equal(t, "handles", m.Name())
	}
	for _, in := range []string{"14", "x", "01-queue", ""} {
		_, err := Lookup(in)
		var unknown *ErrUnknown
		assert.ErrorAs(t, err, &unknown, in)
	}
	// A module's name or a drop's number says what was meant.
	_, err := Lookup("handles")
	assert.EqualError(t, err, `there is no module "handles"; module 01 is handles: give its number, 01`)
	_, err = Lookup("01x")
	assert.EqualError(t, err, "there is no module \"01x\"; an Expansion Drop goes by its module's number: `start-module 01 --expansion` starts module 01's, `lesson 01 --drop` prints it")
	_, err = Lookup("99")
	assert.ErrorContains(t, err, "run `course modules` for the list (numbers 00 to 13)")
}

func TestAvailableNeedsTests(t *testing.T) {
	fsys := fstest.MapFS{
		"01-handles/tests/01_handles_test.go":            {Data: []byte("package tests")},
		"01-handles/expansion/tests/01x_handles_test.go": {Data: []byte("package tests")},
		"02-queue/lesson.md":                             {Data: []byte("# draft")},
	}
	m1, _ := Lookup("01")
	m2, _ := Lookup("02")
	assert.True(t, Available(fsys, m1))
	assert.True(t, HasExpansion(fsys, m1))
	assert.False(t, Available(fsys, m2))
	assert.False(t, HasExpansion(fsys, m2))
}

func TestNumberValue(t *testing.T) {
	for _, c := range []struct {
		number string
		value  int
		ok     bool
	}{
		{"00", 0, true},
		{"01", 1, true},
		{"10", 10, true},
		{"13", 13, true},
		{"99", 99, true},
		{"1", 0, false},
		{"001", 0, false},
		{"", 0, false},
		{"0x", 0, false},
		{"-1", 0, false},
		{"+1", 0, false},
		{" 1", 0, false},
		{"01-handles", 0, false},
		{"١٢", 0, false}, // Arabic-Indic digits: not a number's two ASCII digits
	} {
		value, ok := NumberValue(c.number)
		assert.Equal(t, c.ok, ok, "%q", c.number)
		assert.Equal(t, c.value, value, "%q", c.number)
		assert.Equal(t, IsNumber(c.number), ok, "%q: NumberValue agrees with IsNumber", c.number)
	}
	for _, m := range All() {
		value, ok := NumberValue(m.Number)
		assert.True(t, ok, m.Slug)
		assert.Equal(t, m.Number, fmt.Sprintf("%02d", value), m.Slug)
	}
}

func TestCardFileName(t *testing.T) {
	assert.Equal(t, "acolyte-of-pain.json", CardFileName("Acolyte of Pain"))
	assert.Equal(t, "test-filler.json", CardFileName("Test Filler"))
	assert.Equal(t, "bolf-ramshield.json", CardFileName("Bolf  Ramshield!"))
}

// Each module's lesson opens with "# Module N: Title", the title the modules
// list gives, so `course modules` and the lessons agree.
func TestTitlesMatchTheLessons(t *testing.T) {
	for _, m := range All() {
		lesson, err := fs.ReadFile(course.Files, path.Join(m.Slug, "lesson.md"))
		if err != nil {
			continue // not written yet
		}
		first, _, _ := strings.Cut(string(lesson), "\n")
		n, ok := NumberValue(m.Number)
		require.True(t, ok, m.Number)
		assert.Equal(t, fmt.Sprintf("# Module %d: %s", n, m.Title), first, m.Slug)
	}
}

// Package play is course play's screen: a rule-grid or SpellGrid level as a
// game in the terminal (grid.go), and the card table of Part I (table.go),
// built with Bubble Tea and Lip Gloss v2. It talks to an engine only through the
// protocol of package driver, so the reference engine and a learner's play
// the same way.
package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/engine/grid"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/levels"
)

// Level is a level to play: the file's content and a name for the title.
type Level struct {
	Name string // "01-push", or the file's path
	data.Level
}

// Spell says whether the level is a SpellGrid level: it has minions or a hand.
func (l Level) Spell() bool { return len(l.Cards) > 0 || len(l.Hand) > 0 }

// NotFoundError is a LEVEL that is neither a file nor a built-in level.
type NotFoundError struct{ Arg string }

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no level file or built-in level is named %q; give a level file, or one of `course play --list`", e.Arg)
}

// UserError marks the error as the user's to mend.
func (e *NotFoundError) UserError() bool { return true }

// LevelFileError is a LEVEL that names something on disk that is no level
// file: a folder, a device, a FIFO, or a file far too large.
type LevelFileError struct{ Arg, Why string }

func (e *LevelFileError) Error() string {
	return fmt.Sprintf("%s %s; give a level file, or one of `course play --list`", e.Arg, e.Why)
}

// UserError marks the error as the user's to mend.
func (e *LevelFileError) UserError() bool { return true }

// MaxLevelSize is the largest level file play reads, as every command
// that reads level files.
const MaxLevelSize = data.MaxFileSize

// Builtin is every level built into the binary, in name order.
func Builtin() ([]Level, error) {
	all, names, err := data.LoadLevels(levels.Files, "levels")
	if err != nil {
		return nil, err
	}
	out := make([]Level, 0, len(names))
	for _, n := range names {
		out = append(out, Level{Name: strings.TrimSuffix(n, ".json"), Level: all[n]})
	}
	return out, nil
}

// Load finds LEVEL: a level file on disk, else a built-in level by its name
// (with or without .json; a unique prefix such as "03" will do).
func Load(arg string) (Level, error) {
	// Read as every course file is: a regular file, and no larger than
	// any level file could be (refused before it is read), so that a
	// device or a FIFO named as the level neither hangs the command nor
	// fills its memory, and a level of hundreds of megabytes is not
	// checked for minutes.
	raw, _, err := regularfile.ReadAtMost(arg, MaxLevelSize)
	var notRegular *regularfile.NotRegularError
	var tooLarge *regularfile.TooLargeError
	switch {
	case errors.As(err, &notRegular):
		return Level{}, &LevelFileError{Arg: arg, Why: fmt.Sprintf("is %s, not a level file", regularfile.Describe(notRegular.Mode))}
	case errors.As(err, &tooLarge):
		return Level{}, &LevelFileError{Arg: arg, Why: fmt.Sprintf("is %d bytes, larger than any level file (at most %d MiB)", tooLarge.Size, MaxLevelSize>>20)}
	}
	if err == nil {
		content, err := data.Embedded()
		if err != nil {
			return Level{}, err
		}
		lv, err := content.ParseLevel(arg, raw)
		if err != nil {
			return Level{}, err
		}
		return Level{Name: arg, Level: lv}, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return Level{}, fmt.Errorf("read level %s: %w", arg, err)
	}
	// A link whose target is gone names a file that is not there: it is
	// said so, not taken for the name of a built-in level.
	if fi, lerr := os.Lstat(arg); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
		target, _ := os.Readlink(arg)
		return Level{}, &LevelFileError{Arg: arg, Why: fmt.Sprintf("is a link to %s, which is not there", target)}
	}
	// A path into a folder of the user's names a file of theirs: played
	// as the built-in level of the same name, a typo in the folder would
	// look like their edits doing nothing. Only a bare name, or the
	// course's own levels/ folder, as a checkout of the course has it,
	// stands for a built-in level.
	if dir := path.Dir(filepath.ToSlash(arg)); dir != "." && dir != "levels" {
		// The built-in level is named only when there is one by that
		// name: "as my-folder" would send the user to a level that is not.
		base := strings.TrimSuffix(path.Base(filepath.ToSlash(arg)), ".json")
		if all, err := Builtin(); err == nil && slices.ContainsFunc(all, func(l Level) bool { return l.Name == base }) {
			return Level{}, &LevelFileError{Arg: arg, Why: fmt.Sprintf("is not there (a built-in level is named without a folder, as %s)", base)}
		}
		return Level{}, &LevelFileError{Arg: arg, Why: "is not there"}
	}
	return Lookup(arg)
}

// Lookup is the built-in level arg names, without reading the disk: a
// level's name (01-push), with .json or under levels/ as a checkout of the
// course has it, or a prefix only one level's name starts with (01). dev
// check holds the levels a lesson's course play line names to it.
func Lookup(arg string) (Level, error) {
	all, err := Builtin()
	if err != nil {
		return Level{}, err
	}
	want := strings.TrimSuffix(path.Base(filepath.ToSlash(arg)), ".json")
	var found []Level
	for _, l := range all {
		if l.Name == want {
			return l, nil
		}
		if strings.HasPrefix(l.Name, want) {
			found = append(found, l)
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	return Level{}, &NotFoundError{Arg: arg}
}

// levelFile is a level as a file writes it, fields in the schema's order.
type levelFile struct {
	Title    string             `json:"title,omitempty"`
	Width    int                `json:"width"`
	Height   int                `json:"height"`
	Objects  []grid.LevelObject `json:"objects,omitempty"`
	Cards    []grid.LevelCard   `json:"cards,omitempty"`
	Hand     []string           `json:"hand,omitempty"`
	Solution []data.Move        `json:"solution"`
}

// Recording is the level file --record writes: the level as played, its
// solution the moves of the history.
func Recording(lv Level, moves []data.Move) ([]byte, error) {
	f := levelFile{Title: lv.Title, Width: lv.Width, Height: lv.Height, Objects: lv.Objects, Cards: lv.Cards, Hand: lv.Hand, Solution: moves}
	if f.Solution == nil {
		f.Solution = []data.Move{}
	}
	raw, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode the recording: %w", err)
	}
	return append(raw, '\n'), nil
}

// levelJSON is the level as the driver's "new" request carries it.
func levelJSON(lv Level) json.RawMessage {
	raw, err := json.Marshal(lv.LevelDef)
	if err != nil {
		panic(fmt.Sprintf("a loaded level does not encode: %v", err))
	}
	return raw
}

// sortedKeys is a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// cardKind is what the screen knows of a card in the hand: how it is used.
type cardKind int

const (
	cardUnknown cardKind = iota // not one of the course's cards
	cardMinion                  // played onto an empty tile
	cardSpell                   // cast, at nothing
	cardAimed                   // a spell cast at a character
)

// courseCards is every card of the course by name, as the level files
// name them; empty when the course's content does not load.
func courseCards() map[string]cardKind {
	out := map[string]cardKind{}
	content, err := data.Embedded()
	if err != nil {
		return out
	}
	for _, d := range content.ReferenceCards() {
		out[d.Name] = kindOfCard(d)
	}
	return out
}

func kindOfCard(d card.Def) cardKind {
	if d.Type != card.TypeSpell {
		return cardMinion
	}
	for _, c := range d.Clauses {
		if c.Target == card.TargetChosen {
			return cardAimed
		}
	}
	return cardSpell
}

// Package modules is the course's list of modules as data: each module's
// number, slug, part and title, the harness functions it adds (Go spelling),
// and where its tests and Expansion Drop live inside the course folder. The
// cards a module introduces come from the catalog (see CardsOf).
package modules

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/systemic-game-design/course/course/data"
)

// Module is one module of the course.
type Module struct {
	Number string // "01"
	Slug   string // "01-handles": the module's folder inside course/
	Part   string // "0" (set-up), "I", "II", "III", or "I-III" for the closing module
	Title  string
	// Harness is the harness functions the module adds, as Go declarations.
	Harness []string
	// Note says what the module changes in the contract when it adds no
	// function, or what the learner should know beside the list.
	Note string
}

// IsNumber reports whether s has a module number's form: two digits, as
// "01" (not "1", not "001").
func IsNumber(s string) bool {
	return len(s) == 2 && '0' <= s[0] && s[0] <= '9' && '0' <= s[1] && s[1] <= '9'
}

// NumberValue is the value of a module number: 1 for "01", 0 for "00";
// false for a string that does not have a number's form (see IsNumber),
// as "1" or "001".
func NumberValue(s string) (int, bool) {
	if !IsNumber(s) {
		return 0, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), true
}

// nameForm is a module's name: lower-case words of letters and digits
// joined by -, the first starting with a letter.
var nameForm = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// IsName reports whether s has a module name's form: "trading-posts" (not
// "Trading", not "trading--posts", not "14-trading").
func IsName(s string) bool { return nameForm.MatchString(s) }

// IsSlug reports whether s has a module slug's form: a number, -, and a
// name: "14-trading-posts".
func IsSlug(s string) bool {
	number, name, ok := strings.Cut(s, "-")
	return ok && IsNumber(number) && IsName(name)
}

// Name is the slug without its number: "handles".
func (m Module) Name() string { return strings.TrimPrefix(m.Slug, m.Number+"-") }

// TestsDir is the folder of the module's tests, inside the course folder.
func (m Module) TestsDir() string { return path.Join(m.Slug, "tests") }

// ExpansionTestsDir is the folder of the Expansion Drop's test.
func (m Module) ExpansionTestsDir() string { return path.Join(m.Slug, "expansion", "tests") }

// CardsDir is the folder of card files that only this module brings (cards
// that are not in the repository's cards/ folder).
func (m Module) CardsDir() string { return path.Join(m.Slug, "cards") }

// TestPrefix is the prefix every test of the module has: "Test_01_".
func (m Module) TestPrefix() string { return "Test_" + m.Number + "_" }

// ExpansionTestPrefix is the prefix of the Expansion Drop's tests: "Test_01x_".
func (m Module) ExpansionTestPrefix() string { return "Test_" + m.Number + "x_" }

var all = []Module{
	{Number: "00", Slug: "00-setup", Part: "0", Title: "Set-up: the workspace and the Zero-Coupling Law", Harness: []string{
		"func NewSketch() *Sketch",
		"func (s *Sketch) Add(card string, health int)",
		"func (s *Sketch) Cast(card string)",
		"func (s *Sketch) Board() []string",
		"func (s *Sketch) Hits() []string",
	}, Note: "a throwaway board for a first rule; the workspace, its stubs and the tools"},
	{Number: "01", Slug: "01-handles", Part: "I", Title: "Handles and order of play", Harness: []string{
		"func NewGame(opts GameOpts) *Game",
		"func (g *Game) Summon(card string, player Player) ID",
		"func (g *Game) AddToHand(card string, player Player) ID",
		"func (g *Game) AddToDeck(card string, player Player) ID",
		"func (g *Game) ZoneOf(id ID) Zone",
		"func (g *Game) Board(player Player) []ID",
		"func (g *Game) Hand(player Player) []ID",
		"func (g *Game) OrderOfPlay(id ID) uint32",
		"func (g *Game) NameOf(id ID) string",
		"func (g *Game) Play(handID ID) // leave it a stub until the Expansion Drop",
	}},
	{Number: "02", Slug: "02-queue", Part: "I", Title: "The Queue", Harness: []string{
		"func (g *Game) Hero(player Player) ID",
		"func (g *Game) DealDamage(target ID, amount int)",
		"func (g *Game) Cast(card string, player Player, target ...ID)",
		"func (g *Game) Health(id ID) int",
		"func (g *Game) Attack(id ID) int",
		"func (g *Game) Armor(player Player) int",
		"func (g *Game) Log() []GameEvent",
		"func (g *Game) ClearLog()",
		"func (g *Game) LogTree() string",
	}},
	{Number: "03", Slug: "03-death-step", Part: "I", Title: "Deferred death", Harness: []string{
		"func (g *Game) Destroy(target ID)",
	}},
	{Number: "04", Slug: "04-auras", Part: "I", Title: "Auras",
		Note: "no new function: Play (the Module 1 drop) is now required and runs one Sequence; new event ArmorLost"},
	{Number: "05", Slug: "05-cards-as-data", Part: "I", Title: "Cards as data", Harness: []string{
		"func (g *Game) RegisterCards(defs []CardDef)",
		"func (g *Game) Assemble(base, donor string, half Half) (string, error)",
		"func (g *Game) Cost(id ID) int",
		"func (g *Game) SetChooser(choose func(kind string, options []string) string)",
	}},
	{Number: "06", Slug: "06-rules-as-text", Part: "II", Title: "Rules spelled in text", Harness: []string{
		"func NewBaba(level LevelDef) *Baba",
		"func (b *Baba) Place(kind string, x, y int) ID",
		"func (b *Baba) Rules() []string",
	}},
	{Number: "07", Slug: "07-negation", Part: "II", Title: "NOT and identity", Harness: []string{
		"func (b *Baba) HasProperty(id ID, prop string) bool",
		"func (b *Baba) ActiveRules() []string",
	}},
	{Number: "08", Slug: "08-movement", Part: "II", Title: "Movement", Harness: []string{
		"func (b *Baba) Move(dir Dir)",
		"func (b *Baba) PosOf(id ID) (x, y int, ok bool)",
		"func (b *Baba) KindsAt(x, y int) []string",
		"func (b *Baba) StackAt(x, y int) []string",
	}},
	{Number: "09", Slug: "09-turn", Part: "II", Title: "The turn", Harness: []string{
		"func (b *Baba) Step(dir Dir)",
		"func (b *Baba) Won() bool",
		"func (b *Baba) Lost() bool",
		"func (b *Baba) Undo() bool",
	}},
	{Number: "10", Slug: "10-spellgrid", Part: "III", Title: "SpellGrid", Harness: []string{
		"func NewSpellGrid(level LevelDef, cards []CardDef) *SpellGrid",
		"func (s *SpellGrid) Place(kind string, x, y int) ID",
		"func (s *SpellGrid) Rules() []string",
		"func (s *SpellGrid) ActiveRules() []string",
		"func (s *SpellGrid) HasProperty(id ID, prop string) bool",
		"func (s *SpellGrid) Move(dir Dir)",
		"func (s *SpellGrid) PosOf(id ID) (x, y int, ok bool)",
		"func (s *SpellGrid) KindsAt(x, y int) []string",
		"func (s *SpellGrid) StackAt(x, y int) []string",
		"func (s *SpellGrid) Step(dir Dir)",
		"func (s *SpellGrid) Won() bool",
		"func (s *SpellGrid) Lost() bool",
		"func (s *SpellGrid) Undo() bool // panics: not supported",
		"func (s *SpellGrid) Cast(card string, target ...ID)",
		"func (s *SpellGrid) Play(card string, x, y int) ID",
		"func (s *SpellGrid) CheckCast(card string, target ...ID) error",
		"func (s *SpellGrid) CheckPlay(card string, x, y int) error",
		"func (s *SpellGrid) Health(id ID) int",
		"func (s *SpellGrid) Hero(player Player) ID",
		"func (s *SpellGrid) NameOf(id ID) string",
		"func (s *SpellGrid) MinionAt(x, y int) (ID, bool)",
		"func (s *SpellGrid) Hand() []string",
		"func (s *SpellGrid) Log() []GameEvent",
		"func (s *SpellGrid) ClearLog()",
		"func (s *SpellGrid) LogTree() string",
		"func (s *SpellGrid) SetChooser(choose func(kind string, options []string) string)",
		"func (s *SpellGrid) WithNaiveAuraTiming()",
	}},
	{Number: "11", Slug: "11-conditions", Part: "II", Title: "Conditions",
		Note: "no new function: Rules, ActiveRules, HasProperty and Step learn the condition word ON"},
	{Number: "12", Slug: "12-combat", Part: "I", Title: "Combat", Harness: []string{
		"func (g *Game) OrderAttack(attacker, defender ID) error",
		"func (g *Game) CanAttack(attacker, defender ID) error",
		"func (g *Game) EndTurn(player Player)",
	}},
	{Number: "13", Slug: "13-invariants", Part: "I-III", Title: "Invariants", Harness: []string{
		"func (g *Game) Snapshot() GameSnapshot",
		"func (b *Baba) Snapshot() BabaSnapshot",
		"func CheckZones(s GameSnapshot) error",
		"func CheckOrderOfPlay(s GameSnapshot) error",
		"func CheckNoDeadMinions(s GameSnapshot) error",
		"func CheckLog(s GameSnapshot) error",
		"func CheckEntry(before, after GameSnapshot) error",
		"func CheckTiles(s BabaSnapshot) error",
		"func CheckRules(s BabaSnapshot) error",
		"func CheckTurn(before, after BabaSnapshot) error",
		"func CheckUndo(before, after BabaSnapshot) error",
	}, Note: "the snapshot types come with them; the tests use pgregory.net/rapid, which the workspace's go.mod requires"},
}

// All is every module, in course order.
func All() []Module { return append([]Module(nil), all...) }

// ErrUnknown is returned by Lookup for a number no module has.
type ErrUnknown struct{ Number string }

func (e *ErrUnknown) Error() string {
	if base, drop := strings.CutSuffix(e.Number, "x"); drop {
		if m, err := Lookup(base); err == nil {
			return fmt.Sprintf("there is no module %q; an Expansion Drop goes by its module's number: `start-module %s --expansion` starts module %s's, `lesson %s --drop` prints it", e.Number, m.Number, m.Number, m.Number)
		}
	}
	for _, m := range all {
		if strings.EqualFold(m.Name(), e.Number) {
			return fmt.Sprintf("there is no module %q; module %s is %s: give its number, %s", e.Number, m.Number, m.Name(), m.Number)
		}
	}
	return fmt.Sprintf("there is no module %q; run `course modules` for the list (numbers 00 to %s)", e.Number, all[len(all)-1].Number)
}

// UserError marks the error as the user's to mend.
func (e *ErrUnknown) UserError() bool { return true }

// Lookup finds a module by its number: "1", "01" and "01-handles" all give
// Module 1.
func Lookup(number string) (Module, error) {
	n := number
	if i := strings.IndexByte(n, '-'); i > 0 {
		n = n[:i]
	}
	if len(n) == 1 {
		n = "0" + n
	}
	for _, m := range all {
		if m.Number == n && (n == number || m.Slug == number || len(number) <= 2) {
			return m, nil
		}
	}
	return Module{}, &ErrUnknown{Number: number}
}

// Available reports whether the course folder holds the module's tests: a
// module without them cannot be started.
func Available(courseFS fs.FS, m Module) bool {
	return len(goFiles(courseFS, m.TestsDir())) > 0
}

// HasExpansion reports whether the course folder holds the module's
// Expansion Drop test.
func HasExpansion(courseFS fs.FS, m Module) bool {
	return len(goFiles(courseFS, m.ExpansionTestsDir())) > 0
}

// TestFiles is the module's test files (paths inside the course folder).
func TestFiles(courseFS fs.FS, m Module) []string { return goFiles(courseFS, m.TestsDir()) }

// ExpansionTestFiles is the Expansion Drop's test files.
func ExpansionTestFiles(courseFS fs.FS, m Module) []string {
	return goFiles(courseFS, m.ExpansionTestsDir())
}

// CardsOf is the catalog cards that `start-module` brings for the module:
// those the module introduces, and those of every earlier module's Expansion
// Drop ("03x" for Module 4 on), which the learner has written by then. The
// module's own drop card is never brought: writing it is the drop.
func CardsOf(cat *data.Catalog, m Module) []data.CatalogCard {
	cards := cat.CardsOfModule(m.Number)
	for _, earlier := range All() {
		if earlier.Number < m.Number {
			cards = append(cards, cat.CardsOfModule(earlier.Number+"x")...)
		}
	}
	return cards
}

// DropCardsOf is the catalog cards of the module's own Expansion Drop.
func DropCardsOf(cat *data.Catalog, m Module) []data.CatalogCard {
	return cat.CardsOfModule(m.Number + "x")
}

// CardFileName is the file name of a card in cards/: "Acolyte of Pain" is
// "acolyte-of-pain.json".
func CardFileName(card string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(card) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String() + ".json"
}

func goFiles(fsys fs.FS, dir string) []string {
	matches, _ := fs.Glob(fsys, path.Join(dir, "*.go"))
	return matches
}

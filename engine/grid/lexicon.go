package grid

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Role is what a word does in a sentence.
type Role string

// The roles a lexicon may give a word.
const (
	RoleNoun      Role = "noun"
	RoleProperty  Role = "property"
	RoleOperator  Role = "operator"
	RoleCondition Role = "condition"
	RoleMeta      Role = "meta"
)

// What a meta word that stands as a noun names.
const (
	NamesText   = "text"   // every text object
	NamesThings = "things" // every object that is not text
)

// Word is one line of the lexicon.
type Word struct {
	Word  string `json:"word"`
	Role  Role   `json:"role"`
	Names string `json:"names,omitempty"`
	// Times, on a property, says that the property multiplies what a rule
	// gives it to that many times (SpellGrid's trigger auras); 0 for none.
	// The rule grid itself carries it and gives it no meaning.
	Times int `json:"times,omitempty"`
}

// WordID indexes a word in its Lexicon; 0 is no word.
type WordID uint16

// KindID indexes a kind in its Lexicon; 0 is no kind.
type KindID uint16

// word classes used by the parser
const (
	classNoun uint8 = 1 << iota // may be a subject, a predicate or a condition's noun
	classProperty
	classIs
	classAnd
	classNot
	classCondition
)

// The operators and the one condition the engine understands. The lexicon
// decides whether they exist; the engine only knows what they mean.
const (
	wordIs  = "IS"
	wordAnd = "AND"
	wordNot = "NOT"
	wordOn  = "ON"
)

// prop numbers the properties the engine gives meaning to; a board keeps
// what each property is as a row of arrays indexed by prop.
type prop uint8

// The properties the engine gives meaning to, in the order of propWords.
const (
	propYou prop = iota
	propPush
	propStop
	propPull
	propWin
	propDefeat
	propSink
	propHot
	propMelt
	propOpen
	propShut
	propFloat
	numProps
	noProp = numProps // no property: its mask is always 0
)

// propWords is the word of each property the engine gives meaning to.
var propWords = [numProps]string{
	propYou: "YOU", propPush: "PUSH", propStop: "STOP", propPull: "PULL",
	propWin: "WIN", propDefeat: "DEFEAT", propSink: "SINK", propHot: "HOT",
	propMelt: "MELT", propOpen: "OPEN", propShut: "SHUT", propFloat: "FLOAT",
}

// Properties lists the properties the engine gives meaning to, in the
// order the engine numbers them. A lexicon may hold other properties: the
// engine carries them in rules and HasProperty without acting on them.
func Properties() []string { return append([]string(nil), propWords[:]...) }

// textPrefix starts the kind of every text object: "text:" + its word.
const textPrefix = "text:"

type kindInfo struct {
	name string
	text bool
	word WordID // a thing's noun, or the word a text object spells
}

// Lexicon is the word list the engine reads: which words exist and what
// role each plays. Its words are immutable once built, and it may be shared
// by boards and goroutines; it also keeps, behind a lock, copies of boards
// New built from levels it was handed more than once and of the parses of
// texts boards parsed more than once.
type Lexicon struct {
	words  []Word // index 0 unused
	class  []uint8
	bit    []uint64 // a property word's bit, else 0
	byWord map[string]WordID
	kinds  []kindInfo // index 0 unused
	byKind map[string]KindID
	// thingKind[w] is the kind a noun word names, textKind[w] the kind of its text
	thingKind []KindID
	textKind  []KindID
	firstText KindID // the kinds from firstText on are text
	textWord  WordID // the meta word naming text objects, if any
	onWord    WordID

	// prop[p] is the bit of property p (0 when the lexicon lacks its word,
	// and for noProp); propWord[p] is its word
	prop     [numProps + 1]uint64
	propWord [numProps]WordID

	built  builtBoards // boards New built, to copy
	parses keptParses  // texts boards parsed, to take
}

// ParseLexicon reads a lexicon in the words.json format.
func ParseLexicon(data []byte) (*Lexicon, error) {
	var doc struct {
		Words []Word `json:"words"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("lexicon is not valid JSON: %w", err)
	}
	return NewLexicon(doc.Words)
}

// NewLexicon builds a lexicon from its words, checking that each word is
// upper case, appears once and has a known role, and that a meta word names
// "text", "things" or nothing.
func NewLexicon(words []Word) (*Lexicon, error) {
	lex := &Lexicon{
		words:  []Word{{}},
		class:  []uint8{0},
		bit:    []uint64{0},
		byWord: map[string]WordID{},
		kinds:  []kindInfo{{}},
		byKind: map[string]KindID{},
	}
	props := 0
	for i, w := range words {
		if w.Word == "" || w.Word != strings.ToUpper(w.Word) || strings.ContainsAny(w.Word, " :") {
			return nil, fmt.Errorf("lexicon word %d %q must be one upper-case word without spaces or colons", i, w.Word)
		}
		if _, dup := lex.byWord[w.Word]; dup {
			return nil, fmt.Errorf("lexicon word %q appears twice; keep one line for it", w.Word)
		}
		var class uint8
		var bit uint64
		switch w.Role {
		case RoleNoun:
			class = classNoun
		case RoleProperty:
			if props == 64 {
				return nil, fmt.Errorf("lexicon property %q is the 65th property; the engine holds at most 64", w.Word)
			}
			class, bit = classProperty, 1<<props
			props++
		case RoleOperator:
			switch w.Word {
			case wordIs:
				class = classIs
			case wordAnd:
				class = classAnd
			case wordNot:
				class = classNot
			default:
				return nil, fmt.Errorf("lexicon operator %q is unknown; the operators are IS, AND and NOT", w.Word)
			}
		case RoleCondition:
			class = classCondition
		case RoleMeta:
			switch w.Names {
			case NamesText, NamesThings:
				class = classNoun
			case "":
			default:
				return nil, fmt.Errorf("lexicon meta word %q names %q; use \"text\", \"things\" or leave names out", w.Word, w.Names)
			}
		default:
			return nil, fmt.Errorf("lexicon word %q has role %q; use noun, property, operator, condition or meta", w.Word, w.Role)
		}
		if w.Times != 0 && (w.Role != RoleProperty || w.Times < 2) {
			return nil, fmt.Errorf("lexicon word %q has times %d; only a property multiplies, and at least 2 times", w.Word, w.Times)
		}
		if w.Names != "" && w.Role != RoleMeta {
			return nil, fmt.Errorf("lexicon word %q has a names field but role %q; only meta words name", w.Word, w.Role)
		}
		id := WordID(len(lex.words))
		lex.words = append(lex.words, w)
		lex.class = append(lex.class, class)
		lex.bit = append(lex.bit, bit)
		lex.byWord[w.Word] = id
		if w.Names == NamesText && lex.textWord == 0 {
			lex.textWord = id
		}
		if w.Role == RoleCondition && w.Word == wordOn {
			lex.onWord = id
		}
	}
	lex.thingKind = make([]KindID, len(lex.words))
	lex.textKind = make([]KindID, len(lex.words))
	for id := 1; id < len(lex.words); id++ {
		w := lex.words[id]
		if w.Role == RoleNoun {
			lex.thingKind[id] = lex.addKind(kindInfo{name: strings.ToLower(w.Word), word: WordID(id)})
		}
	}
	lex.firstText = KindID(len(lex.kinds))
	for id := 1; id < len(lex.words); id++ {
		lex.textKind[id] = lex.addKind(kindInfo{name: textPrefix + lex.words[id].Word, text: true, word: WordID(id)})
	}
	for p, word := range propWords {
		lex.propWord[p] = lex.byWord[word]
		lex.prop[p] = lex.bit[lex.propWord[p]]
	}
	return lex, nil
}

func (lex *Lexicon) addKind(k kindInfo) KindID {
	id := KindID(len(lex.kinds))
	lex.kinds = append(lex.kinds, k)
	lex.byKind[k.name] = id
	return id
}

// Words lists the lexicon's words in their order.
func (lex *Lexicon) Words() []Word {
	return append([]Word(nil), lex.words[1:]...)
}

// Lookup finds a word.
func (lex *Lexicon) Lookup(word string) (Word, bool) {
	id, ok := lex.byWord[word]
	if !ok {
		return Word{}, false
	}
	return lex.words[id], true
}

// HasKind says whether kind names a kind of object: a noun in lower case, or
// "text:" followed by any word.
func (lex *Lexicon) HasKind(kind string) bool {
	_, ok := lex.byKind[kind]
	return ok
}

// NounKind is the kind of the things a noun names (the noun in lower
// case), matched without case; ok is false for a word that is not a noun.
func (lex *Lexicon) NounKind(noun string) (kind string, ok bool) {
	w, ok := lex.byWord[strings.ToUpper(noun)]
	if !ok || lex.words[w].Role != RoleNoun {
		return "", false
	}
	return lex.kinds[lex.thingKind[w]].name, true
}

// TextKind is the kind of the text objects that spell a word; ok is false
// for a word the lexicon lacks.
func (lex *Lexicon) TextKind(word string) (kind string, ok bool) {
	w, ok := lex.byWord[word]
	if !ok {
		return "", false
	}
	return lex.kinds[lex.textKind[w]].name, true
}

// Times is how many times a multiplier property multiplies (its "times"),
// 0 for any other word.
func (lex *Lexicon) Times(word string) int {
	if w, ok := lex.byWord[word]; ok {
		return lex.words[w].Times
	}
	return 0
}

func (lex *Lexicon) kind(name string) (KindID, error) {
	if k, ok := lex.byKind[name]; ok {
		return k, nil
	}
	if w, ok := strings.CutPrefix(name, textPrefix); ok {
		return 0, fmt.Errorf("kind %q spells %q, which is not in the lexicon", name, w)
	}
	return 0, fmt.Errorf("kind %q is neither a noun of the lexicon in lower case nor \"text:\" followed by a word", name)
}

// span is the kinds a noun-like word names: lo to hi-1 (none for any other
// word). The kinds of things come first, one a noun, then those of text.
func (lex *Lexicon) span(w WordID) (lo, hi KindID) {
	word := &lex.words[w]
	switch {
	case word.Role == RoleNoun:
		return lex.thingKind[w], lex.thingKind[w] + 1
	case word.Names == NamesText:
		return lex.firstText, KindID(len(lex.kinds))
	case word.Names == NamesThings:
		return 1, lex.firstText
	}
	return 0, 0
}

// names reports whether the noun-like word w names objects of kind k.
func (lex *Lexicon) names(w WordID, k KindID) bool {
	word := lex.words[w]
	info := lex.kinds[k]
	switch {
	case word.Role == RoleNoun:
		return !info.text && info.word == w
	case word.Names == NamesText:
		return info.text
	case word.Names == NamesThings:
		return !info.text
	}
	return false
}

// convertsTo reports whether a rule "X IS w" turns objects into things of w's kind.
func (lex *Lexicon) convertsTo(w WordID) bool {
	return lex.words[w].Role == RoleNoun
}

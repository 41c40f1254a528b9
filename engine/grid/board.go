package grid

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// ID is an object's handle: issued once by a board, from 1, never reused
// (except that Undo takes back the ids of the objects it takes back).
type ID = uint32

// Dir is a direction of movement.
type Dir int

// The four directions: x grows right, y grows down.
const (
	Up Dir = iota
	Down
	Left
	Right
)

var dirNames = [...]string{"up", "down", "left", "right"}

func (d Dir) String() string {
	if d < 0 || int(d) >= len(dirNames) {
		return fmt.Sprintf("Dir(%d)", int(d))
	}
	return dirNames[d]
}

// ParseDir reads "up", "down", "left" or "right".
func ParseDir(s string) (Dir, bool) {
	for i, n := range dirNames {
		if n == s {
			return Dir(i), true
		}
	}
	return 0, false
}

func (d Dir) delta() (dx, dy int) {
	switch d {
	case Up:
		return 0, -1
	case Down:
		return 0, 1
	case Left:
		return -1, 0
	case Right:
		return 1, 0
	}
	panic(fmt.Sprintf("grid: direction %d is not Up, Down, Left or Right", int(d)))
}

// LevelDef is a level: its size and the objects on it, in age order.
type LevelDef struct {
	Width   int           `json:"width"`
	Height  int           `json:"height"`
	Objects []LevelObject `json:"objects,omitempty"`
	Cards   []LevelCard   `json:"cards,omitempty"`
	Hand    []string      `json:"hand,omitempty"`
}

// LevelObject is one object of a level: a kind such as a noun in lower case
// or "text:" followed by a word, on tile (X, Y).
type LevelObject struct {
	Kind string `json:"kind"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
}

// LevelCard is a minion a level starts with on tile (X, Y).
type LevelCard struct {
	Card string `json:"card"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
}

// MaxSide is the largest width or height a board accepts.
const MaxSide = 1024

// ErrOutside is wrapped by errors about a tile outside the board.
var ErrOutside = errors.New("tile outside the board")

type object struct {
	kind  KindID
	x, y  int16
	alive bool
	next  ID // the next younger object on its tile, 0 for none
	// the next younger and older live objects of its kind, 0 for none
	knext, kprev ID
}

// kindList is the live objects of one kind, oldest first, threaded through
// the objects' knext and kprev.
type kindList struct {
	first, last ID
	n           int32
}

// kindRules is what the rules say about one kind of object.
type kindRules struct {
	// the rules whose subject names the kind, in reading order, are the
	// board's kindRule[from:to]
	from, to int32
	static   bool   // no such rule has a condition, so props is the answer
	conv     bool   // some such rule's predicate is no property
	props    uint64 // for a static kind, its properties
	may      uint64 // every property such a rule gives
}

// Board is a rule grid: objects on tiles, the rules their text spells, and
// the turn that moves them.
type Board struct {
	lex  *Lexicon
	w, h int
	objs []object // indexed by id; objs[0] is unused, len(objs) is the next id
	// head[y*w+x] is the oldest live object on the tile, 0 for none; each
	// object's next is the next one there, oldest first
	head []ID
	// byKind[k] lists the live objects of kind k
	byKind []kindList
	won    bool

	dirty bool   // text appeared, vanished, moved or changed since the last parse
	gen   uint32 // how many parses the board has made
	// c is what the last parse read: own, or a copy the lexicon keeps of
	// that text's parse, shared and never changed
	c       *compiled
	own     compiled
	written bool // rules and active are c's
	rules   []string
	active  []string

	journal chunked[change]
	turns   chunked[turn]

	inTurn bool

	lastDestroyed []ID

	s *scratch // made on first use
}

// scratch is what a turn and a condition work in, reused between calls.
type scratch struct {
	moved     marker // objects that stepped in this move
	planned   marker // objects in the plan being made
	doomedSet marker // objects a hazard will destroy
	plan      []ID
	moveList  []ID
	yous      []ID
	doomed    []ID
	pullBuf   []ID
	targets   []WordID
	decisions []decision
	used      []bool
	tileBuf   []ID
	cand      []ID                     // objectsOf's answer
	kindMark  []bool                   // per kind, for objectsOf
	with      [convertible + 1]kindSet // kindsWith's answers

	// the first room of the lists above, so that a board's first turn
	// makes one allocation for its scratch, not one a list
	ids   [7][scratchIDs]ID
	marks [3][scratchMarks]uint32
	kinds [convertible + 1][scratchKinds]KindID
}

// How many entries the scratch's lists hold before they allocate.
const (
	scratchIDs   = 32
	scratchMarks = 128
	scratchKinds = 8
)

// work is the board's scratch, made the first time it is needed.
func (b *Board) work() *scratch {
	if b.s == nil {
		s := new(scratch)
		for i, list := range []*[]ID{&s.plan, &s.moveList, &s.yous, &s.doomed, &s.pullBuf, &s.tileBuf, &s.cand} {
			*list = s.ids[i][:0]
		}
		for i, m := range []*marker{&s.moved, &s.planned, &s.doomedSet} {
			m.mark = s.marks[i][:]
		}
		for p := range s.with {
			s.with[p].kinds = s.kinds[p][:0]
		}
		b.s = s
	}
	return b.s
}

// New builds a board for a level: its objects get ids 1, 2, ... in list
// order. Cards and Hand belong to the card game and are ignored here.
func New(lex *Lexicon, level LevelDef) (*Board, error) {
	if level.Width < 1 || level.Height < 1 || level.Width > MaxSide || level.Height > MaxSide {
		return nil, fmt.Errorf("level size %dx%d is not allowed; width and height must be from 1 to %d", level.Width, level.Height, MaxSide)
	}
	ref := levelRef{w: level.Width, h: level.Height, n: len(level.Objects)}
	if ref.n > 0 {
		ref.objects = &level.Objects[0]
	}
	if t := lex.built.find(ref, level.Objects); t != nil {
		return t.clone(false), nil // t never parses again
	}
	b := &Board{
		lex:    lex,
		w:      level.Width,
		h:      level.Height,
		objs:   make([]object, 1, len(level.Objects)+1),
		head:   make([]ID, level.Width*level.Height),
		byKind: make([]kindList, len(lex.kinds)),
		dirty:  true,
	}
	// a level lists many objects of one kind in a row: look a kind up once
	// for each run of them
	var last string
	var k KindID
	for i, o := range level.Objects {
		if k == 0 || o.Kind != last {
			var err error
			if k, err = lex.kind(o.Kind); err != nil {
				return nil, fmt.Errorf("level object %d: %w", i, err)
			}
			last = o.Kind
		}
		if !b.inside(o.X, o.Y) {
			return nil, fmt.Errorf("level object %d: %s at (%d, %d): %w of %dx%d", i, o.Kind, o.X, o.Y, ErrOutside, b.w, b.h)
		}
		b.create(k, o.X, o.Y)
	}
	b.sync()
	lex.built.keep(ref, level.Objects, b)
	return b, nil
}

// clone is a copy of a board that has no history. It copies b's parse if
// that is b's own and b may parse again (own), and shares it otherwise.
func (b *Board) clone(own bool) *Board {
	c := &Board{
		lex: b.lex, w: b.w, h: b.h, won: b.won, dirty: b.dirty, gen: b.gen,
		objs:   append(make([]object, 0, len(b.objs)+len(b.objs)/4+1), b.objs...),
		head:   slices.Clone(b.head),
		byKind: slices.Clone(b.byKind),
		c:      b.c,
	}
	if own && b.c == &b.own {
		c.own = b.own.clone()
		c.c = &c.own
	}
	return c
}

// Lexicon is the board's word list.
func (b *Board) Lexicon() *Lexicon { return b.lex }

// Size is the board's width and height.
func (b *Board) Size() (w, h int) { return b.w, b.h }

func (b *Board) inside(x, y int) bool { return x >= 0 && y >= 0 && x < b.w && y < b.h }

// Place adds an object of a kind on tile (x, y) as the newest object and
// returns its id. It clears the undo history.
func (b *Board) Place(kind string, x, y int) (ID, error) {
	k, err := b.lex.kind(kind)
	if err != nil {
		return 0, err
	}
	if !b.inside(x, y) {
		return 0, fmt.Errorf("%s at (%d, %d): %w of %dx%d", kind, x, y, ErrOutside, b.w, b.h)
	}
	b.journal.truncate(0)
	b.turns.truncate(0)
	return b.create(k, x, y), nil
}

func (b *Board) mustExist(id ID, call string) *object {
	if id == 0 || int(id) >= len(b.objs) {
		panic(fmt.Sprintf("grid: %s: id %d was never issued by this board", call, id))
	}
	return &b.objs[id]
}

// PosOf is an object's tile; ok is false once it has been destroyed. It
// panics on an id the board never issued.
func (b *Board) PosOf(id ID) (x, y int, ok bool) {
	o := b.mustExist(id, "PosOf")
	if !o.alive {
		return 0, 0, false
	}
	return int(o.x), int(o.y), true
}

// KindOf is an object's kind, destroyed or not. It panics on an id the board
// never issued.
func (b *Board) KindOf(id ID) string {
	return b.lex.kinds[b.mustExist(id, "KindOf").kind].name
}

// StackAt lists the kinds on a tile, oldest object first.
func (b *Board) StackAt(x, y int) []string {
	out := []string{}
	if !b.inside(x, y) {
		return out
	}
	for id := b.head[y*b.w+x]; id != 0; id = b.objs[id].next {
		out = append(out, b.lex.kinds[b.objs[id].kind].name)
	}
	return out
}

// KindsAt lists the kinds on a tile, sorted.
func (b *Board) KindsAt(x, y int) []string {
	out := b.StackAt(x, y)
	sort.Strings(out)
	return out
}

// IDsAt lists the live objects on a tile, oldest first.
func (b *Board) IDsAt(x, y int) []ID {
	if !b.inside(x, y) {
		return []ID{}
	}
	return b.appendTile([]ID{}, x, y)
}

// NextID is the id the next new object will get.
func (b *Board) NextID() ID { return ID(len(b.objs)) }

// Won is true once a turn's win check has found a winner.
func (b *Board) Won() bool { return b.won }

// Lost is true while no object is YOU.
func (b *Board) Lost() bool {
	b.sync()
	you := b.lex.prop[propYou]
	if b.c.possible&you == 0 {
		return true
	}
	for _, id := range b.objectsOf(b.kindsWith(propYou)) {
		if b.props(id)&you != 0 {
			return false
		}
	}
	return true
}

// Rules lists what the text spells, sorted, each rule once.
func (b *Board) Rules() []string {
	b.sync()
	b.ruleStrings()
	return append([]string{}, b.rules...)
}

// ActiveRules lists the rules in force after resolution, sorted.
func (b *Board) ActiveRules() []string {
	b.sync()
	b.ruleStrings()
	return append([]string{}, b.active...)
}

// HasProperty says whether an object has a property (or, for a noun, is
// told to be that noun) now: a rule naming the object gives it, its
// condition holding, and no negated rule naming the object takes it away.
// A destroyed object has none. It panics on an id the board never issued.
func (b *Board) HasProperty(id ID, prop string) bool {
	o := b.mustExist(id, "HasProperty")
	if !o.alive {
		return false
	}
	b.sync()
	w, ok := b.lex.byWord[prop]
	if !ok {
		return false
	}
	if bit := b.lex.bit[w]; bit != 0 {
		return b.props(id)&bit != 0
	}
	return b.told(id, w)
}

// --- object bookkeeping -------------------------------------------------

func (b *Board) isText(k KindID) bool { return b.lex.kinds[k].text }

func (b *Board) create(k KindID, x, y int) ID {
	id := ID(len(b.objs))
	b.objs = append(b.objs, object{kind: k, x: int16(x), y: int16(y), alive: true})
	b.insert(id, x, y)
	b.join(id)
	if b.isText(k) {
		b.dirty = true
	}
	b.record(change{id: id, op: opCreated})
	return id
}

func (b *Board) destroy(id ID) {
	o := &b.objs[id]
	if !o.alive {
		return
	}
	o.alive = false
	b.remove(id, int(o.x), int(o.y))
	b.leave(id)
	if b.inTurn {
		b.lastDestroyed = append(b.lastDestroyed, id)
	}
	if b.isText(o.kind) {
		b.dirty = true
	}
	b.record(change{id: id, op: opDestroyed})
}

func (b *Board) relocate(id ID, x, y int) {
	o := &b.objs[id]
	b.record(change{id: id, op: opMoved, x: o.x, y: o.y})
	b.remove(id, int(o.x), int(o.y))
	o.x, o.y = int16(x), int16(y)
	b.insert(id, x, y)
	if b.isText(o.kind) {
		b.dirty = true
	}
}

func (b *Board) setKind(id ID, k KindID) {
	o := &b.objs[id]
	b.record(change{id: id, op: opKind, kind: o.kind})
	if b.isText(o.kind) || b.isText(k) {
		b.dirty = true
	}
	b.leave(id)
	o.kind = k
	b.join(id)
}

// join puts a live object on its kind's list in age order; most often it
// is the youngest.
func (b *Board) join(id ID) {
	o := &b.objs[id]
	l := &b.byKind[o.kind]
	l.n++
	prev := l.last
	for prev != 0 && prev > id {
		prev = b.objs[prev].kprev
	}
	o.kprev = prev
	if prev == 0 {
		o.knext, l.first = l.first, id
	} else {
		o.knext, b.objs[prev].knext = b.objs[prev].knext, id
	}
	if o.knext == 0 {
		l.last = id
	} else {
		b.objs[o.knext].kprev = id
	}
}

// leave takes an object off its kind's list.
func (b *Board) leave(id ID) {
	o := &b.objs[id]
	l := &b.byKind[o.kind]
	l.n--
	if o.kprev == 0 {
		l.first = o.knext
	} else {
		b.objs[o.kprev].knext = o.knext
	}
	if o.knext == 0 {
		l.last = o.kprev
	} else {
		b.objs[o.knext].kprev = o.kprev
	}
	o.knext, o.kprev = 0, 0
}

// insert puts an object on a tile's list in age order.
func (b *Board) insert(id ID, x, y int) {
	at := &b.head[y*b.w+x]
	for *at != 0 && *at < id {
		at = &b.objs[*at].next
	}
	b.objs[id].next = *at
	*at = id
}

func (b *Board) remove(id ID, x, y int) {
	for at := &b.head[y*b.w+x]; *at != 0; at = &b.objs[*at].next {
		if *at == id {
			*at = b.objs[id].next
			b.objs[id].next = 0
			return
		}
	}
}

// appendTile appends the ids on a tile, oldest first, to list.
func (b *Board) appendTile(list []ID, x, y int) []ID {
	for id := b.head[y*b.w+x]; id != 0; id = b.objs[id].next {
		list = append(list, id)
	}
	return list
}

// marker marks objects in rounds: starting a round unmarks every object.
type marker struct {
	gen  uint32
	mark []uint32
}

func (m *marker) reset() {
	m.gen++
	if m.gen == 0 {
		clear(m.mark)
		m.gen = 1
	}
}

func (m *marker) set(id ID) {
	if int(id) >= len(m.mark) {
		m.mark = append(m.mark, make([]uint32, int(id)-len(m.mark)+32)...)
	}
	m.mark[id] = m.gen
}

func (m *marker) has(id ID) bool {
	return int(id) < len(m.mark) && m.mark[id] == m.gen
}

// RuleInfo is a rule in force, in words, for a caller that turns rules
// into effects of its own.
type RuleInfo struct {
	Subject string
	Cond    string // the condition as written ("ON X AND Y"), or ""
	Neg     bool
	Pred    string
}

// Active lists the rules in force (ActiveRules) as words, in reading order.
func (b *Board) Active() []RuleInfo {
	b.sync()
	var out []RuleInfo
	for i, r := range b.c.rs.Rules {
		if b.c.canceled[i] {
			continue
		}
		info := RuleInfo{Subject: b.lex.words[r.Subject].Word, Neg: r.Neg, Pred: b.lex.words[r.Pred].Word}
		if r.Cond != 0 {
			c := b.c.rs.Conds[r.Cond]
			words := []string{b.lex.words[c.Word].Word}
			for i, n := range c.Nouns {
				if i > 0 {
					words = append(words, "AND")
				}
				words = append(words, b.lex.words[n].Word)
			}
			info.Cond = strings.Join(words, " ")
		}
		out = append(out, info)
	}
	return out
}

// Destroy removes an object from the board (a caller's own effect, such
// as a minion dying). It is part of the history of the turn being played,
// or, between turns, of the last one played, so that Undo takes it back
// with that turn. Destroying a destroyed object does nothing. It panics on
// an id the board never issued.
func (b *Board) Destroy(id ID) {
	b.mustExist(id, "Destroy")
	b.destroy(id)
}

// Create adds an object as the newest, like Place, but keeps the undo
// history: it joins the history of the turn being played, or, between
// turns, of the last one played, as Destroy does.
func (b *Board) Create(kind string, x, y int) (ID, error) {
	k, err := b.lex.kind(kind)
	if err != nil {
		return 0, err
	}
	if !b.inside(x, y) {
		return 0, fmt.Errorf("%s at (%d, %d): %w of %dx%d", kind, x, y, ErrOutside, b.w, b.h)
	}
	return b.create(k, x, y), nil
}

// Destroyed lists the objects the last Move or Step destroyed, in the
// order it destroyed them.
func (b *Board) Destroyed() []ID {
	return append([]ID{}, b.lastDestroyed...)
}

// Reserve issues an id that no object will ever have, for a caller that
// numbers its own entities in the board's id space (SpellGrid's heroes and
// cards in hand). PosOf says such an id is not on the board, HasProperty
// that it has no property. It joins the history like Create.
func (b *Board) Reserve() ID {
	id := ID(len(b.objs))
	b.objs = append(b.objs, object{})
	b.record(change{id: id, op: opCreated})
	return id
}

// LastPos is the tile an object is on, or was on when it was destroyed. It
// panics on an id the board never issued.
func (b *Board) LastPos(id ID) (x, y int) {
	o := b.mustExist(id, "LastPos")
	return int(o.x), int(o.y)
}

// levelRef is a level as New was handed it: the first of its objects (the
// caller's own memory), their number and its size.
type levelRef struct {
	objects *LevelObject
	n, w, h int
}

// builtBoards remembers what New built from the levels it was handed more
// than once, so that the next board of such a level is a copy instead of a
// rebuild: the users' workloads (replays, walks that restart) build the same
// level over and over. A memo is found only for the same objects, in the
// same memory and with the same contents as when it was made.
type builtBoards struct {
	mu     sync.Mutex
	seen   map[levelRef]struct{}
	boards map[levelRef]builtBoard
}

type builtBoard struct {
	objects []LevelObject // a copy, to check that the caller's are unchanged
	board   *Board        // never played
}

// Bounds on what builtBoards holds; past them it forgets everything.
const (
	maxSeenLevels  = 4096
	maxBuiltBoards = 256
)

func (m *builtBoards) find(ref levelRef, objects []LevelObject) *Board {
	m.mu.Lock()
	defer m.mu.Unlock()
	if t, ok := m.boards[ref]; ok && slices.Equal(t.objects, objects) {
		return t.board
	}
	return nil
}

// keep notes that a board was built from a level, and the second time
// keeps a copy of it.
func (m *builtBoards) keep(ref levelRef, objects []LevelObject, b *Board) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, again := m.seen[ref]; !again {
		if m.seen == nil || len(m.seen) == maxSeenLevels {
			m.seen = map[levelRef]struct{}{}
		}
		m.seen[ref] = struct{}{}
		return
	}
	if m.boards == nil || len(m.boards) == maxBuiltBoards {
		m.boards = map[levelRef]builtBoard{}
	}
	m.boards[ref] = builtBoard{objects: slices.Clone(objects), board: b.clone(true)}
}

// Package driver is the one protocol between course play's screen and an
// engine: JSON lines over a pipe. Serve, in this file, answers requests by
// calling a harness; the course binary runs it in process against the
// reference harness, and `course play --workspace` copies this very file
// into WS/.course/play/ with the harness import rewritten to the
// workspace's, so both engines speak the same protocol from the same code.
// This file may import only the standard library and the harness, and call
// only what the harness contract lists. The client side is in client.go.
package driver

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/systemic-game-design/course/harness"
)

// Protocol is the version of the protocol; the first line Serve writes is a
// Hello carrying it.
const Protocol = 1

// The modes a driver plays.
const (
	ModeBaba      = "baba"      // a rule-grid level (Part II)
	ModeSpellGrid = "spellgrid" // a level with cards or a hand (Part III)
	ModeGame      = "game"      // the card table (Part I)
)

// Request is one line from the screen to the engine. Op says what to do;
// the other fields are the op's arguments.
//
// Ops: "new" (Mode, Level or Decks), "step" (Dir), "undo", "state",
// "checkCast"/"cast" (Card, Target: 0 for none), "checkPlay"/"play" (Card,
// X, Y), and for the card table "summon"/"addToHand" (Card, Player),
// "playCard" (ID), "castFor" (Card, Player, Target), "damage" (ID, Amount),
// "destroy" (ID), "canAttack"/"attack" (ID, Target), "endTurn" (Player).
// Answer is the reply to a Choose.
type Request struct {
	Op     string           `json:"op,omitempty"`
	Mode   string           `json:"mode,omitempty"`
	Level  *json.RawMessage `json:"level,omitempty"`
	Decks  [2][]string      `json:"decks,omitempty"`
	Dir    string           `json:"dir,omitempty"`
	Card   string           `json:"card,omitempty"`
	Player uint8            `json:"player,omitempty"`
	ID     uint32           `json:"id,omitempty"`
	Target uint32           `json:"target,omitempty"`
	X      int              `json:"x,omitempty"`
	Y      int              `json:"y,omitempty"`
	Amount int              `json:"amount,omitempty"`
	Answer *string          `json:"answer,omitempty"`
}

// Hello is the first line a driver writes.
type Hello struct {
	Hello    string `json:"hello"` // "course-play"
	Protocol int    `json:"protocol"`
}

// Reply is one line from the engine: the answer to a request, or a Choose
// that must be answered (with a Request whose Answer is set) before the
// answer comes.
type Reply struct {
	// Choose is a chooser request (SetChooser) in the middle of an op.
	Choose *Choose `json:"choose,omitempty"`
	// Panic is what a harness function panicked with, e.g. a stub's
	// "not implemented: Baba.Step (Module 09)". The op did not finish.
	Panic string `json:"panic,omitempty"`
	// Refused is the reason a check op (CheckCast, CheckPlay, CanAttack)
	// gave, or an attack's error; nothing was done.
	Refused string `json:"refused,omitempty"`
	// Undone is Undo's result.
	Undone bool `json:"undone,omitempty"`
	// ID is what Play, Summon or AddToHand returned.
	ID uint32 `json:"id,omitempty"`
	// State is the engine after the op (every op but the checks).
	State *State `json:"state,omitempty"`
}

// Choose asks the screen to pick one of Options; Kind is the chooser's
// kind ("base", "donor", "half").
type Choose struct {
	Kind    string   `json:"kind"`
	Options []string `json:"options"`
}

// State is what the screen draws. Fields a harness function could not give
// (a stub) are left empty and its panic is in Errors.
type State struct {
	Mode        string     `json:"mode"`
	Width       int        `json:"width,omitempty"`
	Height      int        `json:"height,omitempty"`
	Tiles       [][]string `json:"tiles,omitempty"` // y*Width+x: StackAt, oldest first
	Objects     []Object   `json:"objects,omitempty"`
	ActiveRules []string   `json:"activeRules,omitempty"`
	Won         bool       `json:"won,omitempty"`
	Lost        bool       `json:"lost,omitempty"`
	Hand        []string   `json:"hand,omitempty"`
	HeroHealth  int        `json:"heroHealth,omitempty"` // SpellGrid: player 1's hero
	LogTree     string     `json:"logTree,omitempty"`    // the last op's events
	Players     []Side     `json:"players,omitempty"`    // the card table
	Errors      []string   `json:"errors,omitempty"`
}

// Object is one live object on the grid.
type Object struct {
	ID     uint32 `json:"id"`
	Kind   string `json:"kind"`
	X      int    `json:"x"`
	Y      int    `json:"y"`
	You    bool   `json:"you,omitempty"`
	Minion string `json:"minion,omitempty"` // its card, for a minion
	Health int    `json:"health,omitempty"`
}

// Side is one player at the card table.
type Side struct {
	Hero   Character   `json:"hero"`
	Armor  int         `json:"armor"`
	Board  []Character `json:"board"`
	Hand   []Character `json:"hand"`
	Errors []string    `json:"errors,omitempty"`
}

// Character is a hero, a minion or a card in hand.
type Character struct {
	ID     uint32 `json:"id"`
	Name   string `json:"name,omitempty"`
	Attack int    `json:"attack,omitempty"`
	Health int    `json:"health,omitempty"`
}

// maxScan bounds the search for object ids past the last live one found,
// and maxObjects the live objects a state lists: a PosOf that answers for
// ids never issued (the contract has it panic) must not keep the scan
// going for ever.
const (
	maxScan    = 256
	maxObjects = 1 << 16
)

// server holds one engine.
type server struct {
	in   *bufio.Scanner
	out  *json.Encoder
	mode string
	w, h int
	baba *harness.Baba
	sg   *harness.SpellGrid
	game *harness.Game
	// chooseErr is set when the screen went away in the middle of a choice.
	chooseErr error
	// startPanic is why the last new level or game did not start, said
	// again to every later request: "no level has been started" alone
	// hides that the engine's stub is what to mend.
	startPanic string
}

// Serve answers requests from in on out until in ends.
func Serve(in io.Reader, out io.Writer) error {
	s := &server{in: bufio.NewScanner(in), out: json.NewEncoder(out)}
	s.in.Buffer(make([]byte, 64*1024), 16<<20)
	if err := s.out.Encode(Hello{Hello: "course-play", Protocol: Protocol}); err != nil {
		return err
	}
	for s.in.Scan() {
		var req Request
		if err := json.Unmarshal(s.in.Bytes(), &req); err != nil {
			if err := s.out.Encode(Reply{Panic: "the driver could not read a request: " + err.Error()}); err != nil {
				return err
			}
			continue
		}
		rep := s.handle(req)
		if s.chooseErr != nil {
			return s.chooseErr
		}
		if err := s.out.Encode(rep); err != nil {
			return err
		}
	}
	return s.in.Err()
}

// guard runs f, turning a panic into its message; in a workspace's driver
// the message ends with where in the learner's own files it was raised.
func guard(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
			if msg == "" {
				msg = "a harness function panicked"
			}
			// a stub's message names its function and module already
			if at := panicSite(); at != "" && !strings.Contains(msg, "not implemented") {
				msg += " (" + at + ")"
			}
		}
	}()
	f()
	return ""
}

// panicSite is where the panic being recovered was raised, called from
// the recovering function: the first frame of the learner's, in a file of
// the workspace outside the driver's own folder, as "engine/board.go:88,
// in engine.(*Board).settle". It is "" in the course binary, whose engine
// is the reference, and when no frame is the learner's.
func panicSite() string {
	pc, self, _, ok := runtime.Caller(0)
	if !ok || !strings.HasPrefix(runtime.FuncForPC(pc).Name(), "main.") {
		return ""
	}
	own := filepath.Dir(self)                   // WS/.course/play
	ws := filepath.Dir(filepath.Dir(own)) + "/" // WS/
	own += "/"
	pcs := make([]uintptr, 100)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		fr, more := frames.Next()
		file := filepath.ToSlash(fr.File)
		if strings.HasPrefix(file, filepath.ToSlash(ws)) && !strings.HasPrefix(file, filepath.ToSlash(own)) {
			fn := fr.Function[strings.LastIndex(fr.Function, "/")+1:]
			return fmt.Sprintf("%s:%d, in %s", strings.TrimPrefix(file, filepath.ToSlash(ws)), fr.Line, fn)
		}
		if !more {
			return ""
		}
	}
}

// choose is the chooser the driver hands the engine: it asks the screen.
func (s *server) choose(kind string, options []string) string {
	if err := s.out.Encode(Reply{Choose: &Choose{Kind: kind, Options: options}}); err != nil {
		s.chooseErr = err
		panic("the screen went away during a choice")
	}
	for s.in.Scan() {
		var req Request
		if json.Unmarshal(s.in.Bytes(), &req) == nil && req.Answer != nil {
			return *req.Answer
		}
	}
	s.chooseErr = io.ErrUnexpectedEOF
	panic("the screen went away during a choice")
}

func dirOf(name string) (harness.Dir, bool) {
	switch name {
	case "up":
		return harness.Up, true
	case "down":
		return harness.Down, true
	case "left":
		return harness.Left, true
	case "right":
		return harness.Right, true
	}
	return harness.Up, false
}

func targets(id uint32) []harness.ID {
	if id == 0 {
		return nil
	}
	return []harness.ID{harness.ID(id)}
}

// started says a level or a game is in play.
func (s *server) started() bool { return s.baba != nil || s.sg != nil || s.game != nil }

func (s *server) handle(req Request) Reply {
	if req.Op == "new" {
		rep := s.start(req)
		s.startPanic = ""
		if !s.started() {
			s.startPanic = rep.Panic
		}
		return rep
	}
	if !s.started() {
		if s.startPanic != "" {
			return Reply{Panic: s.startPanic + ": nothing started; r restarts"}
		}
		return Reply{Panic: "no level or game has been started"}
	}
	var rep Reply
	var refused error
	act := func() {}
	check := false
	switch req.Op {
	case "state":
	case "step":
		d, ok := dirOf(req.Dir)
		if !ok {
			return Reply{Panic: fmt.Sprintf("%q is not a direction", req.Dir)}
		}
		act = func() {
			if s.sg != nil {
				s.sg.ClearLog()
				s.sg.Step(d)
			} else if s.baba != nil {
				s.baba.Step(d)
			}
		}
	case "undo":
		act = func() {
			if s.baba != nil {
				rep.Undone = s.baba.Undo()
			} else if s.sg != nil {
				rep.Undone = s.sg.Undo()
			}
		}
	case "checkCast":
		check = true
		act = func() { refused = s.spell().CheckCast(req.Card, targets(req.Target)...) }
	case "cast":
		act = func() {
			sg := s.spell()
			sg.ClearLog()
			sg.Cast(req.Card, targets(req.Target)...)
		}
	case "checkPlay":
		check = true
		act = func() { refused = s.spell().CheckPlay(req.Card, req.X, req.Y) }
	case "play":
		act = func() {
			sg := s.spell()
			sg.ClearLog()
			rep.ID = sg.Play(req.Card, req.X, req.Y)
		}
	case "summon":
		act = func() { s.table().ClearLog(); rep.ID = s.table().Summon(req.Card, req.Player) }
	case "addToHand":
		act = func() { s.table().ClearLog(); rep.ID = s.table().AddToHand(req.Card, req.Player) }
	case "playCard":
		act = func() { s.table().ClearLog(); s.table().Play(req.ID) }
	case "castFor":
		act = func() { s.table().ClearLog(); s.table().Cast(req.Card, req.Player, targets(req.Target)...) }
	case "damage":
		act = func() { s.table().ClearLog(); s.table().DealDamage(req.ID, req.Amount) }
	case "destroy":
		act = func() { s.table().ClearLog(); s.table().Destroy(req.ID) }
	case "canAttack":
		check = true
		act = func() { refused = s.table().CanAttack(req.ID, req.Target) }
	case "attack":
		act = func() {
			g := s.table()
			g.ClearLog()
			refused = g.OrderAttack(req.ID, req.Target)
		}
	case "endTurn":
		act = func() { s.table().ClearLog(); s.table().EndTurn(req.Player) }
	default:
		return Reply{Panic: fmt.Sprintf("the driver has no op %q", req.Op)}
	}
	rep.Panic = guard(act)
	if refused != nil {
		rep.Refused = refused.Error()
	}
	if !check {
		st := s.state()
		rep.State = &st
	}
	return rep
}

// spell and table are the engine an op needs; the wrong mode panics, which
// guard reports.
func (s *server) spell() *harness.SpellGrid {
	if s.sg == nil {
		panic("this op needs a SpellGrid level")
	}
	return s.sg
}

func (s *server) table() *harness.Game {
	if s.game == nil {
		panic("this op needs the card table")
	}
	return s.game
}

func (s *server) start(req Request) Reply {
	s.baba, s.sg, s.game = nil, nil, nil
	s.mode = req.Mode
	var rep Reply
	switch req.Mode {
	case ModeBaba, ModeSpellGrid:
		if req.Level == nil {
			return Reply{Panic: "a new level needs its level"}
		}
		var lv harness.LevelDef
		if err := json.Unmarshal(*req.Level, &lv); err != nil {
			return Reply{Panic: "the level does not decode into the harness's LevelDef: " + err.Error()}
		}
		var size struct{ Width, Height int }
		_ = json.Unmarshal(*req.Level, &size)
		s.w, s.h = size.Width, size.Height
		if req.Mode == ModeBaba {
			rep.Panic = guard(func() { s.baba = harness.NewBaba(lv) })
		} else {
			rep.Panic = guard(func() {
				s.sg = harness.NewSpellGrid(lv, nil)
			})
			if s.sg != nil {
				if p := guard(func() { s.sg.SetChooser(s.choose) }); p != "" && rep.Panic == "" {
					rep.Panic = p
				}
			}
		}
	case ModeGame:
		rep.Panic = guard(func() { s.game = harness.NewGame(harness.GameOpts{Decks: req.Decks}) })
		if s.game != nil {
			if p := guard(func() { s.game.SetChooser(s.choose) }); p != "" && rep.Panic == "" {
				rep.Panic = p
			}
		}
	default:
		return Reply{Panic: fmt.Sprintf("the driver has no mode %q", req.Mode)}
	}
	st := s.state()
	rep.State = &st
	return rep
}

// grid is what Baba and SpellGrid share.
type grid interface {
	StackAt(x, y int) []string
	PosOf(id harness.ID) (x, y int, ok bool)
	HasProperty(id harness.ID, prop string) bool
	ActiveRules() []string
	Won() bool
	Lost() bool
}

// state reads everything the screen draws, one guarded call at a time.
func (s *server) state() State {
	st := State{Mode: s.mode, Width: s.w, Height: s.h}
	note := func(p string) {
		if p != "" {
			for _, e := range st.Errors {
				if e == p {
					return
				}
			}
			st.Errors = append(st.Errors, p)
		}
	}
	var g grid
	switch {
	case s.baba != nil:
		g = s.baba
	case s.sg != nil:
		g = s.sg
	case s.game != nil:
		st.Players = []Side{s.side(0), s.side(1)}
		note(guard(func() { st.LogTree = s.game.LogTree() }))
		for _, p := range st.Players {
			for _, e := range p.Errors {
				note(e)
			}
		}
		return st
	default:
		return st
	}
	st.Tiles = make([][]string, s.w*s.h)
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			i := y*s.w + x
			if p := guard(func() { st.Tiles[i] = g.StackAt(x, y) }); p != "" {
				note(p)
				y = s.h
				break
			}
		}
	}
	note(guard(func() { st.ActiveRules = g.ActiveRules() }))
	note(guard(func() { st.Won = g.Won() }))
	note(guard(func() { st.Lost = g.Lost() }))
	note(s.objects(g, &st))
	if s.sg != nil {
		note(guard(func() { st.Hand = s.sg.Hand() }))
		note(guard(func() { st.HeroHealth = s.sg.Health(s.sg.Hero(1)) }))
		note(guard(func() { st.LogTree = s.sg.LogTree() }))
	}
	return st
}

// objects finds every live object by asking PosOf for ids from 1 until one
// was never issued (PosOf panics) or maxScan ids in a row are gone, pairs
// each tile's ids (oldest first, as ids are issued in age order) with its
// StackAt, and asks which are YOU and which are minions.
func (s *server) objects(g grid, st *State) string {
	byTile := map[int][]uint32{}
	last, live := uint32(0), 0
	var problem string
	for id := uint32(1); id <= last+maxScan; id++ {
		var x, y int
		var ok bool
		if p := guard(func() { x, y, ok = g.PosOf(harness.ID(id)) }); p != "" {
			if strings.Contains(p, "not implemented") {
				return p
			}
			break
		}
		if !ok {
			continue
		}
		if live++; live > maxObjects {
			problem = fmt.Sprintf("PosOf says more than %d objects are in play (id %d among them); the contract has it panic for an id the level never issued", maxObjects, id)
			break
		}
		last = id
		if x >= 0 && y >= 0 && x < s.w && y < s.h {
			byTile[y*s.w+x] = append(byTile[y*s.w+x], id)
		}
	}
	tiles := make([]int, 0, len(byTile))
	for t := range byTile {
		tiles = append(tiles, t)
	}
	sort.Ints(tiles)
	for _, t := range tiles {
		ids := byTile[t]
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		for i, id := range ids {
			o := Object{ID: id, X: t % s.w, Y: t / s.w, Kind: "?"}
			if stack := st.Tiles[t]; len(stack) == len(ids) {
				o.Kind = stack[i]
			}
			if p := guard(func() { o.You = g.HasProperty(harness.ID(id), "YOU") }); p != "" && problem == "" {
				problem = p
			}
			st.Objects = append(st.Objects, o)
		}
	}
	if s.sg == nil {
		return problem
	}
	for i := range st.Objects {
		o := &st.Objects[i]
		var mid harness.ID
		var ok bool
		if p := guard(func() { mid, ok = s.sg.MinionAt(o.X, o.Y) }); p != "" {
			return p
		}
		if !ok || uint32(mid) != o.ID {
			continue
		}
		if p := guard(func() { o.Minion = s.sg.NameOf(mid); o.Health = s.sg.Health(mid) }); p != "" && problem == "" {
			problem = p
		}
	}
	return problem
}

func (s *server) side(p harness.Player) Side {
	var sd Side
	note := func(m string) {
		if m != "" && len(sd.Errors) == 0 {
			sd.Errors = append(sd.Errors, m)
		}
	}
	g := s.game
	note(guard(func() {
		h := g.Hero(p)
		sd.Hero = Character{ID: uint32(h), Name: "hero", Health: g.Health(h)}
	}))
	note(guard(func() { sd.Armor = g.Armor(p) }))
	var board, hand []harness.ID
	note(guard(func() { board = g.Board(p) }))
	note(guard(func() { hand = g.Hand(p) }))
	for _, id := range board {
		c := Character{ID: uint32(id)}
		note(guard(func() { c.Name = g.NameOf(id) }))
		note(guard(func() { c.Attack = g.Attack(id) }))
		note(guard(func() { c.Health = g.Health(id) }))
		sd.Board = append(sd.Board, c)
	}
	for _, id := range hand {
		c := Character{ID: uint32(id)}
		note(guard(func() { c.Name = g.NameOf(id) }))
		sd.Hand = append(sd.Hand, c)
	}
	return sd
}

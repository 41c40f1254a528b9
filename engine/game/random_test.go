package game

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

var randomMinions = []string{"Plain", "Drawer", "Plater", "Grower", "Hoard", "Splitter", "Bomb", "Doubler",
	"Echo", "Shield", "Tinker", "Bell", "Tripper", "Brawler", "Mender", "Phoenix"}
var randomSpells = []string{"Storm", "Blast", "Bolt", "Void"}

// action is one random action, kept as data so that playing one costs no
// formatting; String describes it for a failure message.
type action struct {
	kind   uint8 // actSummon, ...
	p      Player
	name   string
	a, b   ID
	amount int
}

const (
	actSummon uint8 = iota
	actPlay
	actCast
	actAttack
	actEndTurn
	actNoDestroy
	actDestroy
	actDamage
)

func (a action) String() string {
	switch a.kind {
	case actSummon:
		return fmt.Sprintf("summon %s for %d", a.name, a.p)
	case actPlay:
		return fmt.Sprintf("play %s (%d) for %d", a.name, a.a, a.p)
	case actCast:
		return fmt.Sprintf("cast %s for %d at %d", a.name, a.p, a.a)
	case actAttack:
		return fmt.Sprintf("attack %d -> %d", a.a, a.b)
	case actEndTurn:
		return fmt.Sprintf("end turn %d", a.p)
	case actNoDestroy:
		return "nothing to destroy"
	case actDestroy:
		return fmt.Sprintf("destroy %d", a.a)
	}
	return fmt.Sprintf("deal %d to %d", a.amount, a.a)
}

// player makes random actions; chars is its scratch list of characters.
type player struct {
	r     *rand.Rand
	chars []ID
}

func newPlayer(r *rand.Rand) *player { return &player{r: r, chars: make([]ID, 0, 64)} }

// characters is both heroes and every minion in play.
func (pl *player) characters(g *Game) []ID {
	pl.chars = append(append(pl.chars[:0], g.Hero(0), g.Hero(1)), g.inPlay...)
	return pl.chars
}

func (pl *player) pickName() string {
	r := pl.r
	// Phoenix chains to the Death Phase limit; keep it rare.
	if n := randomMinions[r.IntN(len(randomMinions))]; n != "Phoenix" || r.IntN(20) == 0 {
		return n
	}
	return "Plain"
}

// play makes one random action on g and returns it.
func (pl *player) play(g *Game) action {
	r := pl.r
	act := action{p: Player(r.IntN(2))}
	switch r.IntN(8) {
	case 0, 1:
		act.kind, act.name = actSummon, pl.pickName()
		g.Summon(act.name, act.p)
	case 2:
		act.kind, act.name = actPlay, pl.pickName()
		act.a = g.Create(act.name, act.p, ZoneHand)
		g.Play(act.a)
	case 3:
		act.kind, act.name = actCast, randomSpells[r.IntN(len(randomSpells))]
		cs := pl.characters(g)
		act.a = cs[r.IntN(len(cs))]
		g.Cast(act.name, act.p, act.a)
	case 4:
		cs := pl.characters(g)
		act.kind, act.a, act.b = actAttack, cs[r.IntN(len(cs))], cs[r.IntN(len(cs))]
		before := len(g.log)
		if err := g.OrderAttack(act.a, act.b); err != nil && len(g.log) != before {
			panic("an illegal attack changed the log")
		}
	case 5:
		act.kind = actEndTurn
		g.EndTurn(act.p)
	case 6:
		if len(g.inPlay) == 0 {
			act.kind = actNoDestroy
			break
		}
		act.kind, act.a = actDestroy, g.inPlay[r.IntN(len(g.inPlay))]
		g.Destroy(act.a)
	default:
		cs := pl.characters(g)
		act.kind, act.a, act.amount = actDamage, cs[r.IntN(len(cs))], r.IntN(4)
		g.DealDamage(act.a, act.amount)
	}
	return act
}

// checkInvariants is what holds after every Sequence, whatever came before.
func checkInvariants(g *Game) error {
	seen := make([]int, len(g.ents))
	for p := range 2 {
		for z := range numZones {
			for _, id := range g.zones[p][z] {
				seen[id]++
				if g.ents[id].zone != z || int(g.ents[id].owner) != p {
					return fmt.Errorf("entity %d is listed in player %d's zone %d but records zone %d, owner %d", id, p, z, g.ents[id].zone, g.ents[id].owner)
				}
			}
		}
	}
	for _, h := range g.heroes {
		seen[h]++
	}
	for id := 1; id < len(seen); id++ {
		if seen[id] != 1 {
			return fmt.Errorf("entity %d is in %d zones", id, seen[id])
		}
	}
	orders := map[uint32]ID{}
	for p := range 2 {
		for _, id := range g.zones[p][ZoneBoard] {
			e := &g.ents[id]
			if other, dup := orders[e.order]; dup {
				return fmt.Errorf("minions %d and %d share order of play %d", other, id, e.order)
			}
			orders[e.order] = id
			if e.health <= 0 {
				return fmt.Errorf("minion %d is on the board at %d Health after a Sequence", id, e.health)
			}
		}
	}
	prev := int32(-1)
	for i, r := range g.log {
		if (i == 0 && r.depth != 0) || r.depth > prev+1 || r.depth < 0 {
			return fmt.Errorf("log line %d has depth %d after depth %d", i, r.depth, prev)
		}
		prev = r.depth
	}
	return nil
}

func TestRandomPlayKeepsInvariants(t *testing.T) {
	lib := testLibrary(t)
	const games, actions = 2000, 60
	base := uint64(20261130)
	for n := range uint64(games) {
		seed := base + n
		r := rand.New(rand.NewPCG(seed, 0))
		g := New(lib, [2][]string{deck("Plain", r.IntN(8)), deck("Hoard", r.IntN(8))})
		pl := newPlayer(r)
		var done []action
		func() {
			defer func() {
				if v := recover(); v != nil {
					if s, ok := v.(string); ok && strings.Contains(s, "Death Phase limit") {
						return
					}
					t.Fatalf("seed %d: panic %v after %q", seed, v, done)
				}
			}()
			for range actions {
				g.ClearLog()
				done = append(done, pl.play(g))
				if err := checkInvariants(g); err != nil {
					t.Fatalf("seed %d: %v after %q\n%s", seed, err, done, g.LogTree())
				}
			}
		}()
	}
}

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

// playRandom makes one random action on g. It reports a description of it.
func playRandom(g *Game, r *rand.Rand) string {
	p := Player(r.IntN(2))
	characters := func() []ID {
		ids := []ID{g.Hero(0), g.Hero(1)}
		return append(ids, g.inPlay...)
	}
	pickName := func() string {
		// Phoenix chains to the Death Phase limit; keep it rare.
		if n := randomMinions[r.IntN(len(randomMinions))]; n != "Phoenix" || r.IntN(20) == 0 {
			return n
		}
		return "Plain"
	}
	switch r.IntN(8) {
	case 0, 1:
		n := pickName()
		g.Summon(n, p)
		return fmt.Sprintf("summon %s for %d", n, p)
	case 2:
		n := pickName()
		id := g.Create(n, p, ZoneHand)
		g.Play(id)
		return fmt.Sprintf("play %s (%d) for %d", n, id, p)
	case 3:
		n := randomSpells[r.IntN(len(randomSpells))]
		cs := characters()
		target := cs[r.IntN(len(cs))]
		g.Cast(n, p, target)
		return fmt.Sprintf("cast %s for %d at %d", n, p, target)
	case 4:
		cs := characters()
		a, d := cs[r.IntN(len(cs))], cs[r.IntN(len(cs))]
		before := len(g.log)
		if err := g.OrderAttack(a, d); err != nil && len(g.log) != before {
			panic("an illegal attack changed the log")
		}
		return fmt.Sprintf("attack %d -> %d", a, d)
	case 5:
		g.EndTurn(p)
		return fmt.Sprintf("end turn %d", p)
	case 6:
		if len(g.inPlay) == 0 {
			return "nothing to destroy"
		}
		id := g.inPlay[r.IntN(len(g.inPlay))]
		g.Destroy(id)
		return fmt.Sprintf("destroy %d", id)
	default:
		cs := characters()
		target := cs[r.IntN(len(cs))]
		amount := r.IntN(4)
		g.DealDamage(target, amount)
		return fmt.Sprintf("deal %d to %d", amount, target)
	}
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
		var done []string
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
				done = append(done, playRandom(g, r))
				if err := checkInvariants(g); err != nil {
					t.Fatalf("seed %d: %v after %q\n%s", seed, err, done, g.LogTree())
				}
			}
		}()
	}
}

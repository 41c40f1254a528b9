package harness

import "fmt"

// CheckHealthLedger is Module 13's Expansion Drop: the log accounts for
// every change of Health. after.Log must hold every event since before was
// taken. Reading it in order from before's Health, a Damaged event takes its
// amount off its target, less what an ArmorLost logged just ahead of it for
// that target's hero absorbed, and a StatsChanged event sets the Health it
// carries; each entity of before must end at its Health in after. It needs
// nothing from the engine that a snapshot does not already hold.
func CheckHealthLedger(before, after GameSnapshot) error {
	health := make(map[ID]int, len(before.Entities))
	hero := map[ID]Player{}
	for _, e := range before.Entities {
		health[e.ID] = e.Health
		if e.Hero {
			hero[e.ID] = e.Owner
		}
	}
	absorbed := map[Player]int{}
	for _, ev := range after.Log {
		switch ev := ev.(type) {
		case ArmorLost:
			absorbed[ev.Player] = ev.Amount
		case Damaged:
			lost := ev.Amount
			if p, ok := hero[ev.Target]; ok {
				lost -= absorbed[p]
				delete(absorbed, p)
			}
			if _, ok := health[ev.Target]; ok {
				health[ev.Target] -= lost
			}
		case StatsChanged:
			if _, ok := health[ev.ID]; ok {
				health[ev.ID] = ev.Health
			}
		}
	}
	for _, e := range after.Entities {
		want, ok := health[e.ID]
		if ok && e.Health != want {
			return fmt.Errorf("entity %d (%s) has %d Health, but its Health before and the log account for %d", e.ID, e.Name, e.Health, want)
		}
	}
	return nil
}

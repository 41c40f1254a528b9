package grid

// The history is a journal of changes, one group per turn: undoing a turn
// plays its changes backwards. It restores exactly what a full snapshot
// (every object's id, kind and tile in age order, the id counter and the
// win) would, at the cost of the changes only.

type changeOp uint8

const (
	opMoved     changeOp = iota // x, y: where it was
	opKind                      // kind: what it was
	opDestroyed                 // it stood where it still says it is
	opCreated
)

type change struct {
	id   ID
	kind KindID
	x, y int16
	op   changeOp
}

type turn struct {
	start uint32 // its first change in the journal
	next  ID     // the id counter before it
	won   bool   // the win before it
}

// ChangeBytes and TurnBytes are the sizes of one journal entry and of one
// turn's header, for measuring what the history holds.
const (
	ChangeBytes = 12
	TurnBytes   = 12
)

func (b *Board) beginTurn() {
	b.work()
	b.sync()
	b.turns.push(turn{start: uint32(b.journal.len()), next: ID(len(b.objs)), won: b.won})
	b.inTurn = true
	b.lastDestroyed = b.lastDestroyed[:0]
}

func (b *Board) endTurn() { b.inTurn = false }

// record journals a change. A change between turns (a Create, Destroy or
// Reserve after a Step) joins the last turn's group: Undo puts the board
// back as it was before that turn, and the change came after it. Before
// the first turn there is nothing to go back to, and nothing is kept.
func (b *Board) record(c change) {
	if b.turns.len() > 0 {
		b.journal.push(c)
	}
}

// HistoryBytes is the memory the history holds: the journal and the turn
// headers, counted at their allocated capacity.
func (b *Board) HistoryBytes() int {
	return b.journal.allocated()*ChangeBytes + b.turns.allocated()*TurnBytes
}

// History is how many turns Undo can take back, and how many changes the
// journal holds for them.
func (b *Board) History() (turns, changes int) { return b.turns.len(), b.journal.len() }

// Undo puts the board back as it was before the last Move or Step and
// reports true; with nothing to undo it reports false and changes nothing.
// The rules are reparsed from the restored text.
func (b *Board) Undo() bool {
	if b.turns.len() == 0 {
		return false
	}
	t := b.turns.at(b.turns.len() - 1)
	b.turns.truncate(b.turns.len() - 1)
	for i := b.journal.len() - 1; i >= int(t.start); i-- {
		c := b.journal.at(i)
		o := &b.objs[c.id]
		if b.isText(o.kind) {
			b.dirty = true
		}
		switch c.op {
		case opMoved:
			b.remove(c.id, int(o.x), int(o.y))
			o.x, o.y = c.x, c.y
			b.insert(c.id, int(o.x), int(o.y))
		case opKind:
			b.leave(c.id)
			o.kind = c.kind
			b.join(c.id)
			if b.isText(o.kind) {
				b.dirty = true
			}
		case opDestroyed:
			o.alive = true
			b.insert(c.id, int(o.x), int(o.y))
			b.join(c.id)
		case opCreated:
			if o.alive {
				b.remove(c.id, int(o.x), int(o.y))
				b.leave(c.id)
			}
			o.alive = false
		}
	}
	b.journal.truncate(int(t.start))
	b.objs = b.objs[:t.next]
	b.won = t.won
	return true
}

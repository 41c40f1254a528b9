package card

import (
	"fmt"
	"slices"
	"strings"
)

// Half names one half of a card's text: a text of n clauses has a top half
// of the first ceil(n/2) clauses and a bottom half of the rest.
type Half int

// The two halves.
const (
	Top Half = iota
	Bottom
)

// String is the half as the chooser of an assemble effect spells it.
func (h Half) String() string {
	if h == Bottom {
		return "bottom"
	}
	return "top"
}

// ParseHalf reads "top" or "bottom".
func ParseHalf(s string) (Half, bool) {
	switch s {
	case "top":
		return Top, true
	case "bottom":
		return Bottom, true
	}
	return Top, false
}

// Halves splits a clause list into its top and bottom halves. The results
// share the argument's backing array.
func Halves(clauses []Clause) (top, bottom []Clause) {
	cut := (len(clauses) + 1) / 2
	return clauses[:cut], clauses[cut:]
}

// Splice replaces half h of base with the same half of donor, in a new slice.
func Splice(base, donor []Clause, h Half) []Clause {
	baseTop, baseBottom := Halves(base)
	donorTop, donorBottom := Halves(donor)
	out := make([]Clause, 0, len(base)+len(donor))
	if h == Top {
		out = append(append(out, donorTop...), baseBottom...)
	} else {
		out = append(append(out, baseTop...), donorBottom...)
	}
	return out
}

// AssembledName is the name of the card Assemble makes from base.
func AssembledName(base string) string { return base + assembledSuffix }

const assembledSuffix = " (Assembled)"

// BaseName is the name of the card that name was assembled from, through
// as many assemblies as it names; a name Assemble did not make is its own.
func BaseName(name string) string {
	for {
		base, ok := strings.CutSuffix(name, assembledSuffix)
		if !ok {
			return name
		}
		name = base
	}
}

// AssembleError says why two cards cannot be assembled: the result would be
// the base's own text, or it would not be well-formed (Err, a *FormError).
type AssembleError struct {
	Base, Donor string
	Half        Half
	Reason      string
	Err         error
}

func (e *AssembleError) Error() string {
	msg := fmt.Sprintf("cannot assemble %q with the %s half of %q: %s", e.Base, e.Half, e.Donor, e.Reason)
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *AssembleError) Unwrap() error { return e.Err }

// Assemble makes the card "<base> (Assembled)": the base's type, cost, stats
// and noun, with half h of its clauses replaced by the same half of the
// donor's. The result must differ from the base and be well-formed.
func Assemble(base, donor *Def, h Half) (Def, error) {
	clauses := Splice(base.Clauses, donor.Clauses, h)
	if slices.Equal(clauses, base.Clauses) {
		return Def{}, &AssembleError{Base: base.Name, Donor: donor.Name, Half: h, Reason: "the result is the base's own text unchanged"}
	}
	if err := WellFormed(base.Type, clauses); err != nil {
		return Def{}, &AssembleError{Base: base.Name, Donor: donor.Name, Half: h, Reason: "the result is not well-formed", Err: err}
	}
	return Def{
		Name:    AssembledName(base.Name),
		Type:    base.Type,
		Cost:    base.Cost,
		Attack:  base.Attack,
		Health:  base.Health,
		Noun:    base.Noun,
		Text:    Describe(clauses),
		Clauses: clauses,
	}, nil
}

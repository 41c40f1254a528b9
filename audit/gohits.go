package audit

import (
	"go/ast"
	"go/token"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/systemic-game-design/course/audit/match"
)

// Hit is one place a parsed Go file names a card or a grid noun.
type Hit struct {
	Pos    token.Pos // where the name starts; for an interpreted string literal, where the literal starts
	End    token.Pos // just past the name; for an interpreted string literal, the literal's end
	Name   string    // as the catalog writes it
	Kind   Kind
	Module string
	As     string // as the source writes it
}

// GoHits looks at every identifier (declarations included), string literal
// (unquoted; an import path for cards alone) and comment of a parsed Go file,
// and returns the hits in source order, each kind where it counts. String
// literals joined by '+' ("Test" + "Filler", "Test " + ("Filler")) are one
// constant, so their joined value is a string literal too (see
// constantChains), and so are a chain's constants the file declares and
// its conversions, as the compiler joins them (the file is type-checked
// for them, with fset, where a chain needs it); each literal still counts
// on its own.
func (r *Rules) GoHits(fset *token.FileSet, f *ast.File) []Hit {
	return r.goHits(f, &constants{fset: fset, files: []*ast.File{f}})
}

// PackageHits is GoHits of each of files, the files of one package as a
// go/analysis pass has them (one build's), with the constants any of them
// declares joined in any one's chains, as Package joins them.
func (r *Rules) PackageHits(fset *token.FileSet, files []*ast.File) [][]Hit {
	consts := &constants{fset: fset, files: files}
	out := make([][]Hit, len(files))
	for i, f := range files {
		out[i] = r.goHits(f, consts)
	}
	return out
}

// goHits is GoHits, with consts settling the chains' constants.
func (r *Rules) goHits(f *ast.File, consts *constants) []Hit {
	var out []Hit
	add := func(ms []match.Match, text string, at func(match.Match) (token.Pos, token.Pos)) {
		for _, m := range ms {
			n := r.names[m.Name.ID]
			pos, end := at(m)
			out = append(out, Hit{Pos: pos, End: end, Name: n.Name, Kind: n.Kind, Module: n.Module, As: text[m.Start:m.End]})
		}
	}
	// exact maps a match onto source whose bytes are the text's.
	exact := func(base token.Pos) func(match.Match) (token.Pos, token.Pos) {
		return func(m match.Match) (token.Pos, token.Pos) {
			return base + token.Pos(m.Start), base + token.Pos(m.End)
		}
	}
	imports := map[*ast.BasicLit]bool{}
	for _, im := range f.Imports {
		imports[im.Path] = true
	}
	var chained []Hit
	var inChain map[*ast.BinaryExpr]bool // the '+'s of a chain already read from its top
	var tags map[*ast.BasicLit]bool      // struct fields' tags
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Field:
			if n.Tag != nil {
				if tags == nil {
					tags = map[*ast.BasicLit]bool{}
				}
				tags[n.Tag] = true
			}
		case *ast.BinaryExpr:
			if n.Op == token.ADD && !inChain[n] {
				if inChain == nil {
					inChain = map[*ast.BinaryExpr]bool{}
				}
				chained = r.chainHits(chained, n, inChain, consts)
			}
		case *ast.Ident:
			ms := r.cards.Find(n.Name)
			if isUpperIdent(n.Name) {
				ms = merge(ms, r.nouns.FindUpper(n.Name))
			}
			add(ms, n.Name, exact(n.Pos()))
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return true
			}
			if imports[n] {
				// An import path names no grid noun, but a card anywhere:
				// a package named for a card is the engine naming it.
				s, err := strconv.Unquote(n.Value)
				if err != nil {
					s = n.Value
				}
				add(r.cards.Find(s), s, func(match.Match) (token.Pos, token.Pos) { return n.Pos(), n.End() })
				return true
			}
			// A struct tag names the field's keys in an encoding
			// (`json:"key,omitempty"`), not a thing on the grid: a noun
			// counts there as in prose, in upper case.
			hits := func(s string) []match.Match {
				var nouns []match.Match
				if !tags[n] {
					nouns = r.nounsInString(s)
				}
				return merge(r.cards.Find(s), nouns, r.nouns.FindUpper(s))
			}
			if strings.HasPrefix(n.Value, "`") {
				// A raw string's bytes are the source's: exact columns.
				s := n.Value[1 : len(n.Value)-1]
				add(hits(s), s, exact(n.Pos()+1))
				return true
			}
			s, err := strconv.Unquote(n.Value)
			if err != nil {
				s = n.Value
			}
			add(hits(s), s, func(match.Match) (token.Pos, token.Pos) {
				return n.Pos(), n.End()
			})
		}
		return true
	})
	for _, g := range f.Comments {
		for _, c := range g.List {
			add(r.cards.Find(c.Text), c.Text, exact(c.Pos()))
		}
	}
	if len(chained) > 0 {
		// A name within one literal of a chain is that literal's hit,
		// already found: only what the joining adds is new.
		have := make(map[Hit]bool, len(out))
		for _, h := range out {
			have[h] = true
		}
		for _, h := range chained {
			if !have[h] {
				have[h] = true
				out = append(out, h)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}

// chainHits appends to out the hits in the joined values of the constant
// strings that stand next to one another in the '+' chain whose top is e
// (see constantChains), each read as one string literal is read, and marks
// the chain's '+'s in seen. A hit is placed as a single literal's is, in
// the operand where the name starts: at the name in a raw string, at the
// operand otherwise; it ends at the name's end in a raw string, at the
// end of the operand otherwise; As is the joined value's text.
func (r *Rules) chainHits(out []Hit, e *ast.BinaryExpr, seen map[*ast.BinaryExpr]bool, consts *constants) []Hit {
	for _, run := range constantChains(e, seen, consts) {
		type piece struct {
			operand
			off int // where its value starts in the joined one
		}
		pieces := make([]piece, len(run))
		var sb strings.Builder
		for i, o := range run {
			pieces[i] = piece{o, sb.Len()}
			sb.WriteString(o.text)
		}
		s := sb.String()
		// at is the piece holding the byte at offset i of s.
		at := func(i int) piece {
			k := sort.Search(len(pieces), func(k int) bool { return pieces[k].off > i }) - 1
			return pieces[k]
		}
		for _, m := range merge(r.cards.Find(s), r.nounsInString(s), r.nouns.FindUpper(s)) {
			first, last := at(m.Start), at(m.End-1)
			pos, end := first.x.Pos(), last.x.End()
			if first.raw {
				pos += token.Pos(1 + m.Start - first.off)
			}
			if last.raw {
				end = last.x.Pos() + token.Pos(1+m.End-last.off)
			}
			n := r.names[m.Name.ID]
			out = append(out, Hit{Pos: pos, End: end, Name: n.Name, Kind: n.Kind, Module: n.Module, As: s[m.Start:m.End]})
		}
	}
	return out
}

// operand is one operand of a '+' chain whose string value the file
// settles.
type operand struct {
	x    ast.Expr
	text string // as GoHits reads it: see literalText, constants
	raw  bool   // a raw string literal, whose text is its source
}

// constantChains is the runs of two or more operands with a constant
// string value (a string literal, or what consts settles: a constant the
// file declares, string(rune(87)), a conversion) that stand next to one
// another among the operands of the '+' chain whose top is e, parentheses
// seen through: "a" + "b" + ("c" + "d") is one run, x + "a" + "b" the run
// "a", "b" (a '+' is associative on strings, so x + "a" + "b" holds "ab"),
// and "a" + x + "b" none, as x is only known at run time. The '+'s it
// reads are marked in seen.
func constantChains(e *ast.BinaryExpr, seen map[*ast.BinaryExpr]bool, consts *constants) [][]operand {
	var operands []ast.Expr
	var flatten func(ast.Expr)
	flatten = func(x ast.Expr) {
		x = ast.Unparen(x)
		if b, ok := x.(*ast.BinaryExpr); ok && b.Op == token.ADD {
			seen[b] = true
			flatten(b.X)
			flatten(b.Y)
			return
		}
		operands = append(operands, x)
	}
	flatten(e)
	var runs [][]operand
	var run []operand
	for _, x := range append(operands, nil) {
		if l, ok := x.(*ast.BasicLit); ok && l.Kind == token.STRING {
			run = append(run, operand{x: l, text: literalText(l), raw: raw(l)})
			continue
		}
		if x != nil {
			if s, ok := consts.String(x); ok {
				run = append(run, operand{x: x, text: s})
				continue
			}
		}
		if len(run) > 1 {
			runs = append(runs, run)
		}
		run = nil
	}
	return runs
}

// raw reports whether l is a raw string literal, whose text is its source.
func raw(l *ast.BasicLit) bool { return strings.HasPrefix(l.Value, "`") }

// literalText is a string literal's text as GoHits reads it: a raw
// string's source between its quotes (so that columns are exact), an
// interpreted string's value.
func literalText(l *ast.BasicLit) string {
	if raw(l) {
		return l.Value[1 : len(l.Value)-1]
	}
	s, err := strconv.Unquote(l.Value)
	if err != nil {
		return l.Value
	}
	return s
}

// nounsInString is the grid nouns a string literal names as whole words in
// any case. A literal with white space in it is prose ("invalid header
// key"), where a noun counts only in upper case; a literal without is a
// word or a key ("rock", "text:rock", "kind=rock").
func (r *Rules) nounsInString(s string) []match.Match {
	if strings.IndexFunc(s, unicode.IsSpace) >= 0 {
		return nil
	}
	return r.nouns.Find(s)
}

// isUpperIdent reports whether a Go identifier has letters and no
// lower-case one: ROCK, IS_ROCK, KEY2.
func isUpperIdent(s string) bool {
	letter := false
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letter = true
		}
	}
	return letter
}

package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/systemic-game-design/course/engine/card"
)

// Report is what Validate found: how many card and level files there were,
// and each file that does not load with the first thing wrong with it
// (cards first, then levels, each in the order given).
type Report struct {
	CardFiles  int
	LevelFiles int
	Problems   []*FileError
}

// Validate checks a workspace's card files as one set and its level files
// one by one, reporting every bad file, not only the first.
//
// Unless standalone, the course's own cards join the set wherever no file
// of the workspace replaces them (the same path or the same card name), so a
// summon or a level may name a course card the workspace has no file for.
// Standalone is for the course repository itself, whose files are the whole
// set.
func (c *Content) Validate(cards, levels []File, standalone bool) (*Report, error) {
	var reference []File
	if !standalone {
		reference = c.refFiles
	}
	problems, defs, err := c.validateCards(cards, reference)
	if err != nil {
		return nil, err
	}
	r := &Report{CardFiles: len(cards), LevelFiles: len(levels), Problems: problems}
	for _, f := range levels {
		_, err := c.ParseLevelWith(f.Path, f.Data, defs)
		var fe *FileError
		switch {
		case errors.As(err, &fe):
			r.Problems = append(r.Problems, fe)
		case err != nil:
			return nil, err
		}
	}
	nameUnloaded(r.Problems, cards)
	return r, nil
}

// nameUnloaded words again each problem that a summon, a placed card, a
// card dealt or a move names no card, where the name is a card file's of
// the workspace that does not load: the card is there, in a file to mend,
// and adding a file for it, as the mend said, made a second one.
func nameUnloaded(problems []*FileError, cards []File) {
	unloaded := map[string]string{} // card name -> its file
	bad := map[string]bool{}
	for _, p := range problems {
		bad[p.File] = true
	}
	for _, f := range cards {
		var named struct {
			Name string `json:"name"`
		}
		if bad[f.Path] && json.Unmarshal(f.Data, &named) == nil && named.Name != "" {
			if _, ok := unloaded[named.Name]; !ok {
				unloaded[named.Name] = f.Path
			}
		}
	}
	if len(unloaded) == 0 {
		return
	}
	for _, p := range problems {
		name := p.noCard
		file, found := unloaded[name]
		if name == "" || !found || file == p.File {
			continue
		}
		p.Rule += fmt.Sprintf(" that loads: %s defines it, and does not load", file)
		p.Mend = fmt.Sprintf("mend %s (its own line says what is wrong with it), not a second file for %s", file, quoteName(name))
	}
}

// validateCards finds, for each file of files, the first rule of LoadCards
// it breaks. Each file is parsed on its own first; the files that parse are
// then checked as one set with the reference files that no file of the set
// replaces. The set's rules (checkSet, LoadCards's) stop at the first card
// at fault: it leaves the set and the rest is checked again, until none
// is. A reference file
// that fails (its summon names a card the workspace redefined) leaves the
// set silently: it is not the workspace's to mend. It returns the problems
// in file order and the cards of the set that loaded.
func (c *Content) validateCards(files, reference []File) ([]*FileError, []card.Def, error) {
	found := make(map[string]*FileError, len(files))
	var good []parsedCard
	paths, names := map[string]bool{}, map[string]bool{}
	byKey := map[string]parsedCard{} // a good file's card, by NameKey
	for _, f := range files {
		paths[f.Path] = true
		d, err := c.ParseCard(f.Path, f.Data)
		var fe *FileError
		switch {
		case errors.As(err, &fe):
			found[f.Path] = fe
		case err != nil:
			return nil, nil, err
		default:
			p := newParsedCard(f.Path, d)
			good = append(good, p)
			names[d.Name] = true
			byKey[p.key] = p
		}
	}
	var kept []parsedCard
	refPaths := map[string]bool{}
	for i, f := range reference {
		if paths[f.Path] {
			continue
		}
		// The reference loaded as a set already: refDefs[i] is its card.
		ref := c.refDefs[i].Name
		if names[ref] {
			continue
		}
		// A card of the workspace whose name reads as the course card's
		// but is not it would stand beside it as a second card: the
		// workspace's to mend, not a course card to leave out in silence.
		refCard := newParsedCard(f.Path, c.refDefs[i])
		if w, ok := byKey[refCard.key]; ok && found[w.path] == nil {
			found[w.path] = cardError(w.path, "/name", fmt.Sprintf("card %s reads as the course's card %s: the names differ only in case, spacing or how their letters are encoded", quoteName(w.def.Name), quoteName(ref)),
				fmt.Sprintf("name it %s to take the course card's place, or give it a name of its own", strconv.Quote(ref)))
			good = slices.DeleteFunc(good, func(g parsedCard) bool { return g.path == w.path })
		}
		kept = append(kept, refCard)
		refPaths[f.Path] = true
	}
	// Each file was parsed once, above: the set's rules are asked again of
	// the cards as parsed each time a card at fault leaves the set, which
	// costs a map of the set, not a parse of every file (a thousand bad
	// files took a minute).
	for {
		fe := checkSet(slices.Concat(good, kept))
		if fe == nil {
			break
		}
		before := len(good) + len(kept)
		if refPaths[fe.File] {
			kept = slices.DeleteFunc(kept, func(p parsedCard) bool { return p.path == fe.File })
		} else {
			found[fe.File] = fe
			good = slices.DeleteFunc(good, func(p parsedCard) bool { return p.path == fe.File })
		}
		if len(good)+len(kept) == before {
			// An error naming no file of the set: nothing to leave out.
			return nil, nil, fe
		}
	}
	defs := defsOf(slices.Concat(good, kept))
	var out []*FileError
	for _, f := range files {
		if fe, ok := found[f.Path]; ok {
			out = append(out, fe)
		}
	}
	return out, defs, nil
}

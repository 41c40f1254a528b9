package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/course/data"
)

// ValidateOptions are the arguments of course validate.
type ValidateOptions struct {
	Workspace string
	JSON      bool
}

func newValidateCmd(env *Env) *cobra.Command {
	opts := &ValidateOptions{}
	cmd := &cobra.Command{
		Use:   "validate WORKSPACE",
		Short: "Check the workspace's card and level files against their schemas and rules",
		Long: `validate reads every card file (cards/*.json) and every level file
(levels/*.json, when that folder exists) of the workspace with the course's
own loading rules: valid JSON, valid against course/schema/, clauses in a
well-formed order, no two files defining the same card, every summon naming
a minion. A summon may name a minion of the workspace or one of the course's
own cards, so a workspace that holds only the card files its modules brought
is not refused; a workspace file of the same path or card name takes the
course card's place.

In the course repository itself ("course validate ."), the card files are
cards/*.json and every module's course/NN-slug/cards/*.json, and they are the
whole set: nothing else is added to them.

It prints "validate: ok (N card files, M level files)", or one line per file
that does not load, naming the file, the place in it (a JSON pointer), the
rule it breaks and how to mend it:
  cards/foo.json at /clauses/0/effect: value must be one of ...; use one of the values the schema allows there
Every bad file is reported, one line each (its first problem). A card that
summons a card whose own file does not load is reported too: fixing that
file clears it.`,
		Example: `  course validate ~/my-engine
  course validate . --json`,
		Args:              args("WORKSPACE"),
		ValidArgsFunction: dirsOnly,
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Workspace = a[0]
			return RunValidate(env, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON document")
	return cmd
}

// ValidateReport is what validate found, as --json prints it.
type ValidateReport struct {
	OK         bool              `json:"ok"`
	CardFiles  int               `json:"cardFiles"`
	LevelFiles int               `json:"levelFiles"`
	Findings   []ValidateFinding `json:"findings"`
}

// ValidateFinding is one file that does not load: the first thing wrong
// with it.
type ValidateFinding struct {
	Kind string `json:"kind"` // "card" or "level"
	File string `json:"file"` // slash path inside the workspace
	Path string `json:"path"` // JSON pointer; empty for the whole file
	Rule string `json:"rule"`
	Mend string `json:"mend"`
}

func (f ValidateFinding) String() string {
	where := f.File
	if f.Path != "" {
		where += " at " + f.Path
	}
	return fmt.Sprintf("%s: %s; %s", where, f.Rule, f.Mend)
}

// RunValidate validates the workspace's card and level files.
func RunValidate(env *Env, opts *ValidateOptions) error {
	ws, err := workspace.Open(opts.Workspace)
	if err != nil {
		return err
	}
	r, err := validateWorkspace(env, ws)
	if err != nil {
		return err
	}
	if opts.JSON {
		if err := writeJSON(env.Stdout, r); err != nil {
			return err
		}
	} else {
		printValidate(env, r)
	}
	if !r.OK {
		return &FindingError{Summary: fmt.Sprintf("%d file(s) do not load", len(r.Findings))}
	}
	return nil
}

func printValidate(env *Env, r *ValidateReport) {
	if r.OK {
		fmt.Fprintf(env.Stdout, "validate: ok (%s, %s)\n", count(r.CardFiles, "card file"), count(r.LevelFiles, "level file"))
		return
	}
	for _, f := range r.Findings {
		fmt.Fprintln(env.Stdout, f.String())
	}
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// validateWorkspace checks an open workspace's card files as one set and
// its level files one by one.
func validateWorkspace(env *Env, ws *workspace.Workspace) (*ValidateReport, error) {
	dir := os.DirFS(ws.Abs)
	cardFiles, err := data.ReadCardFiles(dir, "cards/*.json", "")
	if err != nil {
		return nil, err
	}
	var reference []data.CardFile
	if workspace.IsCourseRepository(ws.Abs) {
		// The repository's own files are the reference: they stand alone.
		scoped, err := data.ReadCardFiles(dir, "course/*/cards/*.json", "")
		if err != nil {
			return nil, err
		}
		cardFiles = append(cardFiles, scoped...)
	} else if reference, err = referenceCardFiles(env); err != nil {
		return nil, err
	}
	r := &ValidateReport{CardFiles: len(cardFiles), Findings: []ValidateFinding{}}
	cardErrs, err := validateCards(cardFiles, reference)
	if err != nil {
		return nil, err
	}
	for _, e := range cardErrs {
		r.Findings = append(r.Findings, ValidateFinding{Kind: "card", File: e.File, Path: e.Path, Rule: e.Rule, Mend: e.Mend})
	}

	levelErrs, n, err := validateLevels(ws.Abs)
	if err != nil {
		return nil, err
	}
	r.LevelFiles = n
	for _, e := range levelErrs {
		r.Findings = append(r.Findings, ValidateFinding{Kind: "level", File: e.File, Path: e.Path, Rule: e.Rule, Mend: e.Mend})
	}
	r.OK = len(r.Findings) == 0
	return r, nil
}

// referenceCardFiles is the course's own card files (cards/*.json and
// course/*/cards/*.json of the content the binary carries), which must load
// as a set: if they do not, the course itself is at fault.
func referenceCardFiles(env *Env) ([]data.CardFile, error) {
	var files []data.CardFile
	if env.Cards != nil {
		shared, err := data.ReadCardFiles(env.Cards, "*.json", "cards")
		if err != nil {
			return nil, err
		}
		files = append(files, shared...)
	}
	if env.Course != nil {
		scoped, err := data.ReadCardFiles(env.Course, "*/cards/*.json", "course")
		if err != nil {
			return nil, err
		}
		files = append(files, scoped...)
	}
	if _, err := data.LoadCards(files); err != nil {
		return nil, fmt.Errorf("the course's own card files do not load: %w", err)
	}
	return files, nil
}

// validateCards finds, for each file of files, the first rule of
// data.LoadCards it breaks, so that every bad file is reported, not only the
// first. Each file is parsed on its own first; the files that parse are then
// loaded as one set with the reference files that no file of the set
// replaces (same path or same card name), so a summon may name a course card
// the workspace has no file for. LoadCards stops at its first error: the
// file at fault leaves the set and the rest is loaded again, until it loads.
// A reference file that fails (its summon names a card the workspace
// redefined) leaves the set silently: it is not the workspace's to mend.
func validateCards(files, reference []data.CardFile) ([]*data.CardError, error) {
	found := make(map[string]*data.CardError, len(files))
	var good []data.CardFile
	paths, names := map[string]bool{}, map[string]bool{}
	for _, f := range files {
		paths[f.Path] = true
		d, err := data.ParseCard(f.Path, f.Data)
		var ce *data.CardError
		switch {
		case errors.As(err, &ce):
			found[f.Path] = ce
		case err != nil:
			return nil, err
		default:
			good = append(good, f)
			names[d.Name] = true
		}
	}
	var kept []data.CardFile
	refPaths := map[string]bool{}
	for _, f := range reference {
		if paths[f.Path] {
			continue
		}
		// The reference loaded as a set already, so each file parses.
		if d, err := data.ParseCard(f.Path, f.Data); err == nil && names[d.Name] {
			continue
		}
		kept = append(kept, f)
		refPaths[f.Path] = true
	}
	for {
		_, err := data.LoadCards(slices.Concat(good, kept))
		if err == nil {
			break
		}
		var ce *data.CardError
		if !errors.As(err, &ce) {
			return nil, err
		}
		before := len(good) + len(kept)
		if refPaths[ce.File] {
			kept = slices.DeleteFunc(kept, func(f data.CardFile) bool { return f.Path == ce.File })
		} else {
			found[ce.File] = ce
			good = slices.DeleteFunc(good, func(f data.CardFile) bool { return f.Path == ce.File })
		}
		if len(good)+len(kept) == before {
			// An error naming no file of the set: nothing to leave out.
			return nil, err
		}
	}
	var out []*data.CardError
	for _, f := range files {
		if ce, ok := found[f.Path]; ok {
			out = append(out, ce)
		}
	}
	return out, nil
}

// validateLevels parses every levels/*.json of the workspace at dir, if it
// has a levels folder, and returns each bad file's error and how many files
// there are.
func validateLevels(dir string) ([]*data.LevelError, int, error) {
	levelsDir := filepath.Join(dir, "levels")
	if st, err := os.Stat(levelsDir); err != nil || !st.IsDir() {
		return nil, 0, nil
	}
	fsys := os.DirFS(levelsDir)
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, 0, err
	}
	slices.Sort(names)
	var out []*data.LevelError
	for _, name := range names {
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, 0, fmt.Errorf("read level file %s: %w", path.Join("levels", name), err)
		}
		_, err = data.ParseLevel(path.Join("levels", name), raw)
		var le *data.LevelError
		switch {
		case errors.As(err, &le):
			out = append(out, le)
		case err != nil:
			return nil, 0, err
		}
	}
	return out, len(names), nil
}

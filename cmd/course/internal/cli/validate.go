package cli

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/internal/termsafe"
)

// ValidateOptions are the arguments of course validate.
type ValidateOptions struct {
	Workspace string
	JSON      bool
}

func newValidateCmd(env *Env, runF func(*ValidateOptions) error) *cobra.Command {
	opts := &ValidateOptions{}
	cmd := &cobra.Command{
		Use:   "validate [WORKSPACE]",
		Short: "Check the card and level files against their schemas and rules",
		Long: `validate reads every card file (cards/*.json) and every level file
(levels/*.json, when that folder exists) of the workspace with the course's
own loading rules: at most 4 MiB, UTF-8 text with no byte order mark, valid
JSON with no key given twice in one object, valid against course/schema/,
every number a whole number in digits alone (3, not 3.0 or 3e0, which Go's
JSON reader will not read into an int), clauses in a well-formed order, no
two files defining the same card (nor cards whose names differ only in case,
spacing or how Unicode encodes their letters, which read as one), no card
name with a control or format character (a line break, a zero-width space,
a direction mark: each prints as nothing, or moves the text around it), every
summon naming a minion. A byte order mark, a byte that is not UTF-8, an
escape of half a surrogate pair (\ud800 alone) and a repeated key are
refused because a JSON reader would take the file otherwise than it reads:
it calls the mark an invalid character, turns the byte and the escape into
U+FFFD and keeps the last of the two values, each without a word. A number is
named as the file writes it (1e400, not its four hundred digits). A summon
may name a minion of the workspace or one of the course's own cards, so a
workspace that holds only the card files its modules brought is not refused;
a workspace file of the same path or card name takes the course card's place
(spelled as the course spells it: "test filler" is refused, not a second Test
Filler). A .json file in a folder under cards/ or levels/, or one named .JSON,
is not read, and a note after the verdict says so; it fails nothing.

In the course repository itself ("course validate ."), the card files are
cards/*.json and every module's course/NN-slug/cards/*.json, and they are the
whole set: nothing else is added to them.

It prints "validate: ok (N card files, M level files)", or one line per file
that does not load, naming the file, the place in it (a JSON pointer; a
byte's offset, line and column where no value holds it), the rule it breaks
and how to mend it:
  cards/foo.json at /clauses/0/effect: value must be one of ...; use one of ...
  cards/bar.json: starts with a byte order mark (EF BB BF); save the file ...
Every bad file is reported, one line each (its first problem). A card that
summons a card whose own file does not load, or a level that names one, is
reported too, naming that file: fixing it clears them.`,
		Example: `  course validate ~/my-engine
  course validate . --json`,
		Args:              workspaceNotModule(argsWithWorkspace()),
		ValidArgsFunction: dirsOnly,
		RunE: func(cmd *cobra.Command, a []string) error {
			ws, err := env.workspaceArg(a)
			if err != nil {
				return err
			}
			opts.Workspace = ws
			if runF != nil {
				return runF(opts)
			}
			return RunValidate(cmd.Context(), env, opts)
		},
	}
	jsonFlag(cmd, &opts.JSON, "validate")
	return cmd
}

// ValidateReport is what validate found, as --json prints it.
type ValidateReport struct {
	OK         bool              `json:"ok"`
	CardFiles  int               `json:"cardFiles"`
	LevelFiles int               `json:"levelFiles"`
	Findings   []ValidateFinding `json:"findings"`
	// Unread is the files under cards/ or levels/ that look like card or
	// level files but are not read (in a folder of their own, or named
	// .JSON): a learner who put one there meant it to count.
	Unread []string `json:"unread,omitempty"`
}

// validateDocument is validate's --json document
// (course/schema/output/validate.schema.json).
type validateDocument struct {
	SchemaVersion int `json:"schemaVersion"`
	*ValidateReport
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

// String is the finding's line, as course/data words the file's error.
// It is one line: a line break in a file's name (or a tab) is spelled out,
// as termsafe.Line spells it.
func (f ValidateFinding) String() string {
	return termsafe.Line(f.fileError().Error())
}

// fileError is the finding as course/data's error, which words it.
func (f ValidateFinding) fileError() *data.FileError {
	return &data.FileError{Kind: f.Kind, File: f.File, Path: f.Path, Rule: f.Rule, Mend: f.Mend}
}

// styled is the finding's line with its file and place in st's fail style.
// The file's name and the values quoted are the workspace's: shown as
// termsafe shows them, on one line.
func (f ValidateFinding) styled(st styles) string {
	e := f.fileError()
	return stylePrefix(st.fail, termsafe.Line(e.Error()), termsafe.Line(e.Where()))
}

// RunValidate validates the workspace's card and level files.
func RunValidate(_ context.Context, env *Env, opts *ValidateOptions) error {
	ws, err := workspace.Open(opts.Workspace)
	if err != nil {
		return err
	}
	r, err := validateWorkspace(env, ws)
	if err != nil {
		return err
	}
	if opts.JSON {
		if err := writeJSON(env.Stdout, validateDocument{SchemaVersion: 1, ValidateReport: r}); err != nil {
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

// printValidate writes validate's lines: the file and place of each
// finding in the failure colour, "ok" in the passing one, then a note for
// each file that looks like content but is not read.
func printValidate(env *Env, r *ValidateReport) {
	st := env.Term.styles()
	if r.OK {
		fmt.Fprintf(env.Stdout, "validate: %s (%s, %s)\n", st.pass.Render("ok"), count(r.CardFiles, "card file"), count(r.LevelFiles, "level file"))
	}
	for _, f := range r.Findings {
		fmt.Fprintln(env.Stdout, f.styled(st))
	}
	for _, name := range r.Unread {
		folder, _, _ := strings.Cut(name, "/")
		fmt.Fprintf(env.Stdout, "validate: note: %s is not read: only the .json files directly in %s/ are; move it there, or name it .json\n", termsafe.Line(name), folder)
	}
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// validateWorkspace checks an open workspace's card files as one set and
// its level files one by one, with the course content. The course
// repository's own files stand alone; a learner's are checked with the
// course's cards beside them.
func validateWorkspace(env *Env, ws *workspace.Workspace) (*ValidateReport, error) {
	content, err := env.content()
	if err != nil {
		return nil, err
	}
	cardFiles, err := ws.CardFiles()
	if err != nil {
		return nil, err
	}
	levelFiles, err := ws.LevelFiles()
	if err != nil {
		return nil, err
	}
	rep, err := content.Validate(cardFiles, levelFiles, ws.Kind == workspace.Repository)
	if err != nil {
		return nil, err
	}
	r := newValidateReport(rep)
	if ws.Kind != workspace.Repository {
		r.Unread = unreadContent(ws.Abs, cardFiles, levelFiles)
	}
	return r, nil
}

// maxUnreadLook is how many entries of cards/ and levels/ unreadContent
// looks at, at most: a folder of thousands of files there is no mistake
// worth the wait of a walk.
const maxUnreadLook = 10000

// unreadContent is every regular file under cards/ and levels/ whose name
// ends in .json in any case and that validate did not read, in walk
// order. Links are not followed.
func unreadContent(root string, read ...[]data.File) []string {
	seen := map[string]bool{}
	for _, files := range read {
		for _, f := range files {
			seen[f.Path] = true
		}
	}
	var out []string
	looked := 0
	for _, top := range []string{"cards", "levels"} {
		_ = fs.WalkDir(os.DirFS(root), top, func(name string, d fs.DirEntry, err error) error {
			if looked++; looked > maxUnreadLook {
				return fs.SkipAll
			}
			if err != nil || !d.Type().IsRegular() {
				return nil // an unreadable folder, a link: not this note's to tell
			}
			if strings.EqualFold(path.Ext(name), ".json") && !seen[name] {
				out = append(out, name)
			}
			return nil
		})
	}
	return out
}

func newValidateReport(rep *data.Report) *ValidateReport {
	r := &ValidateReport{OK: len(rep.Problems) == 0, CardFiles: rep.CardFiles, LevelFiles: rep.LevelFiles, Findings: []ValidateFinding{}}
	for _, e := range rep.Problems {
		r.Findings = append(r.Findings, ValidateFinding{Kind: e.Kind, File: e.File, Path: e.Path, Rule: e.Rule, Mend: e.Mend})
	}
	return r
}

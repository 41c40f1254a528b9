package scaffold

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/systemic-game-design/course/cmd/course/internal/keep"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/modules"
)

// HarnessImport is the import path of the harness in the course's tests.
const HarnessImport = "github.com/systemic-game-design/course/harness"

// StartOptions says what StartModule copies where.
type StartOptions struct {
	Course     fs.FS         // the course folder (course.Files)
	Cards      fs.FS         // the repository's card files (cards.Files)
	Catalog    *data.Catalog // the course catalog
	Module     modules.Module
	Workspace  *workspace.Workspace
	ModulePath string // the workspace's module path, from its go.mod
	Expansion  bool   // copy the Expansion Drop's test instead of the module's tests
	Force      bool   // replace changed files, keeping every old one (see KeptName)
	// State is the workspace's record of the modules and drops started
	// (nil for none): a refused card of an earlier drop is the learner's
	// only when they started that drop before any module copied it in.
	State *workspace.State
}

// Action is what StartModule did with one file.
type Action string

// The actions.
const (
	Copied    Action = "copied"
	Unchanged Action = "unchanged"
	Replaced  Action = "replaced" // the old file is kept beside it (Kept)
	// Updated is a course test file that was the course's copy as written
	// for another module path (Was, its harness import): go.mod's module
	// path changed since. Nothing in it is the learner's, so it is
	// rewritten in place, nothing kept.
	Updated Action = "updated"
)

// FileResult is one file StartModule wrote or left alone.
type FileResult struct {
	Path   string `json:"path"` // slash path inside the workspace
	Action Action `json:"action"`
	// Kept is where a replaced file's old version now is: NAME.orig, or
	// NAME.orig.1, NAME.orig.2, ... when earlier versions are kept already.
	Kept string `json:"kept,omitempty"`
	// Was is an updated file's harness import before, written for the
	// module path go.mod named then.
	Was string `json:"was,omitempty"`
}

// KeptName is the first name free for keeping the old version of the
// workspace file rel: rel.orig, then rel.orig.1, rel.orig.2, and so on, so
// that no version kept before is ever replaced.
func KeptName(ws *workspace.Workspace, rel string) string {
	return keep.Name(rel, ws.Exists)
}

// planned is one file to write.
type planned struct {
	target  string // slash path inside the workspace
	content []byte
	card    bool   // a card file: the same data laid out otherwise is the same file
	drop    string // for an earlier Expansion Drop's card, that module's number
	// course is a test file's text in the course and name its path there:
	// content is that text rewritten for go.mod's module path, and a
	// workspace file that is it rewritten for another module path is the
	// course's copy still, not an edit.
	course []byte
	name   string
}

// StartModule copies the module's tests (or its Expansion Drop's test) into
// the workspace's tests/ and its card files into cards/. A file already
// there with the same content is left alone; a different one is refused
// (nothing is written) unless Force.
func StartModule(o StartOptions) ([]FileResult, error) {
	plan, results, err := decide(o)
	if err != nil {
		return nil, err
	}
	ws := o.Workspace
	for i, p := range plan {
		switch results[i].Action {
		case Unchanged:
			continue
		case Replaced:
			if err := ws.Rename(p.target, results[i].Kept); err != nil {
				return nil, fmt.Errorf("keeping the old %s: %w", p.target, err)
			}
		case Copied, Updated:
		}
		if err := ws.WriteFile(p.target, p.content); err != nil {
			return nil, err
		}
	}
	return results, nil
}

// Plan is what StartModule would do with each file, or its refusal, with
// nothing written: a start that would leave every file as it is need not
// lock the workspace's state to write them.
func Plan(o StartOptions) ([]FileResult, error) {
	_, results, err := decide(o)
	return results, err
}

// decide is the files StartModule writes and what it does with each, the
// old version's name when it keeps one; or its refusal.
func decide(o StartOptions) ([]planned, []FileResult, error) {
	m := o.Module
	var tests []string
	if o.Expansion {
		tests = modules.ExpansionTestFiles(o.Course, m)
		if len(tests) == 0 {
			return nil, nil, &workspace.Error{Path: "course/" + m.Slug, Why: fmt.Sprintf("module %s has no Expansion Drop test yet; run `course modules` to see what is ready", m.Number)}
		}
	} else {
		tests = modules.TestFiles(o.Course, m)
		if len(tests) == 0 {
			return nil, nil, &workspace.Error{Path: "course/" + m.Slug, Why: fmt.Sprintf("module %s (%s) is not available yet: the course has no tests for it; run `course modules` to see what is ready", m.Number, m.Title)}
		}
	}
	var plan []planned
	for _, t := range tests {
		src, err := fs.ReadFile(o.Course, t)
		if err != nil {
			return nil, nil, fmt.Errorf("reading the course's %s: %w", t, err)
		}
		out, err := RewriteHarnessImport(t, src, o.ModulePath+"/harness")
		if err != nil {
			return nil, nil, err
		}
		plan = append(plan, planned{target: "tests/" + path.Base(t), content: out, course: src, name: t})
	}
	if !o.Expansion {
		cards, err := moduleCards(o)
		if err != nil {
			return nil, nil, err
		}
		plan = append(plan, cards...)
	}

	// Decide every file before writing any, so a refusal leaves the
	// workspace as it was. Any file that cannot be read (other than one
	// that does not exist) stops the command: it may be the learner's work.
	ws := o.Workspace
	results := make([]FileResult, len(plan))
	existing := make([][]byte, len(plan))
	var changed []string
	for i, p := range plan {
		var err error
		existing[i], err = ws.ReadFile(p.target)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			results[i] = FileResult{Path: p.target, Action: Copied}
		case err != nil:
			return nil, nil, err
		case bytes.Equal(existing[i], p.content), p.card && sameJSON(existing[i], p.content):
			results[i] = FileResult{Path: p.target, Action: Unchanged}
		default:
			if was := writtenFor(p, existing[i]); was != "" {
				results[i] = FileResult{Path: p.target, Action: Updated, Was: was}
				continue
			}
			results[i] = FileResult{Path: p.target, Action: Replaced}
			changed = append(changed, p.target)
		}
	}
	if len(changed) > 0 && !o.Force {
		first := changed[0]
		why := fmt.Sprintf("differs from the course's copy (%d file(s) changed: %s); the course's files are not yours to edit: rerun with --force to replace them, keeping each old one as NAME.orig (or NAME.orig.1, ... when one is kept already)", len(changed), strings.Join(changed, ", "))
		for i, p := range plan {
			if p.target == first && p.drop != "" {
				why = dropCardRefusal(o, p, existing[i], changed)
			}
		}
		return nil, nil, &workspace.Error{Path: filepath.Join(ws.Dir, filepath.FromSlash(first)), Why: why}
	}
	for i := range results {
		switch results[i].Action {
		case Replaced:
			results[i].Kept = KeptName(ws, results[i].Path)
			if _, err := ws.Path(results[i].Kept); err != nil {
				return nil, nil, err
			}
		case Copied, Updated:
			// Written in place: a link there (one leading nowhere inside
			// the workspace reads as no file, one to the course's copy
			// as that copy) is refused by the write, which must not come
			// after other files are written.
			if err := ws.CheckWrite(results[i].Path); err != nil {
				return nil, nil, err
			}
		case Unchanged:
		}
	}
	return plan, results, nil
}

// dropCardRefusal is the refusal of p, an earlier Expansion Drop's card
// whose data differs from the course's copy (existing, the workspace's
// file), told by who made the file. The learner wrote it when they started
// the drop before any module brought the card; otherwise it is the
// course's copy, and the learner, who may have no course repository, sees
// the difference by the keys named here and by --force, which puts the
// course's copy beside theirs.
func dropCardRefusal(o StartOptions, p planned, existing []byte, changed []string) string {
	files := fmt.Sprintf("%d file(s) changed: %s", len(changed), strings.Join(changed, ", "))
	started, broughtBy := cardOrigin(o.State, p.drop)
	if started && broughtBy == "" {
		// The learner wrote this card for the drop, as the lesson asked:
		// it is theirs, and what differs is its data.
		return fmt.Sprintf("is the card you wrote for Module %s's Expansion Drop, and its data differs from the course's copy (%s); compare it with %s in the course repository and mend it, or rerun with --force to take the course's copy, keeping yours as NAME.orig (or NAME.orig.1, ... when one is kept already)", p.drop, files, p.target)
	}
	var came string
	switch {
	case started:
		came = fmt.Sprintf("which came with module %s before that drop was started", broughtBy)
	case broughtBy != "":
		came = fmt.Sprintf("which came with module %s (a drop not started here)", broughtBy)
	default:
		came = fmt.Sprintf("which module %s brings, as that drop was not started here", o.Module.Number)
	}
	in := ""
	if keys := differingKeys(existing, p.content); len(keys) > 0 {
		in = " in " + strings.Join(keys, ", ")
	}
	return fmt.Sprintf("is the course's card for Module %s's Expansion Drop, %s, and its data differs from the course's copy%s (%s); rerun with --force to put the course's copy back, keeping this one as %s to compare with it", p.drop, came, in, files, KeptName(o.Workspace, p.target))
}

// cardOrigin says whether st records the Expansion Drop of module drop as
// started, and the first module after it recorded as started (every one
// brings the drop's card) before the drop was, "" for none: its start
// copied the course's card in, unless the same data was there already.
func cardOrigin(st *workspace.State, drop string) (started bool, broughtBy string) {
	if st == nil {
		return false, ""
	}
	d, started := st.Drops[drop]
	var when time.Time
	for n, at := range st.Modules {
		if n <= drop || started && !at.Before(d.StartedAt) {
			continue
		}
		if broughtBy == "" || at.Before(when) || at.Equal(when) && n < broughtBy {
			broughtBy, when = n, at
		}
	}
	return started, broughtBy
}

// differingKeys is the top-level keys whose values the card file and the
// course's copy hold otherwise, or which one of them lacks, sorted, so that
// a learner without the course's copy knows where to look; nil when either
// is not a JSON object. A key that is not a plain word is quoted as Go
// quotes it: the file's keys are the learner's text, and the refusal one
// line.
func differingKeys(file, course []byte) []string {
	var mine, theirs map[string]any
	if _, err := decodeNumbers(file, &mine); err != nil {
		return nil
	}
	if _, err := decodeNumbers(course, &theirs); err != nil {
		return nil
	}
	var keys []string
	for k, v := range theirs {
		if w, ok := mine[k]; !ok || !reflect.DeepEqual(v, w) {
			keys = append(keys, k)
		}
	}
	for k := range mine {
		if _, ok := theirs[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for i, k := range keys {
		if !plainKey.MatchString(k) {
			keys[i] = strconv.Quote(k)
		}
	}
	return keys
}

// plainKey is a key shown as it is in a refusal.
var plainKey = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// decodeNumbers decodes the first JSON value of text into v, numbers as
// json.Number, and reports whether another value follows it.
func decodeNumbers(text []byte, v any) (more bool, err error) {
	d := json.NewDecoder(bytes.NewReader(text))
	d.UseNumber()
	if err := d.Decode(v); err != nil {
		return false, err
	}
	return d.More(), nil
}

// writtenFor is the harness import of existing when it is p, a course's
// test file, as start-module writes it for the module path that import
// names, other than go.mod's now ("" when it is not): the learner changed
// go.mod's module path since, and nothing in the file is theirs.
func writtenFor(p planned, existing []byte) string {
	if p.course == nil {
		return ""
	}
	return WrittenFor(p.name, p.course, existing)
}

// WrittenFor is the harness import of existing when it is the course's
// test file name (its content course) as start-module writes it for the
// module path that import names: the course's copy, written before go.mod's
// module path changed. "" when it is not.
func WrittenFor(name string, course, existing []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), name, existing, parser.ImportsOnly)
	if err != nil {
		return ""
	}
	for _, im := range f.Imports {
		ip, err := strconv.Unquote(im.Path.Value)
		if err != nil || !strings.HasSuffix(ip, "/harness") {
			continue
		}
		if out, err := RewriteHarnessImport(name, course, ip); err == nil && bytes.Equal(out, existing) {
			return ip
		}
	}
	return ""
}

// moduleCards plans the card files a module brings: its catalog cards from
// cards/ (see modules.CardsOf) and the files of its own folder's cards/. The
// Expansion Drop brings none: its card is what the learner writes.
func moduleCards(o StartOptions) ([]planned, error) {
	m := o.Module
	var plan []planned
	for _, c := range modules.CardsOf(o.Catalog, m) {
		name := modules.CardFileName(c.Name)
		src, err := fs.ReadFile(o.Cards, name)
		if err != nil {
			// Some cards live with their module only (course/NN-slug/cards/).
			if _, modErr := fs.Stat(o.Course, path.Join(m.CardsDir(), name)); modErr == nil {
				continue
			}
			return nil, fmt.Errorf("the course has no card file %s for %q (module %s): %w", name, c.Name, c.Module, err)
		}
		p := planned{target: "cards/" + name, content: src, card: true}
		if drop, ok := strings.CutSuffix(c.Module, "x"); ok {
			p.drop = drop
		}
		plan = append(plan, p)
	}
	own, _ := fs.Glob(o.Course, path.Join(m.CardsDir(), "*.json"))
	for _, c := range own {
		src, err := fs.ReadFile(o.Course, c)
		if err != nil {
			return nil, fmt.Errorf("reading the course's %s: %w", c, err)
		}
		plan = append(plan, planned{target: "cards/" + path.Base(c), content: src, card: true})
	}
	return plan, nil
}

// sameJSON reports whether a and b are JSON texts of one value: a card file
// the learner wrote by hand, or let an editor lay out, holds the course's
// card as long as its data is the same.
func sameJSON(a, b []byte) bool {
	// A text the card loader refuses (a key given twice, a byte order mark)
	// is not the course's card, whatever Go's reader makes of it.
	if data.CheckJSONText(data.KindCard, "", a) != nil || data.CheckJSONText(data.KindCard, "", b) != nil {
		return false
	}
	var va, vb any
	moreA, errA := decodeNumbers(a, &va)
	moreB, errB := decodeNumbers(b, &vb)
	// A second value after the first is not the same file.
	if errA != nil || errB != nil || moreA || moreB {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// RewriteHarnessImport changes the import of the course's harness in a Go
// file to newPath and formats the file. A file without that import comes back
// formatted and otherwise unchanged.
func RewriteHarnessImport(name string, src []byte, newPath string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("the course's %s does not parse: %w", name, err)
	}
	if newPath != HarnessImport {
		astutil.RewriteImport(fset, f, HarnessImport, newPath)
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, fmt.Errorf("formatting %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/devcheck"
	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/internal/termsafe"
	"github.com/systemic-game-design/course/modules"
)

// DevNewModuleOptions are the arguments of course dev new-module.
type DevNewModuleOptions struct {
	Number string
	Name   string // "trading": the slug without its number
	Title  string
	Repo   string
}

func newDevNewModuleCmd(env *Env, runF func(*DevNewModuleOptions) error) *cobra.Command {
	opts := &DevNewModuleOptions{}
	cmd := &cobra.Command{
		Use:   "new-module NN NAME",
		Short: "Scaffold course/NN-NAME: lesson, scenarios, tests and a drop",
		Long: `dev new-module makes the folder of a new module, course/NN-NAME, in the
course repository (--repo, default the one the current folder is in): a
lesson with the course's sections and three hints to fill in, an empty
scenarios.md and test file, and the Expansion Drop's README, test file and
solution. It writes nothing when the folder exists, when another module or
folder has the name already, when NN is past the next module's number, when
the name's last word is one the go command reads as a system or an
architecture (arm, windows: the test files would build there alone), or
when the title is not one line of text, and nothing when it fails midway:
the folder is written aside (course/.new-NN-NAME-*) and moved in whole. A
folder aside that a stopped run left is removed first when it holds only
that run's work; one that holds anything else stops it, named. Runs at
once in one checkout take turns (one waits up to 10 s). Then add the
module's row to modules/modules.go and run course dev check, which says
what is still missing. A module modules/modules.go lists with no folder is
made under its row's name, with its row's title (a --title other than the
row's is refused).`,
		Example: `  course dev new-module 14 trading --title "Trading"`,
		Args:    args("NN", "NAME"),
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Number, opts.Name = a[0], a[1]
			if runF != nil {
				return runF(opts)
			}
			return RunDevNewModule(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Title, "title", "", "the module's title (default: NAME, capitalised)")
	cmd.Flags().StringVar(&opts.Repo, "repo", ".", "the course repository")
	return cmd
}

// devNewLockWait is how long dev new-module waits for another run in the
// same checkout to end.
var devNewLockWait = 10 * time.Second

// validate refuses a number, name or title the module cannot have, before
// anything is read: dev check holds the command lines lessons show to it
// too.
func (o *DevNewModuleOptions) validate() error {
	if !modules.IsNumber(o.Number) {
		return usagef("course dev new-module: %q is not a module number; give two digits, e.g. 14", o.Number)
	}
	if !modules.IsName(o.Name) {
		return usagef("course dev new-module: %q is not a module name; give lower-case words joined by -, e.g. trading-posts", o.Name)
	}
	ident := strings.ReplaceAll(o.Name, "-", "_")
	if where := devcheck.LeftOut(o.Number + "_" + ident + "_test.go"); where != "" {
		// The test files' names end in the name's last word, which the
		// go command reads as a system or an architecture.
		return usagef("course dev new-module: %q ends in a word the go command reads as a system or an architecture, so %s_%s_test.go would be left out of the build on %s; choose a name that ends in another word", o.Name, o.Number, ident, where)
	}
	if strings.ContainsFunc(o.Title, unicode.IsControl) || !termsafe.Safe(o.Title) {
		// A line break would start a heading of its own in the lesson
		// and in the scenarios, where dev check would read it as theirs.
		return usagef("course dev new-module: --title %s holds a line break or another character that is not text; give the title on one line", strconv.Quote(o.Title))
	}
	return nil
}

// RunDevNewModule writes the new module's files.
func RunDevNewModule(ctx context.Context, env *Env, opts *DevNewModuleOptions) error {
	if err := opts.validate(); err != nil {
		return err
	}
	repo, err := repoFolder(opts.Repo)
	if err == nil {
		_, err = os.Stat(filepath.Join(repo, "course", "catalog.json"))
	}
	var notRepo *devcheck.RepoError
	switch {
	case errors.As(err, &notRepo) && notRepo.Above:
		return usagef("course dev new-module: %s is not in the course repository (neither it nor a folder above it has course/catalog.json); run it in a checkout, or give --repo", notRepo.Dir)
	case err != nil:
		return usagef("course dev new-module: %s is not the course repository (no course/catalog.json); run it in a checkout, or give --repo", opts.Repo)
	}
	if err := devcheck.SameModules(repo); err != nil {
		// The checks below ask the program's own list which numbers and
		// names are taken.
		return usagef("course dev new-module: %v", err)
	}
	// A module listed in modules/modules.go with no folder yet is made
	// under its row's name, as dev check's mend for it says.
	var row *modules.Module
	for _, m := range modules.All() {
		switch {
		case m.Number == opts.Number && m.Name() != opts.Name:
			return usagef("course dev new-module: modules/modules.go lists module %s as %s; give the name %s, or change its row first", m.Number, m.Slug, m.Name())
		case m.Number == opts.Number && opts.Title != "" && opts.Title != m.Title:
			// The lesson's first line must be the row's title, which
			// dev check holds it to.
			return usagef("course dev new-module: modules/modules.go titles module %s %q; leave out --title, or change its row first", m.Number, m.Title)
		case m.Number == opts.Number:
			row = &m
		case m.Name() == opts.Name:
			return usagef("course dev new-module: module %s is named %s already (course/%s); choose another name", m.Number, opts.Name, m.Slug)
		}
	}
	courseDir := filepath.Join(repo, "course")
	// One run at a time in a checkout, from the checks of the names taken
	// to the move of the new folder into place.
	unlock, err := lockCourseFolder(ctx, courseDir)
	if err != nil {
		return err
	}
	defer unlock()
	if existing, _ := gotest.GlobIn(courseDir, opts.Number+"-*"); len(existing) > 0 {
		return usagef("course dev new-module: module %s already has the folder %s; choose another number", opts.Number, existing[0])
	}
	folders, _ := gotest.GlobIn(courseDir, "[0-9][0-9]-*")
	next := 0
	for _, m := range modules.All() {
		if n, ok := modules.NumberValue(m.Number); ok {
			next = max(next, n+1)
		}
	}
	for _, f := range folders {
		base := filepath.Base(f)
		if base[2:] == "-"+opts.Name {
			// A folder not listed yet: two folders of one name would
			// leave dev check and the author to tell them apart.
			return usagef("course dev new-module: %s is named %s already; choose another name, or rename that folder %s-%s if it is this module", f, opts.Name, opts.Number, opts.Name)
		}
		n, _ := modules.NumberValue(base[:2]) // two digits, as the pattern has them
		next = max(next, n+1)
	}
	if n, _ := modules.NumberValue(opts.Number); row == nil && n > next {
		return usagef("course dev new-module: module %s would leave a gap in the course's numbers; the next module is %02d", opts.Number, next)
	}
	title := opts.Title
	switch {
	case title != "":
	case row != nil:
		title = row.Title
	default:
		title = strings.ToUpper(opts.Name[:1]) + strings.ReplaceAll(opts.Name[1:], "-", " ")
	}
	slug := opts.Number + "-" + opts.Name
	removed, err := clearLeftAside(courseDir)
	if err != nil {
		return err
	}
	for _, dir := range removed {
		fmt.Fprintf(env.Stdout, "removed %s, which a stopped course dev new-module left unfinished\n", dir)
	}
	if err := writeModule(courseDir, slug, title, moduleFiles(opts.Number, opts.Name, title)); err != nil {
		return err
	}
	if row != nil {
		fmt.Fprintf(env.Stdout, "made course/%s/\nnext: modules/modules.go lists it already; run `go run ./cmd/course dev check`\n", slug)
		return nil
	}
	fmt.Fprintf(env.Stdout, "made course/%s/\nnext: add its row to modules/modules.go ({Number: %q, Slug: %q, Title: %q, ...}), then run `go run ./cmd/course dev check`, the checkout's own course program\n",
		slug, opts.Number, slug, title)
	return nil
}

// moduleFiles are the files of a new module, by their path in its
// folder, with their text; number has a module number's form.
func moduleFiles(number, name, title string) map[string]string {
	ident := strings.ReplaceAll(name, "-", "_")
	n, _ := modules.NumberValue(number)
	return map[string]string{
		"lesson.md":    newLesson(n, title),
		"scenarios.md": fmt.Sprintf("# Module %d scenarios: %s\n\nSay here which cards or words the scenarios use. Then one heading per test,\n`## test_%s_name`, each with its Setup, Action and Assertions.\n", n, title, number),
		"tests/" + number + "_" + ident + "_test.go":            "package tests\n",
		"expansion/README.md":                                   fmt.Sprintf("# Expansion Drop %sx\n\nThe new rule, in a paragraph, then its scenario as a heading\n`## test_%sx_name`.\n", number, number),
		"expansion/tests/" + number + "x_" + ident + "_test.go": "package tests\n",
		"expansion/solution.json":                               "{\"files\": [], \"words\": [], \"funcs\": []}\n",
		"expansion/solution.md":                                 fmt.Sprintf("# Expansion Drop %sx: a solution\n\nWhat the reference adds for the drop (a card file, a lexicon line, harness\ncode), and why no file under engine/ changes.\n", number),
	}
}

// writeModuleFile writes one file of a new module; tests put a failure in
// its place.
var writeModuleFile = func(p, text string) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, werr := f.WriteString(text)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	return werr
}

// writeModule makes course/SLUG with files, all or nothing: it writes them
// in a folder of its own beside the modules, then moves that folder in
// whole, so a failure midway (a full disk, a file it may not write) leaves
// no half module for dev check to take for the author's; what it wrote is
// removed.
func writeModule(courseDir, slug, title string, files map[string]string) error {
	aside, err := os.MkdirTemp(courseDir, devcheck.AsidePrefix+slug+"-")
	if err != nil {
		return fmt.Errorf("making a folder to write the module in: %w", err)
	}
	defer func() { _ = os.RemoveAll(aside) }()
	// The marker first: a run stopped from here on leaves a folder the
	// next run can tell for its own (clearLeftAside).
	if err := os.WriteFile(filepath.Join(aside, devcheck.AsideMarker), []byte(asideMarker(title)), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w; nothing was written", filepath.Join(aside, devcheck.AsideMarker), err)
	}
	// The module's folder is made with Mkdir, under the umask, as
	// MkdirTemp's own would not be.
	built := filepath.Join(aside, slug)
	if err := os.Mkdir(built, 0o755); err != nil {
		return fmt.Errorf("making %s: %w", built, err)
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		p := filepath.Join(built, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("making %s: %w; nothing was written", filepath.Dir(p), err)
		}
		if err := writeModuleFile(p, files[name]); err != nil {
			return fmt.Errorf("writing %s: %w; nothing was written", filepath.Join(courseDir, slug, filepath.FromSlash(name)), err)
		}
	}
	dir := filepath.Join(courseDir, slug)
	if _, err := os.Lstat(dir); err == nil {
		// Made meanwhile: a rename would replace an empty folder.
		return usagef("course dev new-module: %s exists; nothing was written", dir)
	}
	if err := os.Rename(built, dir); err != nil {
		return fmt.Errorf("moving the new module into %s: %w; nothing was written", dir, err)
	}
	return nil
}

// clearLeftAside removes each folder a stopped dev new-module left under
// course/ (devcheck.AsideSlug names it) that holds nothing but its
// unfinished work (ownLeftover), and names the ones it removed. One it
// cannot tell for its own may hold an author's work: it refuses to start,
// and leaves the folder's fate to the author.
func clearLeftAside(courseDir string) ([]string, error) {
	found, err := gotest.GlobIn(courseDir, devcheck.AsidePrefix+"*")
	if err != nil {
		return nil, fmt.Errorf("looking in %s for a folder a stopped dev new-module left: %w", courseDir, err)
	}
	var removed []string
	for _, dir := range found {
		slug, ok := devcheck.AsideSlug(filepath.Base(dir))
		if !ok {
			continue // not a name dev new-module gives
		}
		if why := ownLeftover(dir, slug); why != "" {
			return removed, usagef("course dev new-module: %s is a folder a stopped dev new-module left, but %s, so it may hold work of yours; move out what is yours, remove the folder, and run dev new-module again", dir, why)
		}
		if err := os.RemoveAll(dir); err != nil {
			return removed, fmt.Errorf("removing %s, which a stopped dev new-module left: %w; remove it yourself and run dev new-module again", dir, err)
		}
		removed = append(removed, dir)
	}
	return removed, nil
}

// asideMarker is what the marker in the folder aside holds for a module
// of the given title.
func asideMarker(title string) string {
	return devcheck.AsideMarkerText + "title: " + title + "\n"
}

// ownLeftover says why dir, a folder dev new-module writes module slug
// aside in, is not proven to hold only its unfinished work; "" when it is:
// it is empty (the run stopped before it wrote the marker), or it holds
// the marker with its text and nothing beside it but folders and regular
// files at paths writeModule gives the module, each as far as the run
// wrote it (a beginning of what it writes for the title the marker
// names), so that an edit of the author's is never removed.
func ownLeftover(dir, slug string) string {
	number, name, _ := strings.Cut(slug, "-")
	marker, err := os.ReadFile(filepath.Join(dir, devcheck.AsideMarker))
	rest, headed := strings.CutPrefix(string(marker), devcheck.AsideMarkerText+"title: ")
	title, ended := strings.CutSuffix(rest, "\n")
	marked := err == nil && headed && ended && !strings.Contains(title, "\n")
	written := map[string]string{}
	ours := map[string]bool{}
	for p, text := range moduleFiles(number, name, title) {
		written[slug+"/"+p] = text
		for p = slug + "/" + p; p != "."; p = path.Dir(p) {
			ours[p] = true
		}
	}
	entries, why := 0, ""
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		entries++
		switch {
		case rel == devcheck.AsideMarker && d.Type().IsRegular():
		case ours[rel] && d.IsDir():
		case ours[rel] && d.Type().IsRegular() && marked:
			raw, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if !strings.HasPrefix(written[rel], string(raw)) {
				why = "its " + rel + " is not as dev new-module writes it"
				return filepath.SkipAll
			}
		case ours[rel] && d.Type().IsRegular():
		default:
			why = "it holds " + rel + ", which dev new-module does not write"
			return filepath.SkipAll
		}
		return nil
	})
	switch {
	case err != nil:
		return "it cannot be read (" + err.Error() + ")"
	case why != "":
		return why
	case entries > 0 && !marked:
		return "it has no " + devcheck.AsideMarker + " of dev new-module's"
	}
	return ""
}

// newLesson is a lesson skeleton in the course's sections, for module
// number n.
func newLesson(n int, title string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# Module %d: %s\n\nOne paragraph: what the learner builds, and why it matters.\n", n, title)
	for _, s := range devcheck.Sections {
		fmt.Fprintf(&sb, "\n## %s\n\n", s)
		switch s {
		case "Predict":
			sb.WriteString("Questions to answer before building.\n\n<details>\n<summary>Discussion</summary>\n\nThe answers.\n\n</details>\n")
		case "Build":
			for i, kind := range []string{"a nudge", "the concepts", "pseudo-code"} {
				fmt.Fprintf(&sb, "<details>\n<summary>Hint %d: %s</summary>\n\n...\n\n</details>\n\n", i+1, kind)
			}
			sb.WriteString("<details>\n<summary>How the real game differs</summary>\n\n...\n\n</details>\n")
		default:
			sb.WriteString("...\n")
		}
	}
	return sb.String()
}

package devcheck

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/systemic-game-design/course/modules"
	"github.com/systemic-game-design/course/templates"
)

// StaleError says the course program runs with another modules list than
// the repository's modules/modules.go: it was built from another checkout
// or before the list changed, so every module it checks is its own list's,
// not the author's.
type StaleError struct {
	Repo string
	File string // modules/modules.go, or a file of the template
	Diff string // the first difference, in words
	What string // what the program was built from: "modules list"
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("%s: %s; this course program was built from another %s, so run the checkout's own (go run ./cmd/course dev ...), or install it again",
		filepath.Join(e.Repo, filepath.FromSlash(e.File)), e.Diff, e.What)
}

// UserError marks the error as the user's to mend.
func (e *StaleError) UserError() bool { return true }

// SameModules compares the repository's modules list, read as Go, with
// the one built into the program: nil when they are one, a *StaleError
// when not. A list it cannot read as plain literals (or
// a repository without one) is not compared: the build of the repository
// is then the judge.
func SameModules(repo string) error {
	src, err := os.ReadFile(filepath.Join(repo, "modules", "modules.go"))
	if err != nil {
		return nil
	}
	listed, ok := listedModules(src)
	if !ok {
		return nil
	}
	built := modules.All()
	for i := 0; i < max(len(listed), len(built)); i++ {
		switch {
		case i >= len(built):
			return &StaleError{Repo: repo, File: modulesFile, What: "modules list", Diff: fmt.Sprintf("it lists module %s (%s), which this course program does not have", listed[i].Number, listed[i].Slug)}
		case i >= len(listed):
			return &StaleError{Repo: repo, File: modulesFile, What: "modules list", Diff: fmt.Sprintf("it does not list module %s (%s), which this course program has", built[i].Number, built[i].Slug)}
		case !reflect.DeepEqual(listed[i], built[i]):
			return &StaleError{Repo: repo, File: modulesFile, What: "modules list", Diff: fmt.Sprintf("its module %s (%s) has another %s than this course program's", listed[i].Number, listed[i].Slug, differs(listed[i], built[i]))}
		}
	}
	return nil
}

// SameTemplate compares the repository's workspace template, templates/go,
// with the one built into the program, which the RED run makes its
// workspace from: nil when they are one, a *StaleError naming the first
// file that differs when not. A repository without the template is not
// compared.
func SameTemplate(repo string) error {
	dir := filepath.Join(repo, "templates", templates.Root)
	if _, err := os.Stat(dir); err != nil {
		return nil
	}
	stale := func(p, diff string) error {
		return &StaleError{Repo: repo, File: "templates/" + p, What: "workspace template", Diff: diff}
	}
	built := map[string]bool{}
	err := fs.WalkDir(templates.Files, templates.Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		built[p] = true
		want, err := fs.ReadFile(templates.Files, p)
		if err != nil {
			return err
		}
		got, err := os.ReadFile(filepath.Join(repo, "templates", filepath.FromSlash(p)))
		switch {
		case err != nil:
			return stale(p, "this course program's template has the file, and the checkout's does not")
		case !bytes.Equal(got, want):
			return stale(p, "the file is not this course program's")
		}
		return nil
	})
	if err != nil {
		return err
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(filepath.Join(repo, "templates"), p)
		if err != nil {
			return err
		}
		if rel = filepath.ToSlash(rel); !built[rel] {
			return stale(rel, "the checkout's template has the file, and this course program's does not")
		}
		return nil
	})
}

// differs names the first field in which two modules differ.
func differs(a, b modules.Module) string {
	switch {
	case a.Number != b.Number:
		return "number"
	case a.Slug != b.Slug:
		return "slug"
	case a.Part != b.Part:
		return "part"
	case a.Title != b.Title:
		return "title"
	case a.Note != b.Note:
		return "note"
	}
	return "list of harness functions"
}

// listedModules reads the modules of the var all = []Module{...} of a
// modules.go; ok is false unless every field is a literal.
func listedModules(src []byte) (list []modules.Module, ok bool) {
	f, err := parser.ParseFile(token.NewFileSet(), "modules.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	var lit *ast.CompositeLit
	for _, d := range f.Decls {
		g, isGen := d.(*ast.GenDecl)
		if !isGen || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if len(v.Names) == 1 && v.Names[0].Name == "all" && len(v.Values) == 1 {
				lit, _ = v.Values[0].(*ast.CompositeLit)
			}
		}
	}
	if lit == nil {
		return nil, false
	}
	for _, e := range lit.Elts {
		row, isLit := e.(*ast.CompositeLit)
		if !isLit {
			return nil, false
		}
		var m modules.Module
		for _, kv := range row.Elts {
			kv, isKV := kv.(*ast.KeyValueExpr)
			if !isKV {
				return nil, false
			}
			key, _ := kv.Key.(*ast.Ident)
			if key == nil {
				return nil, false
			}
			var field *string
			switch key.Name {
			case "Number":
				field = &m.Number
			case "Slug":
				field = &m.Slug
			case "Part":
				field = &m.Part
			case "Title":
				field = &m.Title
			case "Note":
				field = &m.Note
			case "Harness":
				funcs, isLit := kv.Value.(*ast.CompositeLit)
				if !isLit {
					return nil, false
				}
				for _, h := range funcs.Elts {
					s, isString := stringLit(h)
					if !isString {
						return nil, false
					}
					m.Harness = append(m.Harness, s)
				}
				continue
			default:
				return nil, false
			}
			s, isString := stringLit(kv.Value)
			if !isString {
				return nil, false
			}
			*field = s
		}
		list = append(list, m)
	}
	return list, true
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// modulesFile is the course's list of modules.
const modulesFile = "modules/modules.go"

// rowProblems checks the modules list itself: each number two digits and one
// more than the one before it, each slug the number and a name of
// lower-case words, each with a title. A slug under another number
// (Number "14", Slug "15-trading") gave a module whose folder, tests and
// drop disagree in their numbers; a gap, numbers learners and dev
// new-module skip.
func rowProblems(list []modules.Module) []string {
	var out []string
	for i, m := range list {
		switch {
		case !modules.IsNumber(m.Number):
			out = append(out, fmt.Sprintf("module %q: the number is not two digits; write it as 00 to 99", m.Number))
			continue
		case !modules.IsSlug(m.Slug) || !strings.HasPrefix(m.Slug, m.Number+"-"):
			out = append(out, fmt.Sprintf("module %s: the slug %q is not %s-name (lower-case words joined by -); write it with the module's own number", m.Number, m.Slug, m.Number))
		case strings.TrimSpace(m.Title) == "":
			out = append(out, fmt.Sprintf("module %s: the title is empty; give the title its lesson's first line has", m.Number))
		}
		if i == 0 {
			continue
		}
		n, _ := modules.NumberValue(m.Number) // a number: the first case went on otherwise
		if prev, ok := modules.NumberValue(list[i-1].Number); ok && n != prev+1 {
			out = append(out, fmt.Sprintf("module %s follows module %s; number the modules one after another, in course order", m.Number, list[i-1].Number))
		}
	}
	return out
}

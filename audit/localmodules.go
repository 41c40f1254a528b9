package audit

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// LocalModules is the modules the go command would take from a folder of
// this machine when it builds the module in the folder real (its links
// followed) whose go.mod holds gomod: those go.mod replaces with a folder
// and, when the go.work the go command would find (GOWORK, or the first
// go.work in that folder or above it) uses the module, the other modules
// it uses and those it replaces with a folder. nil when there are none. A
// go.mod or go.work that cannot be read or does not parse adds none: what
// builds then is check's to say.
func LocalModules(real string, gomod []byte) map[string]LocalModule {
	out := map[string]LocalModule{}
	if gomod != nil {
		if f, err := modfile.Parse("go.mod", gomod, nil); err == nil {
			for _, r := range f.Replace {
				if modfile.IsDirectoryPath(r.New.Path) {
					out[r.Old.Path] = LocalModule{Dir: r.New.Path, From: "go.mod's replace directive", Drop: "go mod edit -dropreplace " + r.Old.Path}
				}
			}
		}
	}
	if work := goWork(real); work != "" {
		addWorkModules(out, work, real)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// DotlessModules is the modules whose path's first element has no dot
// that the go.mod holding gomod requires or replaces (the module replaced,
// whatever replaces it), in the order it names them; nil when there are
// none, and for a go.mod that does not parse (what builds then is check's
// to say). The go command allows such a path for a module it takes from
// a vendor folder or through a replace directive, and an import of its
// packages looks like one of the standard library's (see Standard).
func DotlessModules(gomod []byte) []string {
	return requiredOrReplaced(gomod, func(_, p string) bool {
		first, _, _ := strings.Cut(p, "/")
		return p != "" && !strings.Contains(first, ".")
	})
}

// InnerModules is the modules whose path lies inside the module path of
// the go.mod holding gomod (example.com/ws/engine in example.com/ws) that
// it requires or replaces, in the order it names them; nil when there are
// none, and for a go.mod that does not parse. The go command takes a
// package from the module with the longest path that holds it, so such a
// module, from the module proxy or a folder, can stand in for a folder of
// the workspace that has no Go files: an import that names the folder
// builds that module's code, which the audit never reads.
func InnerModules(gomod []byte) []string {
	return requiredOrReplaced(gomod, func(own, p string) bool {
		return own != "" && strings.HasPrefix(p, own+"/")
	})
}

// requiredOrReplaced is the modules the go.mod holding gomod requires or
// replaces (the module replaced, whatever replaces it) that keep takes,
// given the go.mod's own module path ("" if it names none), in the order
// it names them, each once; nil when there are none, and for a go.mod
// that does not parse.
func requiredOrReplaced(gomod []byte, keep func(own, p string) bool) []string {
	f, err := modfile.Parse("go.mod", gomod, nil)
	if err != nil {
		return nil
	}
	own := ""
	if f.Module != nil {
		own = f.Module.Mod.Path
	}
	var out []string
	add := func(p string) {
		if keep(own, p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for _, r := range f.Require {
		add(r.Mod.Path)
	}
	for _, r := range f.Replace {
		add(r.Old.Path)
	}
	return out
}

// goWork is the go.work file the go command would use in the folder real,
// "" for none.
func goWork(real string) string {
	switch env := os.Getenv("GOWORK"); env {
	case "off":
		return ""
	case "":
	default:
		return env
	}
	for dir := real; ; {
		p := filepath.Join(dir, "go.work")
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// addWorkModules adds to out what the go.work file work takes from folders,
// when it uses the module at real (its folders' modules, and its
// replacements by a folder).
func addWorkModules(out map[string]LocalModule, work, real string) {
	raw, _, err := regularfile.Read(work)
	if err != nil {
		return
	}
	f, err := modfile.ParseWork(work, raw, nil)
	if err != nil {
		return
	}
	base := filepath.Dir(work)
	at := func(dir string) string {
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(base, filepath.FromSlash(dir))
		}
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return r
		}
		return dir
	}
	usesWorkspace := false
	for _, u := range f.Use {
		usesWorkspace = usesWorkspace || at(u.Path) == real
	}
	if !usesWorkspace {
		return // the go command refuses to build there
	}
	for _, u := range f.Use {
		dir := at(u.Path)
		if dir == real {
			continue
		}
		gomod, _, err := regularfile.Read(filepath.Join(dir, "go.mod"))
		if mod := modfile.ModulePath(gomod); err == nil && mod != "" {
			out[mod] = LocalModule{Dir: u.Path, From: "the use directive of " + work, Drop: "go work edit -dropuse " + u.Path}
		}
	}
	for _, r := range f.Replace {
		if modfile.IsDirectoryPath(r.New.Path) {
			out[r.Old.Path] = LocalModule{Dir: r.New.Path, From: "the replace directive of " + work, Drop: "go work edit -dropreplace " + r.Old.Path}
		}
	}
}

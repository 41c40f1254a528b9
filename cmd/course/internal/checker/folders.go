package checker

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/templates"
)

// engineFoldersWarning says when .course.json's engineDirs leaves out an
// engine folder the template gave every workspace. The coupling audit reads
// the folders .course.json lists and no others, so engine/ listed as a
// content folder, or an engineDirs of one empty folder, passes the audit
// unread. An engine moved to a folder of another name is the learner's
// choice, so this does not fail check; it is said, to the learner and in
// the row an instructor's check --all prints, so that a passing audit is
// read as what it is: a verdict on the folders listed.
func engineFoldersWarning(ws *workspace.Workspace) *Warning {
	want := templateEngineDirs()
	var left []string
	for _, d := range want {
		if !audit.Under(path.Clean(d), ws.Config.EngineDirs...) {
			left = append(left, path.Clean(d))
		}
	}
	if len(left) == 0 {
		return nil
	}
	listed := quoteList(ws.Config.EngineDirs)
	for _, d := range left {
		if !holdsFiles(filepath.Join(ws.Dir, filepath.FromSlash(d))) {
			continue
		}
		return &Warning{File: workspace.ConfigFile, folders: true,
			Message: fmt.Sprintf("lists engineDirs %s, which leaves out %s/, the template's engine folder: the coupling audit does not read %s/, so its ok says nothing of the code there", listed, d, d),
			Mend:    fmt.Sprintf("add %q to engineDirs, as the template has it, or move what %s/ holds into a folder engineDirs lists", d, d)}
	}
	return &Warning{File: workspace.ConfigFile, folders: true,
		Message: fmt.Sprintf("lists engineDirs %s, where the template has %s: the coupling audit reads %s alone", listed, quoteList(want), listed),
		Mend:    fmt.Sprintf("nothing, if %s holds all of your engine: this line tells whoever checks your work where the audit looked", listed)}
}

// templateEngineDirs is engineDirs as the template's .course.json gives it.
func templateEngineDirs() []string {
	raw, err := fs.ReadFile(templates.Files, path.Join(templates.Root, workspace.ConfigFile))
	if err != nil {
		panic(fmt.Sprintf("the template has no %s: %v", workspace.ConfigFile, err))
	}
	var c workspace.Config
	if err := json.Unmarshal(raw, &c); err != nil || len(c.EngineDirs) == 0 {
		panic(fmt.Sprintf("the template's %s gives no engineDirs: %v", workspace.ConfigFile, err))
	}
	return c.EngineDirs
}

// holdsFiles reports whether dir is a folder with anything in it but
// hidden files (a .gitkeep): a folder left empty after its code moved is
// no engine left unread.
func holdsFiles(dir string) bool {
	st, err := os.Lstat(dir)
	if err != nil || !st.IsDir() {
		return false
	}
	found := false
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || found {
			return fs.SkipAll
		}
		if strings.HasPrefix(d.Name(), ".") && p != dir {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.IsDir() {
			found = true
			return fs.SkipAll
		}
		return nil
	})
	return found
}

// quoteList is folders as JSON writes a list of them: ["engine", "core"].
func quoteList(folders []string) string {
	q := make([]string, len(folders))
	for i, f := range folders {
		q[i] = fmt.Sprintf("%q", f)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

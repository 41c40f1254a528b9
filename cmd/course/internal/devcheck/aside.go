package devcheck

import (
	"io/fs"
	"strings"

	"github.com/systemic-game-design/course/modules"
)

// AsidePrefix starts the name of the folder dev new-module writes a new
// module in, beside the modules under course/, before it moves the module
// into place whole: course/.new-14-trading-123456/14-trading/.
const AsidePrefix = ".new-"

// AsideMarker is the file dev new-module writes first in its folder aside,
// with AsideMarkerText: a folder that holds it, and only what dev
// new-module writes beside it, is dev new-module's unfinished work, not an
// author's.
const AsideMarker = ".course-dev-new-module"

// AsideMarkerText is what AsideMarker holds first; the module's title
// follows, on a line "title: ...", so that a later run can tell each file
// beside it for what it wrote.
const AsideMarkerText = "course dev new-module writes a new module in this folder and moves it into place whole; a folder left with this file is a run that was stopped, which course dev new-module removes.\n"

// AsideSlug is the module a folder dev new-module writes aside is for:
// "14-trading" for .new-14-trading-123456. ok is false for a name of
// another form.
func AsideSlug(name string) (slug string, ok bool) {
	rest, ok := strings.CutPrefix(name, AsidePrefix)
	if !ok {
		return "", false
	}
	// os.MkdirTemp ends the name in a random number.
	i := strings.LastIndexByte(rest, '-')
	if i < 0 || strings.Trim(rest[i+1:], "0123456789") != "" || i+1 == len(rest) {
		return "", false
	}
	slug = rest[:i]
	return slug, modules.IsSlug(slug)
}

// leftAside reports each folder dev new-module wrote a module in and was
// stopped before it moved the module into place: the module is not where
// the course looks for it, and the folder would go into a commit with
// the rest.
func (c *checker) leftAside() {
	found, _ := fs.Glob(c.course, AsidePrefix+"*")
	for _, p := range found {
		slug, ok := AsideSlug(p)
		if !ok {
			continue // not a name dev new-module gives
		}
		number, name, _ := strings.Cut(slug, "-")
		c.problem(courseFile(p), 0, "is a folder course dev new-module was writing module %s in when it was stopped, so the module never reached course/%s; remove the folder (after moving out anything of yours), or run `course dev new-module %s %s` again, which removes it when it holds only its own unfinished work",
			number, slug, number, name)
	}
}

package cli

import (
	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/audit/session"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

// checkEngineListed refuses a learner's workspace whose harness builds on
// a package outside the folders .course.json lists (audit.Folders,
// session.CheckListed: the audit and expansion-check would not read it).
// The course repository lays itself out differently and is not asked.
func checkEngineListed(ws *workspace.Workspace, s *session.Session) error {
	if ws.Kind == workspace.Repository {
		return nil
	}
	if ws.ModulePath == "" {
		// No go.mod: nothing builds, so nothing is imported (check says
		// what is missing).
		return nil
	}
	return s.CheckListed(session.Listed{
		ModulePath: ws.ModulePath,
		Folders:    audit.Folders{EngineDirs: ws.Config.EngineDirs, ContentDirs: ws.Config.ContentDirs},
		Path: func(rel string) error {
			_, err := ws.Path(rel)
			return err
		},
		ReadLink:     ws.ReadFile,
		LocalModules: ws.LocalModules(),
		Dotless:      ws.DotlessModules(),
		Inner:        ws.InnerModules(),
	})
}

package cli

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// VersionOptions are the arguments of course version.
type VersionOptions struct {
	JSON bool
}

func newVersionCmd(env *Env, runF func(*VersionOptions) error) *cobra.Command {
	opts := &VersionOptions{}
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the tool's version and the course content's version",
		Long: `version prints the course tool's version, taken from the build: the module
version of a released build, or the commit it was built from (with "dirty"
when the checkout had uncommitted changes) for a local one. It also prints
the version of the course content the tool carries: a digest of the lessons,
tests, catalog and cards, so two tools with the same digest hand out the same
course. With COURSE_CONTENT set, that is the digest of the checkout it names.`,
		Example: `  course version
  course --version
  course version --json`,
		Args: args(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return RunVersion(cmd.Context(), env, opts)
		},
	}
	jsonFlag(cmd, &opts.JSON, "version")
	return cmd
}

// VersionReport is what course version --json prints.
type VersionReport struct {
	SchemaVersion int    `json:"schemaVersion"`
	Tool          string `json:"tool"`
	Revision      string `json:"revision,omitempty"`
	Dirty         bool   `json:"dirty,omitempty"`
	GoVersion     string `json:"goVersion"`
	Content       string `json:"content"`
}

// readBuildInfo is debug.ReadBuildInfo; tests replace it.
var readBuildInfo = debug.ReadBuildInfo

// RunVersion prints the versions.
func RunVersion(_ context.Context, env *Env, opts *VersionOptions) error {
	rep, err := versionOf(env)
	if err != nil {
		return err
	}
	if opts.JSON {
		return writeJSON(env.Stdout, rep)
	}
	_, err = io.WriteString(env.Stdout, versionLine(rep))
	return err
}

func versionOf(env *Env) (*VersionReport, error) {
	rep := &VersionReport{SchemaVersion: 1, Tool: "(unknown)"}
	if info, ok := readBuildInfo(); ok {
		rep.GoVersion = info.GoVersion
		rep.Tool = info.Main.Version
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rep.Revision = s.Value
			case "vcs.modified":
				rep.Dirty = s.Value == "true"
			}
		}
		if rep.Tool == "" {
			rep.Tool = "(devel)"
		}
	}
	digest, err := env.contentDigest()
	if err != nil {
		return nil, err
	}
	rep.Content = digest
	return rep, nil
}

// versionLine is the one line course version and course --version print.
func versionLine(rep *VersionReport) string {
	tool := rep.Tool
	if rep.Revision != "" {
		rev := rep.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		tool += " (" + rev
		if rep.Dirty {
			tool += ", dirty"
		}
		tool += ")"
	}
	return fmt.Sprintf("course %s, course content %s, %s\n", tool, rep.Content, rep.GoVersion)
}

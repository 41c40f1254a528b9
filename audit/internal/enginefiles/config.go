package enginefiles

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/go-git/gcfg"
	"github.com/go-git/go-git/v5/plumbing/format/config"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// Config is the value of a git config option (section.key, as "core.autocrlf")
// as git would read it for this repository: GIT_CONFIG_COUNT's settings,
// the repository's own config, then the user's (GIT_CONFIG_GLOBAL, or else
// ~/.gitconfig, then $XDG_CONFIG_HOME/git/config), then the system's (see
// gitSystem). "" when unset.
func (t *Tree) Config(section, key string) string {
	v, _ := t.configValue(section, key)
	return v
}

// configValue is one option as git's config files give it, the one that
// wins first, and whether any sets it.
func (t *Tree) configValue(section, key string) (string, bool) {
	for _, c := range t.configs {
		if c.cfg == nil || !c.cfg.HasSection(section) {
			continue
		}
		if opts := c.cfg.Section(section).Options; opts.Has(key) {
			return opts.Get(key), true
		}
	}
	return "", false
}

// gitConfig is one of git's config files, as Open read it once for every
// option asked of it.
type gitConfig struct {
	path string
	raw  []byte         // nil when it cannot be read
	cfg  *config.Config // nil when it cannot be read or parsed
}

// readConfigs reads and parses git's config files, the one that wins
// first, with the environment's settings, which win over them all, ahead
// of the files.
func readConfigs(sys gitSystem, files []string) []gitConfig {
	out := make([]gitConfig, 1, 1+len(files))
	out[0] = sys.envConfig()
	for _, file := range files {
		out = appendConfig(out, file, 0)
	}
	return out
}

// maxIncludeDepth is how deep git follows include.path before it gives
// up (its MAX_INCLUDE_DEPTH); a loop of includes ends there.
const maxIncludeDepth = 10

// appendConfig appends the config file to out, after the files its
// include.path options name, read the same way. Git reads an included
// file where the include stands, so that what follows it in the file
// wins over it; a parsed file keeps no such order, and an included file
// is taken to win over the one that includes it, as when it is included
// at the end (the usual place for a file of local settings). The
// conditional includes (includeIf) are not read.
func appendConfig(out []gitConfig, file string, depth int) []gitConfig {
	c := gitConfig{path: file}
	raw, err := regularfile.ReadFile(file)
	if err == nil {
		c.raw = raw
		if cfg, err := decodeConfig(raw); err == nil {
			c.cfg = cfg
		}
	}
	if c.cfg != nil && depth < maxIncludeDepth && c.cfg.HasSection("include") {
		includes := c.cfg.Section("include").Options.GetAll("path")
		for i := len(includes) - 1; i >= 0; i-- { // the last one wins first
			inc := expandHome(includes[i])
			if inc == "" {
				continue
			}
			if !filepath.IsAbs(inc) {
				inc = filepath.Join(filepath.Dir(file), inc)
			}
			out = appendConfig(out, inc, depth+1)
		}
	}
	return append(out, c)
}

// decodeConfig parses a git config file. A key written with no "=" is a
// boolean true to git ("[core] autocrlf" turns the conversion on), where
// go-git's own decoder gives it the value "", which reads as false.
func decodeConfig(raw []byte) (*config.Config, error) {
	cfg := config.New()
	err := gcfg.ReadWithCallback(bytes.NewReader(raw), func(section, subsection, key, value string, noValue bool) error {
		switch {
		case key == "" && subsection == "":
			cfg.Section(section)
		case key == "":
			cfg.Section(section).Subsection(subsection)
		default:
			if noValue {
				value = "true"
			}
			cfg.AddOption(section, subsection, key, value)
		}
		return nil
	})
	return cfg, err
}

// configFiles is git's config files, the one that wins first: the
// repository's, the user's, the system's and, on Windows, the one Git for
// Windows reads before the system's.
func (t *Tree) configFiles() []string {
	sys := t.sys
	var files []string
	if t.CommonDir != "" {
		files = append(files, filepath.Join(t.CommonDir, "config"))
	}
	files = append(files, sys.globalConfigFiles()...)
	for _, f := range []string{sys.configFile(), sys.programData} {
		if f != "" {
			files = append(files, f)
		}
	}
	return files
}

func xdgConfigHome() string {
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".config")
}

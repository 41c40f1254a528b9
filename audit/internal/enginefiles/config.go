package enginefiles

import (
	"bytes"
	"os"
	"path/filepath"

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
		c := gitConfig{path: file}
		if raw, err := regularfile.ReadFile(file); err == nil {
			c.raw = raw
			cfg := config.New()
			if config.NewDecoder(bytes.NewReader(raw)).Decode(cfg) == nil {
				c.cfg = cfg
			}
		}
		out = append(out, c)
	}
	return out
}

// configFiles is git's config files, the one that wins first: the
// repository's, the user's, the system's and, on Windows, the one Git for
// Windows reads before the system's.
func (t *Tree) configFiles(sys gitSystem) []string {
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

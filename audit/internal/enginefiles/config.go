package enginefiles

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing/format/config"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// Config is the value of a git config option (section.key, as "core.autocrlf")
// as git would read it for this repository: the repository's own config,
// then the user's (~/.gitconfig, then $XDG_CONFIG_HOME/git/config), then the
// system's. "" when unset.
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

// readConfigs reads and parses git's config files.
func readConfigs(files []string) []gitConfig {
	out := make([]gitConfig, len(files))
	for i, file := range files {
		out[i].path = file
		raw, err := regularfile.ReadFile(file)
		if err != nil {
			continue
		}
		out[i].raw = raw
		cfg := config.New()
		if config.NewDecoder(bytes.NewReader(raw)).Decode(cfg) == nil {
			out[i].cfg = cfg
		}
	}
	return out
}

// configFiles is git's config files, the one that wins first.
func (t *Tree) configFiles() []string {
	var files []string
	if t.CommonDir != "" {
		files = append(files, filepath.Join(t.CommonDir, "config"))
	}
	if home, err := os.UserHomeDir(); err == nil {
		files = append(files, filepath.Join(home, ".gitconfig"))
	}
	files = append(files, filepath.Join(xdgConfigHome(), "git", "config"), "/etc/gitconfig")
	return files
}

func xdgConfigHome() string {
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".config")
}

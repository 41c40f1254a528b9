package enginefiles

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/config"
)

// gitSystem is where the git program a user runs keeps its system-wide
// files (gitconfig, gitattributes), and the settings in the environment
// that change which config files git reads. A line-end setting in any of
// them changes what a checkout writes, so a file's bytes can be git's
// checkout of a commit only as the config files git itself reads say.
type gitSystem struct {
	// dir is the system folder: /etc for a git installed under /usr (the
	// Linux distributions'), <prefix>/etc for one installed elsewhere
	// whose folder holds a gitconfig (Homebrew's), and the etc folder of
	// the Git for Windows installation on Windows.
	dir string
	// programData is Git for Windows' configuration for every
	// installation (%PROGRAMDATA%\Git\config), read before the system's;
	// "" elsewhere.
	programData string
	getenv      func(string) string
}

// findGitSystem works out the system folder of the git program on PATH,
// as the user's own git commands would find it.
func findGitSystem() gitSystem {
	return locateGitSystem(runtime.GOOS, exec.LookPath, fileExists, os.Getenv)
}

func fileExists(name string) bool {
	st, err := os.Stat(name)
	return err == nil && st.Mode().IsRegular()
}

// locateGitSystem is findGitSystem with the system, the PATH lookup, the
// file test and the environment given, so that every layout can be
// tested on any system.
func locateGitSystem(goos string, lookPath func(string) (string, error), exists func(string) bool, getenv func(string) string) gitSystem {
	sys := gitSystem{dir: "/etc", getenv: getenv}
	git, err := lookPath("git")
	if goos == "windows" {
		// Git for Windows finds its files from where git.exe is (its
		// runtime prefix): <root>\etc, whether PATH names <root>\cmd
		// (the installer's default), <root>\bin or <root>\mingw64\bin.
		sys.dir = ""
		if pd := getenv("PROGRAMDATA"); pd != "" {
			sys.programData = filepath.Join(pd, "Git", "config")
		}
		if err != nil {
			return sys
		}
		dir := filepath.Dir(git)
		for range 3 {
			if etc := filepath.Join(dir, "etc"); holdsSystemFiles(etc, exists) {
				sys.dir = etc
				return sys
			}
			dir = filepath.Dir(dir)
		}
		return sys
	}
	if err != nil {
		return sys
	}
	// A git built with a prefix other than /usr keeps its system files in
	// <prefix>/etc (git's own default), a distribution's in /etc. The
	// folder on PATH is the prefix's bin, not where a link there leads
	// (Homebrew links its bin to the version's cellar).
	bin := filepath.Dir(git)
	if filepath.Base(bin) != "bin" {
		return sys
	}
	prefix := filepath.Dir(bin)
	if prefix == "/usr" || prefix == "/" {
		return sys
	}
	if etc := filepath.Join(prefix, "etc"); holdsSystemFiles(etc, exists) {
		sys.dir = etc
	}
	return sys
}

// holdsSystemFiles reports whether the folder etc holds a gitconfig or a
// gitattributes.
func holdsSystemFiles(etc string, exists func(string) bool) bool {
	return exists(filepath.Join(etc, "gitconfig")) || exists(filepath.Join(etc, "gitattributes"))
}

// configFile is the system-wide config file git reads: GIT_CONFIG_SYSTEM
// when it is set, none under GIT_CONFIG_NOSYSTEM, or else the system
// folder's gitconfig.
func (s gitSystem) configFile() string {
	if gitBool(s.getenv("GIT_CONFIG_NOSYSTEM")) {
		return ""
	}
	if f := s.getenv("GIT_CONFIG_SYSTEM"); f != "" {
		return f
	}
	if s.dir == "" {
		return ""
	}
	return filepath.Join(s.dir, "gitconfig")
}

// attributesFile is the system-wide attributes file: none under
// GIT_ATTR_NOSYSTEM, or else the system folder's gitattributes.
func (s gitSystem) attributesFile() string {
	if s.dir == "" || gitBool(s.getenv("GIT_ATTR_NOSYSTEM")) {
		return ""
	}
	return filepath.Join(s.dir, "gitattributes")
}

// globalConfigFiles is the user's config files, the one that wins first:
// GIT_CONFIG_GLOBAL alone when it is set (git reads neither of the
// others then), or else ~/.gitconfig and then the XDG one.
func (s gitSystem) globalConfigFiles() []string {
	if f := s.getenv("GIT_CONFIG_GLOBAL"); f != "" {
		return []string{expandHome(f)}
	}
	var files []string
	if home, err := os.UserHomeDir(); err == nil {
		files = append(files, filepath.Join(home, ".gitconfig"))
	}
	return append(files, filepath.Join(xdgConfigHome(), "git", "config"))
}

// envConfig is the config that GIT_CONFIG_COUNT, GIT_CONFIG_KEY_<n> and
// GIT_CONFIG_VALUE_<n> give, which wins over every file; nil for none.
// Its raw text is the keys and values, a line each, for the caches' keys.
func (s gitSystem) envConfig() gitConfig {
	c := gitConfig{path: "GIT_CONFIG_COUNT"}
	n, err := strconv.Atoi(s.getenv("GIT_CONFIG_COUNT"))
	if err != nil || n <= 0 {
		return c
	}
	c.cfg = config.New()
	for i := range n {
		key := s.getenv("GIT_CONFIG_KEY_" + strconv.Itoa(i))
		value := s.getenv("GIT_CONFIG_VALUE_" + strconv.Itoa(i))
		c.raw = append(c.raw, key+"="+value+"\n"...)
		section, name, ok := strings.Cut(key, ".")
		if !ok || name == "" || strings.Contains(name, ".") {
			continue // a subsection's option, which nothing here reads
		}
		c.cfg.Section(section).AddOption(name, value)
	}
	return c
}

package enginefiles

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGitSystemFolderIsTheInstalledGits(t *testing.T) {
	noEnv := func(string) string { return "" }
	cases := []struct {
		name    string
		goos    string
		git     string   // where PATH finds git, with slashes; "" for nowhere
		present []string // the files that exist
		want    string   // the system folder
	}{
		{"a distribution's git", "linux", "/usr/bin/git", []string{"/usr/etc/gitconfig"}, "/etc"},
		{"git at the root", "linux", "/bin/git", nil, "/etc"},
		{"no git on PATH", "linux", "", nil, "/etc"},
		{"Homebrew's", "darwin", "/opt/homebrew/bin/git", []string{"/opt/homebrew/etc/gitconfig"}, "/opt/homebrew/etc"},
		{"a prefix with only attributes", "linux", "/opt/git/bin/git", []string{"/opt/git/etc/gitattributes"}, "/opt/git/etc"},
		{"a prefix with no system files", "linux", "/nix/profile/bin/git", nil, "/etc"},
		{"a git outside a bin folder", "linux", "/opt/tools/git", []string{"/opt/etc/gitconfig"}, "/etc"},
		{"Git for Windows, cmd on PATH", "windows", "C:/Program Files/Git/cmd/git.exe", []string{"C:/Program Files/Git/etc/gitconfig"}, "C:/Program Files/Git/etc"},
		{"Git for Windows, mingw64 on PATH", "windows", "C:/Program Files/Git/mingw64/bin/git.exe", []string{"C:/Program Files/Git/etc/gitconfig"}, "C:/Program Files/Git/etc"},
		{"Git for Windows, bin on PATH", "windows", "D:/Git/bin/git.exe", []string{"D:/Git/etc/gitattributes"}, "D:/Git/etc"},
		{"Windows, no system files", "windows", "C:/tools/git.exe", nil, ""},
		{"Windows, no git", "windows", "", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lookPath := func(string) (string, error) {
				if c.git == "" {
					return "", exec.ErrNotFound
				}
				return filepath.FromSlash(c.git), nil
			}
			exists := func(name string) bool {
				for _, p := range c.present {
					if name == filepath.FromSlash(p) {
						return true
					}
				}
				return false
			}
			sys := locateGitSystem(c.goos, lookPath, exists, noEnv)
			assert.Equal(t, filepath.FromSlash(c.want), sys.dir)
		})
	}
}

func TestGitForWindowsReadsProgramData(t *testing.T) {
	env := map[string]string{"PROGRAMDATA": filepath.Join("C:", "ProgramData")}
	sys := locateGitSystem("windows", func(string) (string, error) { return "", errors.New("none") }, func(string) bool { return false }, func(k string) string { return env[k] })
	assert.Equal(t, filepath.Join("C:", "ProgramData", "Git", "config"), sys.programData)
	assert.Equal(t, "", sys.configFile(), "no installation found, no system config")

	linux := locateGitSystem("linux", func(string) (string, error) { return "/usr/bin/git", nil }, func(string) bool { return false }, func(k string) string { return env[k] })
	assert.Equal(t, "", linux.programData, "only Git for Windows reads it")
}

func TestGitEnvironmentChoosesTheConfigFiles(t *testing.T) {
	env := map[string]string{}
	sys := gitSystem{dir: "/etc", getenv: func(k string) string { return env[k] }}
	assert.Equal(t, "/etc/gitconfig", sys.configFile())
	assert.Equal(t, "/etc/gitattributes", sys.attributesFile())

	env["GIT_CONFIG_SYSTEM"] = "/srv/system.gitconfig"
	assert.Equal(t, "/srv/system.gitconfig", sys.configFile())
	assert.Equal(t, "/etc/gitattributes", sys.attributesFile(), "GIT_CONFIG_SYSTEM names the config only")

	for _, off := range []string{"1", "true", "YES", "on"} {
		env["GIT_CONFIG_NOSYSTEM"] = off
		assert.Equal(t, "", sys.configFile(), "GIT_CONFIG_NOSYSTEM=%s", off)
	}
	env["GIT_CONFIG_NOSYSTEM"] = "0"
	assert.Equal(t, "/srv/system.gitconfig", sys.configFile())

	env["GIT_ATTR_NOSYSTEM"] = "1"
	assert.Equal(t, "", sys.attributesFile())

	t.Setenv("HOME", "/home/l")
	t.Setenv("USERPROFILE", "/home/l")
	t.Setenv("XDG_CONFIG_HOME", "/home/l/.config")
	assert.Equal(t, []string{filepath.Join("/home/l", ".gitconfig"), filepath.Join("/home/l/.config", "git", "config")}, sys.globalConfigFiles())
	env["GIT_CONFIG_GLOBAL"] = "~/work.gitconfig"
	assert.Equal(t, []string{filepath.Join("/home/l", "work.gitconfig")}, sys.globalConfigFiles(), "GIT_CONFIG_GLOBAL stands for both")
}

func TestGitConfigCountWinsOverEveryFile(t *testing.T) {
	env := map[string]string{
		"GIT_CONFIG_COUNT": "3",
		"GIT_CONFIG_KEY_0": "core.autocrlf", "GIT_CONFIG_VALUE_0": "input",
		"GIT_CONFIG_KEY_1": "url.https://x.example.insteadOf", "GIT_CONFIG_VALUE_1": "y",
		"GIT_CONFIG_KEY_2": "Core.EOL", "GIT_CONFIG_VALUE_2": "crlf",
	}
	sys := gitSystem{getenv: func(k string) string { return env[k] }}
	repo := filepath.Join(t.TempDir(), "config")
	require.NoError(t, os.WriteFile(repo, []byte("[core]\n\tautocrlf = true\n\tignorecase = true\n"), 0o644))
	tree := &Tree{configs: readConfigs(sys, []string{repo})}
	assert.Equal(t, "input", tree.Config("core", "autocrlf"), "the environment's setting wins")
	assert.Equal(t, "crlf", tree.Config("core", "eol"), "names in any case")
	assert.Equal(t, "true", tree.Config("core", "ignorecase"), "the file's, where the environment sets none")

	env["GIT_CONFIG_COUNT"] = "nope"
	tree = &Tree{configs: readConfigs(sys, []string{repo})}
	assert.Equal(t, "true", tree.Config("core", "autocrlf"))
}

func TestIncludedConfigFilesAreRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	global := write("home.gitconfig", "[include]\n\tpath = more/local.gitconfig\n[core]\n\tautocrlf = true\n\teol = lf\n")
	write("more/local.gitconfig", "[core]\n\tautocrlf = input\n[include]\n\tpath = deeper.gitconfig\n")
	write("more/deeper.gitconfig", "[core]\n\tignorecase = true\n")
	loop := write("loop.gitconfig", "[include]\n\tpath = loop.gitconfig\n[core]\n\tsymlinks = false\n")
	repo := write("repo/config", "[core]\n\teol = crlf\n")

	sys := gitSystem{getenv: func(string) string { return "" }}
	tree := &Tree{configs: readConfigs(sys, []string{repo, global, loop})}
	assert.Equal(t, "input", tree.Config("core", "autocrlf"), "an included file's setting wins over the including file's")
	assert.Equal(t, "true", tree.Config("core", "ignorecase"), "an include in an included file, relative to it")
	assert.Equal(t, "crlf", tree.Config("core", "eol"), "the repository's config still wins over the user's")
	assert.Equal(t, "false", tree.Config("core", "symlinks"), "a file that includes itself is read, and the reading ends")
}

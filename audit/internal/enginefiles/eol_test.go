package enginefiles

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/internal/testws"
)

// Conversion is held to the git program's own conversions, both ways, for
// every pairing of attributes and settings below and every content: what
// a checkout writes (git cat-file --filters) and what a commit stores
// (git hash-object --path).
func TestConversionIsGits(t *testing.T) {
	contents := []string{
		"", "\n", "\r\n", "no line end", "a\nb\n", "a\r\nb\r\n", "a\r\nb\n", "a\rb\n", "a\r\r\nb\n",
		"nul\x00\n", "ctl\x01\x02\x03\x04\x05\x06\x07\x0b\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\n",
		"end\x1a",
		// The ident attribute's keywords, and the edge cases where git's
		// two ways of expanding them part.
		"$Id$\n", "x $Id$ y\r\n$Id$\n", "$Id: 1234 $\n", "$Id: a b c $\n", "$Id: ab $\r\n",
		"$Id: a\nb $\n", "$Id:x$\n", "$Id:\tx $\n", "$Id: a\tb $\n", "$Id: a\x00 b $\n", "$Id: a\r$ b\n",
		"$Id: open", "$Id$$Id: x $\n", "$Id", "$I", "$$Id$", "$I$Id$", "$Idx$Id: abc $\n", "$Id\x00$Id$",
		"\r\n$Id: 0000000000000000000000000000000000000000 $\r\n",
	}
	attributes := []string{
		"", "* text", "* text=auto", "* -text", "* eol=crlf", "* eol=lf", "* text=auto eol=crlf",
		"* text=auto eol=lf", "* crlf=input", "* -crlf", "* binary", "[attr]mine text eol=crlf\n* mine",
		"* ident", "* ident text eol=crlf", "* ident text=auto", "* binary ident", "[attr]mine text eol=crlf ident\n* mine",
	}
	// "bare" is the key written with no "=", which git takes for true.
	settings := [][2]string{{}, {"true", ""}, {"bare", ""}, {"input", ""}, {"", "crlf"}, {"false", "lf"}, {"input", "crlf"}}
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	files := t.TempDir()
	var names []string
	for i, c := range contents {
		names = append(names, filepath.Join(files, strconv.Itoa(i)))
		require.NoError(t, os.WriteFile(names[i], []byte(c), 0o644))
	}
	for _, attrs := range attributes {
		dir := t.TempDir()
		testws.Git(t, dir, "init", "-q")
		config, err := os.ReadFile(filepath.Join(dir, ".git", "config"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte(attrs+"\n"), 0o644))
		blobs := strings.Fields(gitOut(t, dir, append([]string{"hash-object", "-w", "--no-filters", "--"}, names...)...))
		require.Len(t, blobs, len(contents))
		// Every blob in the index at once, each as engine/<i>.txt.
		args := []string{"update-index", "--add"}
		for i, b := range blobs {
			args = append(args, "--cacheinfo", "100644,"+b+",engine/"+strconv.Itoa(i)+".txt")
		}
		gitOut(t, dir, args...)
		for _, set := range settings {
			t.Run(fmt.Sprintf("%q autocrlf=%s eol=%s", attrs, set[0], set[1]), func(t *testing.T) {
				more := "[core]\n\tsafecrlf = false\n"
				switch set[0] {
				case "":
				case "bare":
					more += "\tautocrlf\n"
				default:
					more += "\tautocrlf = " + set[0] + "\n"
				}
				if set[1] != "" {
					more += "\teol = " + set[1] + "\n"
				}
				require.NoError(t, os.WriteFile(filepath.Join(dir, ".git", "config"), append(config[:len(config):len(config)], more...), 0o644))
				tree, err := Open(dir, true)
				require.NoError(t, err)
				conv := tree.ConversionOf("engine/x.txt")
				cleaned := strings.Fields(gitOut(t, dir, append([]string{"hash-object", "--path=engine/x.txt", "--"}, names...)...))
				gitOut(t, dir, "checkout-index", "-a", "-f")
				for i, c := range contents {
					assert.Equal(t, cleaned[i], BlobHash(conv.Clean([]byte(c))).String(), "Clean(%q)", c)
					written, err := os.ReadFile(filepath.Join(dir, "engine", strconv.Itoa(i)+".txt"))
					require.NoError(t, err)
					assert.Equal(t, string(written), string(conv.Checkout([]byte(c), plumbing.NewHash(blobs[i]))), "Checkout(%q)", c)
				}
			})
		}
	}
}

// gitOut runs git in dir with no user or system config and gives what
// it printed, untrimmed.
func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.Output()
	require.NoError(t, err, "git %s", strings.Join(args, " "))
	return string(out)
}

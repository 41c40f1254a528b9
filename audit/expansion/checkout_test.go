package expansion

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
)

// checkContent is CheckContent of the engine folder, as check gives Check.
func (f *fixture) checkContent(rev string) []string {
	f.t.Helper()
	res, err := CheckContent(f.dir, rev, []string{"engine"})
	require.NoError(f.t, err)
	return changeStrings(res)
}

// The compiler reads a CRLF in Go source as it reads an LF (white space;
// dropped from a raw string; cut off a line comment, directives
// included), so CheckContent takes a Go file's CRLF where git's commit
// direction reads it as LF, as Check does; not in a Go file a //go:embed
// names, whose bytes the program gets, nor where git would keep the CRs.
func TestAGoFilesCRLFCountsWhereGitReadsItAsLF(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/plain.go", "package engine\n\nconst raw = `a\nb`\n")
	f.write("engine/shown.go", "package engine\n\nvar x = 1\n")
	f.write("engine/embed.go", "package engine\n\nimport _ \"embed\"\n\n//go:embed shown.go\nvar shown string\n")
	f.commit("sources")
	f.write("engine/plain.go", "package engine\r\n\r\nconst raw = `a\r\nb`\r\n")
	f.write("engine/shown.go", "package engine\r\n\r\nvar x = 1\r\n")
	both := []string{"changed: engine/plain.go", "changed: engine/shown.go"}
	assert.Equal(t, both, f.check("HEAD"), "no setting: git keeps the CRs")
	assert.Equal(t, both, f.checkContent("HEAD"), "no setting: git keeps the CRs")

	f.setCore("autocrlf", "input")
	assert.Empty(t, f.check("HEAD"))
	assertGitAgrees(t, f.dir, "engine/plain.go", false)
	assertGitAgrees(t, f.dir, "engine/shown.go", false)
	assert.Equal(t, []string{"changed: engine/shown.go"}, f.checkContent("HEAD"), "the embedded one is the program's data")
	assertCheckoutAgrees(t, f.dir, "engine/shown.go", false)
}

// What a checkout writes where core.autocrlf is true (Windows' way): CRLF
// in every text file, Go or not, embedded or not. Nothing is changed.
func TestACheckoutThatWritesCRLFChangesNothing(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/words.txt", "alpha\nbeta\n")
	f.write("engine/words.go", "package engine\n\nimport _ \"embed\"\n\n//go:embed words.txt\nvar words string\n")
	f.write("engine/blob.bin", "a\x00\nb\n")
	f.commit("words")
	f.setCore("autocrlf", "true")
	files := map[string]string{
		"engine/world.go":       "package engine\r\n",
		"engine/zones/zones.go": "package zones\r\n",
		"engine/words.txt":      "alpha\r\nbeta\r\n",
		"engine/words.go":       "package engine\r\n\r\nimport _ \"embed\"\r\n\r\n//go:embed words.txt\r\nvar words string\r\n",
	}
	for p, content := range files {
		f.write(p, content)
	}
	assert.Empty(t, f.check("HEAD"))
	assert.Empty(t, f.checkContent("HEAD"))
	for p := range files {
		assertCheckoutAgrees(t, f.dir, p, true)
	}
	assertCheckoutAgrees(t, f.dir, "engine/blob.bin", true)

	// A binary file keeps its LF on checkout: CRLF there is a change.
	f.write("engine/blob.bin", "a\x00\r\nb\r\n")
	assert.Equal(t, []string{"changed: engine/blob.bin"}, f.check("HEAD"))
	assert.Equal(t, []string{"changed: engine/blob.bin"}, f.checkContent("HEAD"))
	assertCheckoutAgrees(t, f.dir, "engine/blob.bin", false)
}

// The ident attribute: a checkout writes $Id$ as $Id: <the blob's id> $, a
// commit reads any $Id: ... $ (no line break in it) as $Id$. The bytes a
// checkout writes, and the blob's own, are unchanged for both checks;
// another id is git's unchanged (Check) but not the start commit's bytes
// (CheckContent): in a string literal, the program would print it.
func TestIdentKeywordsAreTheBlobsIdOrUnchanged(t *testing.T) {
	const blob = "// $Id$\npackage engine\n\nconst id = \"$Id$\"\n"
	h := enginefiles.BlobHash([]byte(blob)).String()
	expanded := strings.ReplaceAll(blob, "$Id$", "$Id: "+h+" $")
	other := strings.ReplaceAll(blob, "$Id$", "$Id: 0000000000000000000000000000000000000000 $")
	for _, c := range []struct {
		name, content, autocrlf string
		changed, notWritten     bool // for Check, for CheckContent
		written                 bool // a checkout writes these bytes
	}{
		{name: "as a checkout writes it", content: expanded, written: true},
		{name: "as committed", content: blob},
		{name: "another id", content: other, notWritten: true},
		{name: "another system's id", content: strings.ReplaceAll(blob, "$Id$", "$Id: world.go,v 1.1 $"), notWritten: true},
		{name: "an id with a line break in it", content: strings.Replace(blob, "$Id$", "$Id: a\nb $", 1), changed: true, notWritten: true},
		{name: "as a checkout writes it, CRLF", content: strings.ReplaceAll(expanded, "\n", "\r\n"), autocrlf: "true", written: true},
		{name: "another id, CRLF a checkout does not write", content: strings.ReplaceAll(other, "\n", "\r\n"), autocrlf: "input", notWritten: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := baseWorkspace(t)
			f.write(".gitattributes", "engine/*.go ident\n")
			f.write("engine/id.go", blob)
			f.commit("ident")
			if c.autocrlf != "" {
				f.setCore("autocrlf", c.autocrlf)
			}
			f.write("engine/id.go", c.content)
			var want []string
			if c.changed {
				want = []string{"changed: engine/id.go"}
			}
			assert.Equal(t, want, f.check("HEAD"))
			assertGitAgrees(t, f.dir, "engine/id.go", c.changed)
			want = nil
			if c.notWritten {
				want = []string{"changed: engine/id.go"}
			}
			assert.Equal(t, want, f.checkContent("HEAD"), "every file read")
			assertCheckoutAgrees(t, f.dir, "engine/id.go", c.written)
		})
	}
}

// A blob committed with an id expanded in it (before the attribute was
// set, or by a tool that ignores attributes) is written with its own id
// by a checkout: those bytes are unchanged, read against the blob itself,
// though git's commit direction would store $Id$ for them.
func TestAnIdCommittedExpandedIsTheCheckouts(t *testing.T) {
	f := baseWorkspace(t)
	const blob = "// $Id: 1111111111111111111111111111111111111111 $\npackage engine\n"
	f.write("engine/id.go", blob)
	f.commit("an id crept in")
	f.write(".gitattributes", "engine/*.go ident\n")
	f.commit("ident")
	h := enginefiles.BlobHash([]byte(blob)).String()
	f.write("engine/id.go", "// $Id: "+h+" $\npackage engine\n")
	assertCheckoutAgrees(t, f.dir, "engine/id.go", true)
	assert.Empty(t, f.check("HEAD"))
	assert.Empty(t, f.checkContent("HEAD"))
}

// Bytes that need the blob itself to be judged (a checkout's CRLF, where
// the blob has a CRLF of its own already, so that their clean form is not
// the blob), in a repository that lacks it (a partial clone, a damaged
// one): the error names the file, the object and the mend.
func TestABlobTheRepositoryLacksIsNamed(t *testing.T) {
	f := baseWorkspace(t)
	f.write(".gitattributes", "engine/*.txt text eol=crlf\n")
	f.write("engine/data.txt", "alpha\r\nbeta\n")
	h := f.commit("data")
	commit, err := f.repo.CommitObject(h)
	require.NoError(t, err)
	file, err := commit.File("engine/data.txt")
	require.NoError(t, err)
	require.Equal(t, enginefiles.BlobHash([]byte("alpha\r\nbeta\n")), file.Hash, "the blob as written")
	f.write("engine/data.txt", "alpha\r\nbeta\r\n")
	assertCheckoutAgrees(t, f.dir, "engine/data.txt", true)
	assert.Empty(t, f.checkContent("HEAD"), "read against the blob")

	hex := file.Hash.String()
	require.NoError(t, os.Remove(filepath.Join(f.dir, ".git", "objects", hex[:2], hex[2:])))
	_, err = CheckContent(f.dir, "HEAD", []string{"engine"})
	require.ErrorIs(t, err, plumbing.ErrObjectNotFound)
	assert.Contains(t, err.Error(), "reading engine/data.txt as the commit has it (git object "+hex+")")
	assert.Contains(t, err.Error(), "`git fsck` names what is missing")
}

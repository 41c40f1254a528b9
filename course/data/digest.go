package data

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// Digest is the content's version: the same digest means the same lessons,
// tests, catalog and cards. It is read once per Content: the content does not
// change while a process holds it.
func (c *Content) Digest() (string, error) { return c.digest() }

// digest is the version of the trees' content: a SHA-256 over every file's
// path and bytes, in path order, shortened to 12 hex digits. A file or
// folder go:embed leaves out is left out here too, so that a copy of the
// content on disk has the version of the same content built in.
func digest(trees ...fs.FS) (string, error) {
	h := sha256.New()
	for i, tree := range trees {
		if tree == nil {
			continue
		}
		var paths []string
		err := fs.WalkDir(tree, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if p != "." && leftOutOfEmbed(d.Name()) {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() {
				paths = append(paths, p)
			}
			return nil
		})
		if err != nil {
			return "", err
		}
		sort.Strings(paths)
		for _, p := range paths {
			b, err := fs.ReadFile(tree, p)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "%d\x00%s\x00%d\x00", i, p, len(b))
			h.Write(b)
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))[:12], nil
}

// leftOutOfEmbed reports whether go:embed leaves a file or folder of this
// name out of a folder it embeds: one that starts with . or _ (a folder a
// stopped course dev new-module left, .new-14-trading-123456; an editor's
// swap file).
func leftOutOfEmbed(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

package enginefiles

import (
	"io/fs"

	"github.com/go-git/go-git/v5/plumbing"
)

// Content is a file's content as a walk or a check read it, with what
// fstat said of the file once it was read, and the content's blob hash,
// worked out at most once however many checks ask for it. On a first run
// one read of a Go file serves the embed scan's verdict, the audit's and
// the imports reader's, each kept under that hash: hashed by each, a
// file was hashed up to three times.
//
// A Content is handed to one goroutine's hooks in turn, never to two at
// once, so Hash takes no lock. One a walk hands over, and its Src, are
// the walk's to reuse once the hook returns: keep no part of them.
type Content struct {
	Src  []byte
	Info fs.FileInfo

	hash   plumbing.Hash
	hashed bool
}

// NewContent is the Content of src, read with the stat data info.
func NewContent(src []byte, info fs.FileInfo) *Content {
	return &Content{Src: src, Info: info}
}

// Hash is BlobHash(c.Src), computed on the first call.
func (c *Content) Hash() plumbing.Hash {
	if !c.hashed {
		c.hash, c.hashed = BlobHash(c.Src), true
	}
	return c.hash
}

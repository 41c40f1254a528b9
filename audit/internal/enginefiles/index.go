package enginefiles

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/systemic-game-design/course/internal/regularfile"
)

// readIndex reads the git index of a worktree (versions 2, 3 and 4, SHA-1
// repositories): the entries' names, hashes, modes, stages and stat data,
// which is all the checks use. It reads the fixed-size fields straight
// from the bytes, where go-git's decoder spends most of its time in
// reflection; anything it does not know (another version or hash size) is
// an error, and the caller falls back to go-git.
func readIndex(gitDir string) (*index.Index, [20]byte, error) {
	var sum [20]byte
	file := filepath.Join(gitDir, "index")
	// The index's time is taken before its content: the racy-file rule
	// (see Vouches) must never meet an index newer than the time it is
	// judged by.
	st, err := os.Stat(file)
	if errors.Is(err, os.ErrNotExist) {
		return &index.Index{Version: 2}, sum, nil
	}
	if err != nil {
		return nil, sum, err
	}
	raw, err := regularfile.ReadFile(file)
	if err != nil {
		return nil, sum, err
	}
	errFormat := errors.New("an index this reader does not know")
	if len(raw) < 12 || string(raw[:4]) != "DIRC" {
		return nil, sum, errFormat
	}
	version := binary.BigEndian.Uint32(raw[4:8])
	if version < 2 || version > 4 {
		return nil, sum, errFormat
	}
	n := int(binary.BigEndian.Uint32(raw[8:12]))
	idx := &index.Index{Version: version, ModTime: st.ModTime(), Entries: make([]*index.Entry, 0, n)}
	entries := make([]index.Entry, n)
	// Every name is a part of one string: a few allocations for an index
	// of thousands of files, not one a file. ends[i] is where entry i's
	// name ends in it.
	var names strings.Builder
	if room := len(raw) - 12 - 62*n; room > 0 {
		names.Grow(room) // room for every name of a version 2 or 3 index
	}
	ends := make([]int, n)
	off := 12
	var prev []byte
	be := binary.BigEndian
	for i := range n {
		if off+62 > len(raw) {
			return nil, sum, errFormat
		}
		b := raw[off:]
		e := &entries[i]
		e.CreatedAt = time.Unix(int64(be.Uint32(b[0:])), int64(be.Uint32(b[4:])))
		e.ModifiedAt = time.Unix(int64(be.Uint32(b[8:])), int64(be.Uint32(b[12:])))
		e.Dev, e.Inode = be.Uint32(b[16:]), be.Uint32(b[20:])
		e.Mode = filemode.FileMode(be.Uint32(b[24:]))
		e.UID, e.GID, e.Size = be.Uint32(b[28:]), be.Uint32(b[32:]), be.Uint32(b[36:])
		copy(e.Hash[:], b[40:60])
		flags := be.Uint16(b[60:])
		e.Stage = index.Stage(flags >> 12 & 3)
		pos := 62
		if flags&0x4000 != 0 {
			if version < 3 || off+64 > len(raw) {
				return nil, sum, errFormat
			}
			extended := be.Uint16(b[62:])
			e.IntentToAdd = extended&0x2000 != 0
			e.SkipWorktree = extended&0x4000 != 0
			pos = 64
		}
		var name []byte
		if version == 4 {
			strip, w := binary.Uvarint(b[pos:])
			if w <= 0 || int(strip) > len(prev) {
				return nil, sum, errFormat
			}
			pos += w
			end := bytes.IndexByte(b[pos:], 0)
			if end < 0 {
				return nil, sum, errFormat
			}
			name = append(prev[:len(prev)-int(strip)], b[pos:pos+end]...)
			pos += end + 1
		} else {
			end := bytes.IndexByte(b[pos:], 0)
			if end < 0 {
				return nil, sum, errFormat
			}
			name = b[pos : pos+end]
			pos += end
			pos += 8 - pos%8 // one to eight NULs pad the entry to a multiple of 8
		}
		names.Write(name)
		ends[i] = names.Len()
		if version == 4 {
			prev = name // the next name is told as a change of this one
		}
		off += pos
		idx.Entries = append(idx.Entries, e)
	}
	all, start := names.String(), 0
	for i := range entries {
		entries[i].Name = all[start:ends[i]]
		start = ends[i]
	}
	// The extensions, up to the checksum; only the cache tree is read.
	for off+8 <= len(raw)-20 {
		size := int(be.Uint32(raw[off+4:]))
		if off+8+size > len(raw)-20 || size < 0 {
			break
		}
		if string(raw[off:off+4]) == "TREE" {
			idx.Cache = readCacheTree(raw[off+8 : off+8+size])
		}
		off += 8 + size
	}
	if len(raw) >= 20 {
		copy(sum[:], raw[len(raw)-20:])
	}
	return idx, sum, nil
}

// readCacheTree reads the index's TREE extension: for each folder, the
// number of index entries under it (-1 when an edit since made it
// invalid), its number of subfolders, and, when valid, the hash of the
// tree the entries under it make. A malformed extension gives nil.
func readCacheTree(b []byte) *index.Tree {
	t := &index.Tree{}
	for len(b) > 0 {
		end := bytes.IndexByte(b, 0)
		if end < 0 {
			return nil
		}
		name := string(b[:end])
		b = b[end+1:]
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 {
			return nil
		}
		var count, trees int
		if _, err := fmt.Sscanf(string(b[:nl]), "%d %d", &count, &trees); err != nil {
			return nil
		}
		b = b[nl+1:]
		e := index.TreeEntry{Path: name, Entries: count, Trees: trees}
		if count >= 0 {
			if len(b) < 20 {
				return nil
			}
			copy(e.Hash[:], b[:20])
			b = b[20:]
		}
		t.Entries = append(t.Entries, e)
	}
	return t
}

// TrackedAt is the index's entries under dir (a Path, "." for the whole
// repository) when they make exactly the tree h: git keeps the tree's hash
// in the index's cache tree from the last commit or write-tree, and forgets
// it as soon as an entry under it changes. The cache tree is only where to
// look, never the proof: anyone can write a tree's hash there (the index is
// the learner's file, its checksum theirs to fix), so the hash of the tree
// objects the entries make is computed from the entries themselves and must
// be h. That costs a hash of a few bytes an entry, where reading the tree
// costs an object read and inflate a folder. False when they do not (no
// cache tree, an edit since, another tree, a conflict, an entry only
// intended to be added, a cache tree that says what the entries are not),
// and the caller reads the tree itself.
func (t *Tree) TrackedAt(dir string, h plumbing.Hash) ([]*index.Entry, bool) {
	if t.Index == nil || t.Index.Cache == nil {
		return nil, false
	}
	t.mu.Lock()
	if t.cacheTree == nil {
		t.cacheTree = map[string]index.TreeEntry{}
		flattenCacheTree(t.Index.Cache.Entries, 0, "", t.cacheTree)
	}
	ce, ok := t.cacheTree[dir]
	t.mu.Unlock()
	if !ok || ce.Entries < 0 || ce.Hash != h {
		return nil, false
	}
	var out []*index.Entry
	for _, e := range t.Index.Entries {
		if dir != "." && !strings.HasPrefix(e.Name, dir+"/") {
			continue
		}
		if e.Stage != 0 || e.IntentToAdd { // stage 0: no conflict (go-git names stage 1 Merged)
			return nil, false
		}
		out = append(out, e)
	}
	if len(out) != ce.Entries {
		return nil, false
	}
	prefix := ""
	if dir != "." {
		prefix = dir + "/"
	}
	th := treeHasher{entries: out}
	if th.tree(prefix) != h || th.i != len(out) {
		return nil, false
	}
	return out, true
}

// treeHasher computes the hashes of the git tree objects that index
// entries make, as git's write-tree does from the index.
type treeHasher struct {
	entries []*index.Entry // in the index's order
	i       int            // the next entry to take
	body    []byte         // room for a tree object, reused by each folder once hashed
}

// tree is the hash of the tree object of the folder whose entries' names
// begin with prefix ("" for the repository's top folder), taken from entry
// i on while they do; each subfolder is hashed first, as its own object.
// A tree object is "tree <length>\0", then for each entry, in git's order,
// "<mode in octal> <name>\0" and its 20-byte hash, a folder with mode 40000
// and sorted as its name and a slash. The index's order of whole paths is
// that order (a '/' sorts where the folder's name and slash do), so the
// entries are taken as they come: entries out of that order give another
// object, and so another hash, never the tree's.
func (th *treeHasher) tree(prefix string) plumbing.Hash {
	start := len(th.body)
	for th.i < len(th.entries) {
		e := th.entries[th.i]
		if !strings.HasPrefix(e.Name, prefix) {
			break
		}
		rest := e.Name[len(prefix):]
		if slash := strings.IndexByte(rest, '/'); slash >= 0 {
			// The subfolder's object is built past this one's bytes so
			// far, and dropped once hashed.
			name := rest[:slash]
			sub := th.tree(prefix + name + "/")
			th.body = append(th.body, "40000 "...)
			th.body = append(th.body, name...)
			th.body = append(th.body, 0)
			th.body = append(th.body, sub[:]...)
			continue
		}
		th.body = strconv.AppendUint(th.body, uint64(e.Mode), 8)
		th.body = append(th.body, ' ')
		th.body = append(th.body, rest...)
		th.body = append(th.body, 0)
		th.body = append(th.body, e.Hash[:]...)
		th.i++
	}
	h := plumbing.ComputeHash(plumbing.TreeObject, th.body[start:])
	th.body = th.body[:start]
	return h
}

// flattenCacheTree records the cache tree's folders (listed each before
// its subfolders) by their Path, from entry i on, and returns the index
// past them.
func flattenCacheTree(es []index.TreeEntry, i int, parent string, out map[string]index.TreeEntry) int {
	if i >= len(es) {
		return i
	}
	e := es[i]
	p := "."
	if parent != "" {
		p = join(parent, e.Path)
	}
	out[p] = e
	i++
	for range e.Trees {
		i = flattenCacheTree(es, i, p, out)
	}
	return i
}

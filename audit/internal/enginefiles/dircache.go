package enginefiles

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/systemic-game-design/course/internal/usercache"
)

// dirCache keeps, between runs, what the walk found in each folder it read
// (git's untracked cache does the same): the folder's stat data, the ignore
// rules in force there, and its entries less the ignored files Go has no
// use for. A folder whose stat data is as recorded has the same entries
// (adding, removing or renaming an entry changes its modification and
// change times), so it need not be read again; the files it keeps are still
// stat'ed and read as ever, so a changed file is seen. A record is trusted
// only under the same index (the checksum git writes at its end: what is
// tracked decides what is dropped) and the same ignore rules (their text,
// from the excludes file down to the folder's own .gitignore), and only if
// the folder had not changed for racyMargin before it was read, so that a
// change in the same tick of the file system's clock cannot hide behind an
// unchanged time. A folder whose files a //go:embed above may name is read
// afresh. The cache lives in the user's cache folder, never the workspace.
type dirCache struct {
	file  string
	index [20]byte
	mu    sync.Mutex
	dirs  map[string]*dirRecord
	dirty bool
	hits  atomic.Int64 // folders served, for tests
}

// dirRecord is one folder as a walk last read it.
type dirRecord struct {
	stamp   dirStamp
	rules   [20]byte // the ignore rules in force, its own .gitignore included
	dropped bool     // whether ignored files were left out of entries
	entries []cachedEntry
}

// dirStamp is a folder's stat data.
type dirStamp struct {
	mtime, ctime, ino, dev, size int64
}

// racyMargin is how long a folder must have been unchanged before it was
// read for the record to be kept: longer than any file system's clock tick.
var racyMargin = 2 * time.Second

// cachedEntry is a folder entry as a record keeps it.
type cachedEntry struct {
	name string
	typ  fs.FileMode
	dir  string // the folder on disk, for Info
}

func (e cachedEntry) Name() string               { return e.name }
func (e cachedEntry) IsDir() bool                { return e.typ.IsDir() }
func (e cachedEntry) Type() fs.FileMode          { return e.typ }
func (e cachedEntry) Info() (fs.FileInfo, error) { return os.Lstat(filepath.Join(e.dir, e.name)) }

const dirCacheMagic = "course-dirs-1\n"

// openDirCache loads the cache of the repository at root, kept under the
// index whose checksum is index; nil when no cache is kept.
func openDirCache(root string, index [20]byte) *dirCache {
	dir := usercache.Dir()
	if dir == "" || index == ([20]byte{}) {
		return nil
	}
	sum := sha1.Sum([]byte(root))
	c := &dirCache{file: filepath.Join(dir, "dirs-"+hex.EncodeToString(sum[:10])), index: index, dirs: map[string]*dirRecord{}}
	raw, ok := usercache.ReadCache(c.file)
	if !ok || !bytes.HasPrefix(raw, []byte(dirCacheMagic)) {
		return c
	}
	raw = raw[len(dirCacheMagic):]
	if len(raw) < 20 || !bytes.Equal(raw[:20], index[:]) {
		return c
	}
	raw = raw[20:]
	dirs := map[string]*dirRecord{}
	str := func() (string, bool) {
		n, w := binary.Uvarint(raw)
		if w <= 0 || uint64(len(raw)-w) < n {
			return "", false
		}
		s := string(raw[w : w+int(n)])
		raw = raw[w+int(n):]
		return s, true
	}
	num := func() (int64, bool) {
		v, w := binary.Varint(raw)
		if w <= 0 {
			return 0, false
		}
		raw = raw[w:]
		return v, true
	}
	for len(raw) > 0 {
		key, ok := str()
		if !ok {
			return c
		}
		r := &dirRecord{}
		var vals [7]int64
		for i := range vals {
			if vals[i], ok = num(); !ok {
				return c
			}
		}
		r.stamp = dirStamp{vals[0], vals[1], vals[2], vals[3], vals[4]}
		r.dropped = vals[5] != 0
		n := vals[6]
		if len(raw) < 20 || n < 0 || n > int64(len(raw)) {
			return c
		}
		copy(r.rules[:], raw)
		raw = raw[20:]
		abs := filepath.Join(root, filepath.FromSlash(realOfKey(key)))
		r.entries = make([]cachedEntry, n)
		for i := range r.entries {
			name, ok := str()
			if !ok {
				return c
			}
			typ, ok := num()
			if !ok {
				return c
			}
			r.entries[i] = cachedEntry{name: name, typ: fs.FileMode(typ), dir: abs}
		}
		dirs[key] = r
	}
	c.dirs = dirs
	return c
}

// dirKey names a folder's record: the path it is reached by, the folder on
// disk, and how the walk came to it.
func dirKey(rel, real string, onlyTracked, linked bool) string {
	flags := []byte{'0', '0'}
	if onlyTracked {
		flags[0] = '1'
	}
	if linked {
		flags[1] = '1'
	}
	return rel + "\x00" + real + "\x00" + string(flags)
}

func realOfKey(key string) string {
	i := strings.IndexByte(key, 0)
	rest := key[i+1:]
	j := strings.IndexByte(rest, 0)
	return rest[:j]
}

// get is the record of a folder whose stat data is stamp, nil if none holds.
func (c *dirCache) get(key string, stamp dirStamp) *dirRecord {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if r := c.dirs[key]; r != nil && r.stamp == stamp {
		c.hits.Add(1)
		return r
	}
	return nil
}

// put keeps a record of a folder read at or after start, if the folder had
// not changed for racyMargin by then.
func (c *dirCache) put(key string, r *dirRecord, start time.Time) {
	if c == nil {
		return
	}
	limit := start.Add(-racyMargin).UnixNano()
	if r.stamp.mtime >= limit || r.stamp.ctime >= limit {
		c.forget(key)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.dirs[key] = r
	c.dirty = true
}

// forget drops a folder's record.
func (c *dirCache) forget(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.dirs[key]; ok {
		delete(c.dirs, key)
		c.dirty = true
	}
}

// save writes the cache back if it changed; one that cannot be written is
// not kept.
func (c *dirCache) save() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.dirty {
		return
	}
	keys := make([]string, 0, len(c.dirs))
	for k := range c.dirs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var buf bytes.Buffer
	buf.WriteString(dirCacheMagic)
	buf.Write(c.index[:])
	var tmp [binary.MaxVarintLen64]byte
	str := func(s string) {
		buf.Write(tmp[:binary.PutUvarint(tmp[:], uint64(len(s)))])
		buf.WriteString(s)
	}
	num := func(v int64) { buf.Write(tmp[:binary.PutVarint(tmp[:], v)]) }
	for _, k := range keys {
		r := c.dirs[k]
		str(k)
		dropped := int64(0)
		if r.dropped {
			dropped = 1
		}
		for _, v := range []int64{r.stamp.mtime, r.stamp.ctime, r.stamp.ino, r.stamp.dev, r.stamp.size, dropped, int64(len(r.entries))} {
			num(v)
		}
		buf.Write(r.rules[:])
		for _, e := range r.entries {
			str(e.name)
			num(int64(e.typ))
		}
	}
	if usercache.WriteCache(c.file, buf.Bytes()) {
		c.dirty = false
	}
}

// rulesKey is the key of the ignore rules after one more ignore file's
// text (raw, read at file) is added to those of parent.
func rulesKey(parent [20]byte, file string, raw []byte) [20]byte {
	h := sha1.New()
	h.Write(parent[:])
	h.Write([]byte(file))
	h.Write([]byte{0})
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(raw)))
	h.Write(n[:])
	h.Write(raw)
	var out [20]byte
	copy(out[:], h.Sum(nil))
	return out
}

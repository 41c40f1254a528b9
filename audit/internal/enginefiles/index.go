package enginefiles

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
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
	raw, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return &index.Index{Version: 2}, sum, nil
	}
	if err != nil {
		return nil, sum, err
	}
	st, err := os.Stat(file)
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
			name = append(append([]byte(nil), prev[:len(prev)-int(strip)]...), b[pos:pos+end]...)
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
		e.Name = string(name)
		prev = name
		off += pos
		idx.Entries = append(idx.Entries, e)
	}
	if len(raw) >= 20 {
		copy(sum[:], raw[len(raw)-20:])
	}
	return idx, sum, nil
}

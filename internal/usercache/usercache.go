// Package usercache says where course keeps what it keeps for the user
// between runs (the audit's verdicts, the folder listings, what Go files
// import, the key that signs a kept check, a class's record of where each
// drop started): the user's cache folder, or the one COURSE_CACHE_DIR
// names, or none; and writes its files whole: a cache sealed, which a
// run can learn again, a record synced, which it cannot.
package usercache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// EnvVar names a folder to keep the caches in instead of the user's cache
// folder; "off" keeps none.
const EnvVar = "COURSE_CACHE_DIR"

// Dir is the folder the caches live in; "" for none (EnvVar is "off", or
// the user has no cache folder).
func Dir() string {
	dir := os.Getenv(EnvVar)
	if dir == "off" {
		return ""
	}
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(base, "systemic-game-design-course")
	}
	return dir
}

// WriteFile writes a record file whole or not at all (a temporary file,
// synced, renamed into place), making its folder, or says why it could
// not. A record is what a run cannot learn again, so it is on the disk
// before it is in place: a power loss leaves the old file or the new one,
// never an empty one.
func WriteFile(file string, data []byte) error {
	return replace(file, true, data)
}

// WriteCache writes a cache file whole or not at all, sealed with a
// checksum of its data (ReadCache checks it), making its folder; false
// when it cannot be written, which only costs the next run time. It is
// not synced: a power loss can leave it empty or torn, which ReadCache
// reads as no cache, and a cache is only what a run learns again.
func WriteCache(file string, data []byte) bool {
	return replace(file, false, data, seal(data)) == nil
}

// ReadCache is the data WriteCache wrote to file; ok is false when there
// is none, it is not a regular file, or it is not whole (cut short, or
// changed since, as a power loss can leave it).
func ReadCache(file string) (data []byte, ok bool) {
	raw, err := regularfile.ReadFile(file)
	if err != nil {
		return nil, false
	}
	return unseal(raw)
}

// sealSize is the seal's length: the CRC-32C of the data, little-endian.
const sealSize = 4

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// seal is what follows data in a cache file.
func seal(data []byte) []byte {
	return binary.LittleEndian.AppendUint32(nil, crc32.Checksum(data, castagnoli))
}

func unseal(raw []byte) ([]byte, bool) {
	if len(raw) < sealSize {
		return nil, false
	}
	data, sum := raw[:len(raw)-sealSize], raw[len(raw)-sealSize:]
	if binary.LittleEndian.Uint32(sum) != crc32.Checksum(data, castagnoli) {
		return nil, false
	}
	return data, true
}

// replace puts a file of parts, written whole (see writeTemp), in place
// of file.
func replace(file string, sync bool, parts ...[]byte) error {
	tmp, err := writeTemp(file, sync, parts...)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, file); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", file, err)
	}
	return nil
}

// CreateFile writes a new cache file whole or not at all, and never in
// place of one that is there: a temporary file linked into place, so that
// of two runs at once that each write the file, the first one's stays and
// the second is told (created false, no error). It makes the folder.
func CreateFile(file string, data []byte) (created bool, err error) {
	tmp, err := writeTemp(file, true, data)
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, file); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return false, nil
		}
		return false, fmt.Errorf("writing %s: %w", file, err)
	}
	return true, nil
}

// writeTemp writes parts, one after another, to a new temporary file
// beside file, making the folder, and gives its name. With sync, the data
// is on the disk before the file is closed: a file renamed or linked into
// place after a power loss is then what was written, not empty.
func writeTemp(file string, sync bool, parts ...[]byte) (string, error) {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return "", fmt.Errorf("making the folder of %s: %w", file, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+"-*")
	if err != nil {
		return "", fmt.Errorf("writing %s: %w", file, err)
	}
	var werr error
	for _, part := range parts {
		if werr == nil {
			_, werr = tmp.Write(part)
		}
	}
	var serr error
	if werr == nil && sync {
		serr = tmp.Sync()
	}
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("writing %s: %w", file, err)
	}
	return tmp.Name(), nil
}

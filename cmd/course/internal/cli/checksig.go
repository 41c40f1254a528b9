package cli

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/usercache"
)

// The last check's result is kept in the workspace (.course/state.json),
// where the learner can write anything. status and modules take it only
// when it carries a signature made with a key of this user's, kept in the
// user's cache folder, over the result and the course program that made
// it: a result written by hand, by another user (an instructor running
// status on a learner's workspace) or by another build of course is run
// again instead of shown.

// checkKeyFile is the signing key's name in the cache folder.
const checkKeyFile = "check-signing-key"

// checkKey is this user's signing key, made on first use; nil when there is
// no cache folder to keep it in.
func checkKey() []byte {
	dir := usercache.Dir()
	if dir == "" {
		return nil
	}
	file := filepath.Join(dir, checkKeyFile)
	for range 2 {
		if key, _, err := regularfile.Read(file); err == nil && len(key) == 32 {
			return key
		}
		key := make([]byte, 32)
		_, _ = rand.Read(key)
		// Whole, synced, and linked into place only where no file is: a
		// command started at the same time reads this key or its own,
		// never a key half written, and a power loss leaves none rather
		// than one of zeros.
		created, err := usercache.CreateFile(file, key)
		if err != nil {
			return nil
		}
		if created {
			return key
		}
		// made meanwhile, or not a key: read again, once
	}
	return nil
}

// toolID is the course program that runs: its build and its executable's
// size and time, so that a rebuild, even of the same revision, is another
// program.
func toolID() string {
	id := "unknown"
	if info, ok := debug.ReadBuildInfo(); ok {
		id = info.GoVersion + " " + info.Main.Path + " " + info.Main.Version
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				id += " " + s.Value
			}
		}
	}
	if exe, err := os.Executable(); err == nil {
		if st, err := os.Stat(exe); err == nil {
			id += fmt.Sprintf(" %d %d", st.Size(), st.ModTime().UnixNano())
		}
	}
	return id
}

// signature is c's signature with key: over the program and c without its
// own signature.
func (c CachedCheck) signature(key []byte) string {
	c.Sig = ""
	raw, err := json.Marshal(c)
	if err != nil {
		return ""
	}
	mac := hmac.New(sha256.New, key)
	fmt.Fprintf(mac, "%s\x00", toolID())
	mac.Write(raw)
	return hex.EncodeToString(mac.Sum(nil))
}

// signedBy reports whether c carries key's signature.
func (c CachedCheck) signedBy(key []byte) bool {
	if key == nil || c.Sig == "" {
		return false
	}
	want, err := hex.DecodeString(c.signature(key))
	if err != nil {
		return false
	}
	got, err := hex.DecodeString(c.Sig)
	return err == nil && hmac.Equal(got, want)
}

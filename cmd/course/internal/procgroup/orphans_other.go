//go:build !linux

package procgroup

// Adopt does nothing here: only Linux hands a process the orphans of its
// descendants.
func Adopt() bool { return false }

// EndOrphans does nothing here (see Adopt).
func EndOrphans() {}

// EndLeftBehind does nothing here (see Adopt).
func EndLeftBehind() {}

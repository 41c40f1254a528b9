//go:build !unix

package enginefiles

// nonBlock is no flag here: there are no FIFOs to wait on.
const nonBlock = 0

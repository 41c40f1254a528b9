// Package sub is under engine/.
package sub

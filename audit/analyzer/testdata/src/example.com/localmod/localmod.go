// Package localmod stands for a module that listed's go.mod takes from a
// folder by a replace directive: here only so that the import type-checks.
package localmod

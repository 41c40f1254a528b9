// The folder's name is reported once a package, at its first file; this
// file's own name is clean.
package filler // want `engine names "Test.Filler" \(a card, Module 01\) in the name engine/test.filler, as test.filler`

// More is more.
var More int

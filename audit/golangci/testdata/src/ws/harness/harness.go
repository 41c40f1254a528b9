// Package harness is outside engineDirs: nothing here is reported.
package harness

const TestFiller = "Test Filler"

// Package rules is in no listed folder.
package rules

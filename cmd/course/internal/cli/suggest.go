package cli

import (
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// unknownSubcommand refuses a word after a group of commands that names
// none of them, with the nearest names (or all of them).
func unknownSubcommand(cmd *cobra.Command, a []string) error {
	if len(a) == 0 {
		return nil
	}
	near := cmd.SuggestionsFor(a[0])
	if len(near) == 0 {
		for _, c := range cmd.Commands() {
			if c.IsAvailableCommand() {
				near = append(near, c.Name())
			}
		}
		return usagef("%s has no command %q; its commands are %s", cmd.CommandPath(), a[0], strings.Join(near, ", "))
	}
	return usagef("%s has no command %q; did you mean %s?", cmd.CommandPath(), a[0], strings.Join(near, " or "))
}

// nearFlags is the flags of cmd a mistyped one (err, pflag's "unknown
// flag: --modul") most likely meant: one it begins, or one it begins with,
// or one a letter or two away.
func nearFlags(cmd *cobra.Command, err error) []string {
	typed, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok || typed == "" {
		return nil
	}
	var near []string
	visit := func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		if strings.HasPrefix(f.Name, typed) || strings.HasPrefix(typed, f.Name) || editDistance(typed, f.Name) <= 2 {
			near = append(near, "--"+f.Name)
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	sort.Strings(near)
	return slices.Compact(near)
}

// editDistance is the number of letters to insert, delete or replace to
// turn a into b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

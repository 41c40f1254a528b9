package checker

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ShownName is a workspace folder's name as a class table or CSV shows
// it: as it is when every character of it shows as itself, it holds no
// backslash and it does not start with a double quote; otherwise quoted
// as Go quotes a string ("a\x1bb", "a\\x1bb"). So no two names are shown
// alike: a learner cannot name a folder so that it reads as another's, or
// as the spelled-out form of a name with a control character in it. A
// space that starts or ends a part of the name, or two in a row, is
// quoted too: the table's columns are set apart by spaces, so "alice "
// read as alice's row, and a name with gaps in it as a name and cells.
func ShownName(name string) string {
	if plainName(name) {
		return name
	}
	return strconv.Quote(name)
}

func plainName(name string) bool {
	if strings.HasPrefix(name, `"`) || strings.Contains(name, `\`) {
		return false
	}
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, " ") || strings.HasSuffix(part, " ") || strings.Contains(part, "  ") {
			return false
		}
	}
	for _, r := range name {
		if !strconv.IsPrint(r) {
			return false // also an invalid byte, which ranges as U+FFFD
		}
	}
	return utf8.ValidString(name)
}

// JSONName is a workspace folder's name as the JSON documents give it: as
// it is, unless it is not UTF-8 or starts with a double quote; then
// quoted as Go quotes a string. JSON would write each byte that is not
// UTF-8 as U+FFFD, so two names could read alike; quoted, every name
// reads as itself, and a reader unquotes one that starts with a quote.
func JSONName(name string) string {
	if utf8.ValidString(name) && !strings.HasPrefix(name, `"`) {
		return name
	}
	return strconv.Quote(name)
}

package data

import (
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// NameKey is the same string for two card names exactly when a reader
// takes them for one: the same letters in another case ("Test Filler",
// "test filler"), encoded otherwise (é as one code point or as e and a
// combining accent), in a compatibility form (a full-width Ｔ, a no-break
// space) or spaced otherwise ("Test  Filler ", two spaces and one after). The engine and a
// level look a card up by its bytes, so two such names are two cards that
// read as one, and a level naming one finds the other's file "no card".
func NameKey(name string) string {
	folded := strings.ToLower(norm.NFKC.String(strings.ToUpper(norm.NFKC.String(name))))
	return strings.Join(strings.Fields(folded), " ")
}

// quoteName quotes a card name; one with a character a reader cannot tell
// from another (a combining mark, a full-width letter) is quoted with
// every character past ASCII spelled out, so the two names read apart.
func quoteName(name string) string {
	if norm.NFKC.IsNormalString(name) {
		return strconv.Quote(name)
	}
	return strconv.QuoteToASCII(name)
}

package match

import (
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestSplit(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"TestFiller", []string{"test", "filler"}},
		{"testFiller", []string{"test", "filler"}},
		{"TEST_FILLER", []string{"test", "filler"}},
		{"test-filler", []string{"test", "filler"}},
		{"Test Filler", []string{"test", "filler"}},
		{"HTTPServer", []string{"http", "server"}},
		{"parseHTTP2Request", []string{"parse", "http", "2", "request"}},
		{"m03deck", []string{"m", "03", "deck"}},
		{"  ", nil},
	}
	for _, c := range cases {
		var got []string
		for _, w := range Split(c.text) {
			got = append(got, w.Text)
		}
		assert.Equal(t, c.want, got, "Split(%q)", c.text)
	}
}

func TestSplitJoints(t *testing.T) {
	words := Split("a_b c, dE")
	var joints []Joint
	for _, w := range words {
		joints = append(joints, w.Joint)
	}
	assert.Equal(t, []Joint{JointStart, JointInToken, JointSpace, JointStart, JointInToken}, joints)
}

// TestFindSpellings is the table of spellings the coupling audit must catch,
// and of near misses it must leave alone.
func TestFindSpellings(t *testing.T) {
	m := NewMatcher([]Name{NewName("Test Filler"), NewName("KEY"), NewName("Acolyte of Pain"), NewName("Armorsmith")})
	cases := []findCase{
		{"TestFiller", "Test Filler", "TestFiller"},
		{"testFiller", "Test Filler", "testFiller"},
		{"TEST_FILLER", "Test Filler", "TEST_FILLER"},
		{"test_filler", "Test Filler", "test_filler"},
		{"test-filler", "Test Filler", "test-filler"},
		{"Test Filler", "Test Filler", "Test Filler"},
		{"a Test  Filler here", "Test Filler", "Test  Filler"},
		{"testfiller", "Test Filler", "testfiller"},
		{"TESTFILLER", "Test Filler", "TESTFILLER"},
		{"newTestFillerCard", "Test Filler", "TestFiller"},
		{"testfillerCount", "Test Filler", "testfiller"},
		{"contestFiller", "", ""},
		{"testFillers", "", ""},
		{"Test. Filler", "", ""},
		{"test(filler)", "", ""},
		{"AcolyteOfPain", "Acolyte of Pain", "AcolyteOfPain"},
		{"acolyte_of_pain", "Acolyte of Pain", "acolyte_of_pain"},
		{"\"Acolyte of Pain\"", "Acolyte of Pain", "Acolyte of Pain"},
		{"key", "KEY", "key"},
		{"Key", "KEY", "Key"},
		{"KEY", "KEY", "KEY"},
		{"the key opens", "KEY", "key"},
		{"x.key", "KEY", "key"},
		{"sortKey", "", ""},
		{"keyed", "", ""},
		{"key_id", "", ""},
		{"monkey", "", ""},
		{"KEYS", "", ""},
		{"armorsmith", "Armorsmith", "armorsmith"},
		{"ArmorSmith", "Armorsmith", "ArmorSmith"},
		{"ArmorsmithCount", "", ""},
		{"armor smith", "", ""},
	}
	assertFindsOne(t, m, cases)
}

func TestFindSeveral(t *testing.T) {
	m := NewMatcher([]Name{NewName("Test Filler"), NewName("WALL")})
	got := m.Find("wall; TestFiller and wall")
	if assert.Len(t, got, 3) {
		assert.Equal(t, []int{0, 6, 21}, []int{got[0].Start, got[1].Start, got[2].Start})
	}
}

func TestNameWithoutWordsMatchesNothing(t *testing.T) {
	m := NewMatcher([]Name{NewName("--")})
	assert.Empty(t, m.Names())
	assert.Empty(t, m.Find("-- anything --"))
}

func TestFindUpper(t *testing.T) {
	m := NewMatcher([]Name{NewName("ROCK"), NewName("KEY")})
	cases := map[string][]string{
		"ROCK":              {"ROCK"},
		"IS_ROCK":           {"ROCK"},
		"text:ROCK":         {"ROCK"},
		"ROCK IS KEY":       {"ROCK", "KEY"},
		"ROCK2":             {"ROCK"},
		"rock":              nil,
		"Rock":              nil,
		"isRock":            nil,
		"ROCKET":            nil,
		"Is_ROCK":           nil,
		"keyROCK":           nil,
		"the KEY, the rock": {"KEY"},
	}
	for text, want := range cases {
		var got []string
		for _, mt := range m.FindUpper(text) {
			got = append(got, text[mt.Start:mt.End])
		}
		assert.Equal(t, want, got, "FindUpper(%q)", text)
	}
}

// TestFindFoldsAsEqualFold: a text that strings.EqualFold holds equal to a
// name's spelling names it, and so does one that ToLower or ToUpper turn
// into the name, so an engine cannot compare at run time against a
// spelling the audit does not read as the name. ToLower leaves ſ (U+017F
// LONG S) and ς alone; the Kelvin and Angstrom signs fold too.
func TestFindFoldsAsEqualFold(t *testing.T) {
	m := NewMatcher([]Name{NewName("Test Filler"), NewName("KEY"), NewName("Ångström"), NewName("Οδυσσεύς")})
	cases := []findCase{
		{`EqualFold(s, "Teſt Filler")`, "Test Filler", "Teſt Filler"},
		{"teſtFiller", "Test Filler", "teſtFiller"},
		{"TEſT_FILLER", "Test Filler", "TEſT_FILLER"},
		{"teſtfiller", "Test Filler", "teſtfiller"},
		{"\u212aEY", "KEY", "\u212aEY"},
		{"\u212aey", "KEY", "\u212aey"},
		{"\u212bngström", "Ångström", "\u212bngström"},
		{"ÅNGSTRÖM", "Ångström", "ÅNGSTRÖM"},
		{"ΟΔΥΣΣΕΎΣ", "Οδυσσεύς", "ΟΔΥΣΣΕΎΣ"},
		{"οδυσσεύσ", "Οδυσσεύς", "οδυσσεύσ"},
		{"TEST FİLLER", "Test Filler", "TEST FİLLER"},
		{"test fıller", "Test Filler", "test fıller"},
		{"conteſtFiller", "", ""},
	}
	assertFindsOne(t, m, cases)
}

// TestFoldRuneIsOneRuneForEachCaseClass: a rune and every rune the
// standard library turns it into by case (its fold orbit, its lower, upper
// and title case, and the Turkish ones) fold alike, and into a rune of the
// same class; every rune whose class holds an ASCII letter folds to that
// letter in lower case.
func TestFoldRuneIsOneRuneForEachCaseClass(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		f := foldRune(r)
		if foldRune(f) != f {
			t.Fatalf("foldRune(%U) = %U, which folds to %U", r, f, foldRune(f))
		}
		kin := []rune{unicode.ToLower(r), unicode.ToUpper(r), unicode.ToTitle(r), unicode.TurkishCase.ToLower(r), unicode.TurkishCase.ToUpper(r)}
		for o := unicode.SimpleFold(r); o != r; o = unicode.SimpleFold(o) {
			kin = append(kin, o)
		}
		for _, k := range kin {
			if foldRune(k) != f {
				t.Fatalf("foldRune(%U) = %U, but %U, which case takes it to, folds to %U", r, f, k, foldRune(k))
			}
			if k < utf8.RuneSelf && unicode.IsLetter(k) && f != unicode.ToLower(k) {
				t.Fatalf("foldRune(%U) = %U, not %q", r, f, unicode.ToLower(k))
			}
		}
	}
	for r, want := range map[rune]rune{'ſ': 's', '\u212a': 'k', '\u212b': 'å', 'İ': 'i', 'ı': 'i', 'ς': 'σ', 'Σ': 'σ', 'K': 'k', 'é': 'é'} {
		assert.Equal(t, want, foldRune(r), "foldRune(%q)", r)
	}
}

// findCase is one text, the Display of the one name Find must find in it
// ("" for none), and the text it must find it as.
type findCase struct{ text, want, as string }

// assertFindsOne holds m.Find to each case: no match, or exactly one.
func assertFindsOne(t *testing.T, m *Matcher, cases []findCase) {
	t.Helper()
	for _, c := range cases {
		got := m.Find(c.text)
		if c.want == "" {
			assert.Empty(t, got, "Find(%q)", c.text)
			continue
		}
		if assert.Len(t, got, 1, "Find(%q)", c.text) {
			assert.Equal(t, c.want, got[0].Name.Display, "Find(%q)", c.text)
			assert.Equal(t, c.as, c.text[got[0].Start:got[0].End], "Find(%q)", c.text)
		}
	}
}

package grid

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// levelFile is one file of the repository's levels/ folder.
type levelFile struct {
	name string
	text []byte
}

// repositoryLevelFiles reads levels/ from disk: the engine imports nothing
// of the course, the package that embeds those files included.
func repositoryLevelFiles(tb testing.TB) []levelFile {
	tb.Helper()
	dir := filepath.Join("..", "..", "levels")
	entries, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	var out []levelFile
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".json" {
			continue
		}
		text, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, levelFile{e.Name(), text})
	}
	if len(out) == 0 {
		tb.Fatalf("no level files in %s", dir)
	}
	return out
}

// unlikeUnmarshal says how DecodeLevel's answer for data differs from
// json.Unmarshal's, or "" when it does not.
func unlikeUnmarshal(data []byte) string {
	got, gotErr := DecodeLevel(data)
	var want LevelDef
	wantErr := json.Unmarshal(data, &want)
	switch {
	case (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error():
		return fmt.Sprintf("error %v, json.Unmarshal gives %v", gotErr, wantErr)
	case !reflect.DeepEqual(got, want):
		return fmt.Sprintf("%#v,\njson.Unmarshal gives %#v", got, want)
	}
	return ""
}

// nested is a value of depth arrays inside one another.
func nested(depth int) string {
	return strings.Repeat("[", depth) + strings.Repeat("]", depth)
}

// decodeCases are inputs with whether the fast path takes them (fast) or
// leaves them to json.Unmarshal.
var decodeCases = []struct {
	name string
	in   string
	fast bool
}{
	// shapes the fast path reads
	{"empty object", `{}`, true},
	{"size only", `{"width":3,"height":2}`, true},
	{"every field", `{"title":"A title","width":7,"height":5,
		"objects":[{"kind":"text:ZIP","x":0,"y":0},{"kind":"zip","x":1,"y":2},{"kind":"zip","x":6,"y":4}],
		"cards":[{"card":"Quill Moth","x":2,"y":3}],"hand":["Quill Moth","Ember Vow"],
		"solution":["up","down","left","right"]}`, true},
	{"empty arrays", `{"objects":[],"cards":[],"hand":[]}`, true},
	{"null arrays", `{"objects":null,"cards":null,"hand":null}`, true},
	{"white space everywhere", " \t\r\n{ \"width\" :\t3 ,\n\"objects\" : [ { \"kind\" : \"zap\" , \"x\" : 1 } , { } ] ,\r\"hand\":[ \"a\" , \"b\" ] } \n\t\r", true},
	{"empty element", `{"objects":[{}],"cards":[{}]}`, true},
	{"negative numbers", `{"width":-3,"height":-0,"objects":[{"x":-12,"y":-1}]}`, true},
	{"int limits", `{"width":` + strconv.Itoa(math.MaxInt) + `,"height":` + strconv.Itoa(math.MinInt) + `}`, true},
	{"solution as a string", `{"width":1,"solution":"uldr"}`, true},
	{"nested unknown values", `{"extra":{"a":[1,-2.5e-3,0.0,1E+9,true,false,null,"\u00e9\n",{},[]],"b":{"c":{}}},"width":2}`, true},
	{"unknown values inside elements", `{"objects":[{"kind":"zip","note":[{"n":1}],"x":1,"y":2,"z":null}],"cards":[{"card":"c","level":3.5}]}`, true},
	{"escapes in a skipped string", `{"title":"a \"b\" \\ \/ \b\f\n\r\t \u0041\uD83D\uDE00 \ud800"}`, true},
	{"escaped key inside a skipped value", `{"extra":{"w\u0069dth":1}}`, true},
	{"invalid UTF-8 in a skipped string", "{\"title\":\"\xff\xfe\"}", true},
	{"invalid UTF-8 in an unknown key", "{\"\xffidth\":1}", true},
	{"non-ASCII kind", `{"objects":[{"kind":"zïp"}],"hand":["日本"]}`, true},
	{"an unknown key twice", `{"title":"a","title":"b","width":1}`, true},
	{"unknown keys close to known ones", `{"widths":1,"widt":2,"":3,"objects_":4}`, true},
	{"nesting at the limit", `{"extra":` + nested(maxSkipDepth-1) + `}`, true},

	// what the fast path leaves to json.Unmarshal
	{"no input", ``, false},
	{"white space only", " \n", false},
	{"top-level null", `null`, false},
	{"top-level array", `[]`, false},
	{"top-level string", `"x"`, false},
	{"top-level number", `1`, false},
	{"truncated object", `{`, false},
	{"truncated after a value", `{"width":1`, false},
	{"truncated in an array", `{"objects":[{"kind":"zip"}`, false},
	{"trailing garbage", `{} x`, false},
	{"two objects", `{}{}`, false},
	{"trailing comma after the object", `{},`, false},
	{"byte order mark", "\ufeff{}", false},
	{"vertical tab", "\v{}", false},
	{"form feed", "{\f}", false},
	{"no-break space", "{\u00a0}", false},
	{"trailing comma in the object", `{"width":1,}`, false},
	{"trailing comma in an element", `{"objects":[{"kind":"zip",}]}`, false},
	{"trailing comma in an array", `{"hand":["a",]}`, false},
	{"leading comma in an array", `{"hand":[,"a"]}`, false},
	{"no colon", `{"width" 1}`, false},
	{"no comma", `{"width":1 "height":2}`, false},
	{"unquoted name", `{width:1}`, false},
	{"single quotes", `{'width':1}`, false},
	{"capitalized name", `{"Width":1}`, false},
	{"upper-case name", `{"HEIGHT":2}`, false},
	{"capitalized element name", `{"objects":[{"Kind":"zip"}]}`, false},
	{"upper-case coordinate", `{"objects":[{"X":1}]}`, false},
	{"upper-case card name", `{"cards":[{"CARD":"c"}]}`, false},
	{"long s folds to s", "{\"object\u017f\":[]}", false},
	{"Kelvin sign folds to k", "{\"objects\":[{\"\u212aind\":\"zip\"}]}", false},
	{"a known key twice", `{"width":1,"width":2}`, false},
	{"objects twice, the second filling in the first", `{"objects":[{"kind":"zip","x":1}],"objects":[{"y":2}]}`, false},
	{"a coordinate twice", `{"objects":[{"x":1,"x":2}]}`, false},
	{"a card name twice", `{"cards":[{"card":"a","card":"b"}]}`, false},
	{"escaped known key", `{"w\u0069dth":1}`, false},
	{"escaped unknown key", `{"t\u0069tle":"a"}`, false},
	{"escaped kind", `{"objects":[{"kind":"z\u0069p"}]}`, false},
	{"escaped card in the hand", `{"hand":["a\nb"]}`, false},
	{"escaped slash", `{"hand":["a\/b"]}`, false},
	{"fraction", `{"width":1.5}`, false},
	{"integral fraction", `{"width":1.0}`, false},
	{"exponent", `{"width":1e2}`, false},
	{"upper-case exponent", `{"objects":[{"x":1E2}]}`, false},
	{"just past the largest int", `{"width":9223372036854775808}`, false},
	{"just past the smallest int", `{"width":-9223372036854775809}`, false},
	{"far too large", `{"height":123456789012345678901234567890}`, false},
	{"leading zero", `{"width":01}`, false},
	{"minus alone", `{"width":-}`, false},
	{"plus sign", `{"width":+1}`, false},
	{"minus then letter", `{"width":-x}`, false},
	{"null width", `{"width":null}`, false},
	{"null element", `{"objects":[null]}`, false},
	{"null kind", `{"objects":[{"kind":null}]}`, false},
	{"null coordinate", `{"cards":[{"x":null}]}`, false},
	{"null in the hand", `{"hand":[null]}`, false},
	{"width as a string", `{"width":"3"}`, false},
	{"width as true", `{"width":true}`, false},
	{"objects as an object", `{"objects":{}}`, false},
	{"objects as a string", `{"objects":"zip"}`, false},
	{"a number for an element", `{"objects":[1]}`, false},
	{"an array for an element", `{"cards":[[]]}`, false},
	{"a number in the hand", `{"hand":[1]}`, false},
	{"hand as a string", `{"hand":"a"}`, false},
	{"kind as a number", `{"objects":[{"kind":1}]}`, false},
	{"invalid UTF-8 in a kind", "{\"objects\":[{\"kind\":\"z\xffp\"}]}", false},
	{"invalid UTF-8 in the hand", "{\"hand\":[\"\xc3\"]}", false},
	{"control byte in a kind", "{\"objects\":[{\"kind\":\"z\tp\"}]}", false},
	{"control byte in a skipped string", "{\"title\":\"a\x01\"}", false},
	{"control byte in a name", "{\"wid\nth\":1}", false},
	{"unknown escape in a skipped string", `{"title":"\x41"}`, false},
	{"short unicode escape", `{"title":"\u12"}`, false},
	{"bad hex in a unicode escape", `{"title":"\u12g4"}`, false},
	{"unterminated skipped string", `{"title":"abc`, false},
	{"backslash at the end", `{"title":"abc\`, false},
	{"trailing comma in a skipped array", `{"solution":[1,]}`, false},
	{"leading zero in a skipped number", `{"solution":[01]}`, false},
	{"bare point", `{"solution":1.}`, false},
	{"no integer part", `{"solution":.5}`, false},
	{"empty exponent", `{"solution":1e}`, false},
	{"signed empty exponent", `{"solution":1e+}`, false},
	{"skipped minus alone", `{"solution":-}`, false},
	{"skipped plus", `{"solution":+1}`, false},
	{"short true", `{"solution":tru}`, false},
	{"capital null", `{"solution":Null}`, false},
	{"NaN", `{"solution":NaN}`, false},
	{"member with no value", `{"solution":{"a"}}`, false},
	{"number as a member name", `{"solution":{1:2}}`, false},
	{"trailing comma in a skipped object", `{"solution":{"a":1,}}`, false},
	{"unclosed skipped array", `{"solution":[}`, false},
	{"unterminated skipped array", `{"solution":[`, false},
	{"nothing after the colon", `{"solution":}`, false},
	{"nesting past the limit", `{"extra":` + nested(maxSkipDepth) + `}`, false},
	{"deep nesting", `{"extra":` + nested(200) + `}`, false},
	{"nesting past encoding/json's limit", `{"extra":` + nested(10001) + `}`, false},
}

// TestDecodeLevelGivesWhatUnmarshalGives: on each case DecodeLevel gives
// json.Unmarshal's level and error, and the fast path takes exactly the
// cases it is meant to.
func TestDecodeLevelGivesWhatUnmarshalGives(t *testing.T) {
	for _, c := range decodeCases {
		t.Run(c.name, func(t *testing.T) {
			if diff := unlikeUnmarshal([]byte(c.in)); diff != "" {
				t.Errorf("DecodeLevel(%q) gives %s", c.in, diff)
			}
			if _, ok := decodeLevelFast([]byte(c.in)); ok != c.fast {
				t.Errorf("decodeLevelFast(%q) takes it: %v, want %v", c.in, ok, c.fast)
			}
		})
	}
}

// TestDecodeLevelReadsEveryLevelFast: every level file of the repository
// is read by the fast path, into what json.Unmarshal reads.
func TestDecodeLevelReadsEveryLevelFast(t *testing.T) {
	for _, f := range repositoryLevelFiles(t) {
		got, ok := decodeLevelFast(f.text)
		if !ok {
			t.Errorf("%s: the fast path leaves it to json.Unmarshal", f.name)
			continue
		}
		var want LevelDef
		if err := json.Unmarshal(f.text, &want); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the fast path gives %#v,\njson.Unmarshal gives %#v", f.name, got, want)
		}
		if len(got.Objects) == 0 {
			t.Errorf("%s: no objects", f.name)
		}
	}
}

// FuzzDecodeLevelIsUnmarshal: on any input DecodeLevel gives what
// json.Unmarshal gives.
func FuzzDecodeLevelIsUnmarshal(f *testing.F) {
	for _, lf := range repositoryLevelFiles(f) {
		f.Add(lf.text)
	}
	for _, c := range decodeCases {
		f.Add([]byte(c.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if diff := unlikeUnmarshal(data); diff != "" {
			t.Errorf("DecodeLevel(%q) gives %s", data, diff)
		}
	})
}

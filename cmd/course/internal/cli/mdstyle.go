package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/charmbracelet/glamour/ansi"
	glamourstyles "github.com/charmbracelet/glamour/styles"
	"github.com/muesli/termenv"

	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/termsafe"
)

// glamourStyleVar is the variable glamour's own programs (glow among them)
// take a Markdown style from: a standard style's name, "auto", or the path
// of a JSON style file. A learner who set it for glow gets the same look
// in the lessons.
const glamourStyleVar = "GLAMOUR_STYLE"

// defaultMarkdownStyle is the style on a terminal with colour, when
// GLAMOUR_STYLE names none.
const defaultMarkdownStyle = glamourstyles.DarkStyle

// GlamourStyleError says GLAMOUR_STYLE names no style the lessons can be
// laid out in; they are laid out in the default style instead.
type GlamourStyleError struct {
	Value string
	// InFile says the value is a style file, one that cannot be used as it
	// is: the mend may be in the file.
	InFile bool
	Err    error // why the value was refused
}

func (e *GlamourStyleError) Error() string {
	names := strings.Join(slices.Sorted(maps.Keys(glamourstyles.DefaultStyles)), ", ")
	mend := fmt.Sprintf("set %s to one of %s, auto or a JSON style file's path, or unset it", glamourStyleVar, names)
	if e.InFile {
		mend = fmt.Sprintf("mend the file, or set %s to one of %s, auto or another style file's path, or unset it", glamourStyleVar, names)
	}
	return fmt.Sprintf("%s=%s cannot be used: %s; %s (shown in the %s style)", glamourStyleVar, termsafe.String(e.Value), termsafe.String(e.Err.Error()), mend, defaultMarkdownStyle)
}

func (e *GlamourStyleError) Unwrap() error { return e.Err }

// markdownStyle is the glamour style text is laid out in on this
// terminal: notty without colour; with colour, the one GLAMOUR_STYLE
// names, as glamour takes it, or dark. A GLAMOUR_STYLE that names no
// style gives dark and the reason, for the caller to say.
func (t Terminal) markdownStyle() (ansi.StyleConfig, *GlamourStyleError) {
	if !t.colored() {
		return glamourstyles.NoTTYStyleConfig, nil
	}
	value := os.Getenv(glamourStyleVar)
	if value == "" {
		return *glamourstyles.DefaultStyles[defaultMarkdownStyle], nil
	}
	return namedMarkdownStyle(value)
}

// namedMarkdownStyle is the style value names: a standard style, auto
// (dark or light, as the terminal's background is), or a JSON style file;
// or else the default style and why value names none. The file must be a
// regular one: a FIFO there would hang the lesson.
func namedMarkdownStyle(value string) (ansi.StyleConfig, *GlamourStyleError) {
	refuse := func(inFile bool, err error) (ansi.StyleConfig, *GlamourStyleError) {
		return *glamourstyles.DefaultStyles[defaultMarkdownStyle], &GlamourStyleError{Value: value, InFile: inFile, Err: err}
	}
	if value == glamourstyles.AutoStyle {
		if termenv.HasDarkBackground() {
			return glamourstyles.DarkStyleConfig, nil
		}
		return glamourstyles.LightStyleConfig, nil
	}
	if cfg, ok := glamourstyles.DefaultStyles[value]; ok {
		return *cfg, nil
	}
	raw, err := regularfile.ReadFile(value)
	var notRegular *regularfile.NotRegularError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return refuse(false, errors.New("no standard style is called that, and no file is there"))
	case errors.As(err, &notRegular):
		return refuse(false, fmt.Errorf("it is %s, not a style file", regularfile.Describe(notRegular.Mode)))
	case err != nil:
		return refuse(false, fmt.Errorf("reading it as a style file failed: %w", err))
	}
	var cfg ansi.StyleConfig
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return refuse(true, fmt.Errorf("the file is not a glamour style file: %w", err))
	}
	if err := checkStyle(reflect.ValueOf(cfg), ""); err != nil {
		return refuse(true, fmt.Errorf("the style file's %w", err))
	}
	return cfg, nil
}

// maxStyleIndent is the most a style file may indent or pad by, in
// cells: a screen is at most a few hundred wide, and glamour writes a
// margin of a million spaces on every line if it is asked to.
const maxStyleIndent = 40

// maxIndentToken is the longest indent_token a style file may give, in
// bytes: glamour writes it indent times at the start of each line.
const maxIndentToken = 16

// checkStyle refuses what a style file may say that glamour would not
// survive, or would turn into a flood of output: a code block's chroma
// colour that chroma cannot parse (glamour's renderer panics on it, with
// a lock held), a margin, indent or level_indent over maxStyleIndent, an
// indent_token over maxIndentToken. path is v's place in the file, as its
// JSON keys spell it, for the message.
func checkStyle(v reflect.Value, path string) error {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return checkStyle(v.Elem(), path)
	case reflect.Struct:
		if prim, ok := v.Interface().(ansi.StylePrimitive); ok && strings.Contains(path, "chroma.") {
			if _, err := chroma.ParseStyleEntry(chromaEntry(prim)); err != nil {
				return fmt.Errorf("%s is not a colour chroma knows: %w", path, err)
			}
		}
		for i := range v.NumField() {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			if name == "" || name == "-" {
				name = v.Type().Field(i).Name
			}
			if path != "" {
				name = path + "." + name
			}
			if err := checkStyle(v.Field(i), name); err != nil {
				return err
			}
		}
	case reflect.Uint:
		switch last(path) {
		case "margin", "indent", "level_indent":
			if v.Uint() > maxStyleIndent {
				return fmt.Errorf("%s is %d, more than the %d cells a lesson's layout takes", path, v.Uint(), maxStyleIndent)
			}
		}
	case reflect.String:
		if last(path) == "indent_token" && v.Len() > maxIndentToken {
			return fmt.Errorf("%s is %d bytes long, more than the %d a lesson's layout takes", path, v.Len(), maxIndentToken)
		}
	default:
		// The rest (booleans, the other numbers) are nothing glamour
		// repeats or hands to chroma.
	}
	return nil
}

// last is the last key of a dotted path.
func last(path string) string { return path[strings.LastIndexByte(path, '.')+1:] }

// chromaEntry is a style primitive as glamour hands it to chroma for a
// code block's highlighting: colour, background, then the font's styles.
func chromaEntry(p ansi.StylePrimitive) string {
	var parts []string
	if p.Color != nil {
		parts = append(parts, *p.Color)
	}
	if p.BackgroundColor != nil {
		parts = append(parts, "bg:"+*p.BackgroundColor)
	}
	for _, f := range []struct {
		on   *bool
		word string
	}{{p.Italic, "italic"}, {p.Bold, "bold"}, {p.Underline, "underline"}} {
		if f.on != nil && *f.on {
			parts = append(parts, f.word)
		}
	}
	return strings.Join(parts, " ")
}

// gluePadding returns cfg with the characters glamour writes on either
// side of inline code (its Prefix and Suffix: a space, in the colour
// styles; glamour writes no BlockPrefix around a code span) replaced by their
// stand-ins (see keepCodeSpansWhole), which are put back after layout.
// glamour would otherwise break a line at that padding, between a code
// span and the comma or full stop right after it, and start the next line
// with the punctuation.
func gluePadding(cfg ansi.StyleConfig) ansi.StyleConfig {
	code := &cfg.Code.StylePrimitive
	code.Prefix = toStandIns.Replace(code.Prefix)
	code.Suffix = toStandIns.Replace(code.Suffix)
	return cfg
}

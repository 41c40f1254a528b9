package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/charmbracelet/glamour/ansi"
	glamourstyles "github.com/charmbracelet/glamour/styles"
	"github.com/muesli/termenv"

	"github.com/systemic-game-design/course/internal/regularfile"
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
	Err   error // why the value was refused
}

func (e *GlamourStyleError) Error() string {
	names := slices.Sorted(maps.Keys(glamourstyles.DefaultStyles))
	return fmt.Sprintf("%s=%s names no style: %v; set it to one of %s, auto or a JSON style file's path, or unset it (shown in the %s style)",
		glamourStyleVar, e.Value, e.Err, strings.Join(names, ", "), defaultMarkdownStyle)
}

func (e *GlamourStyleError) Unwrap() error { return e.Err }

// markdownStyle is the glamour style text is laid out in on this
// terminal: notty without colour; with colour, the one GLAMOUR_STYLE
// names, as glamour takes it, or dark. A GLAMOUR_STYLE that names no
// style gives dark and a *GlamourStyleError, for the caller to say.
func (t Terminal) markdownStyle() (ansi.StyleConfig, error) {
	if !t.colored() {
		return glamourstyles.NoTTYStyleConfig, nil
	}
	value := os.Getenv(glamourStyleVar)
	if value == "" {
		return *glamourstyles.DefaultStyles[defaultMarkdownStyle], nil
	}
	cfg, err := namedMarkdownStyle(value)
	if err != nil {
		return *glamourstyles.DefaultStyles[defaultMarkdownStyle], &GlamourStyleError{Value: value, Err: err}
	}
	return cfg, nil
}

// namedMarkdownStyle is the style value names: a standard style, auto
// (dark or light, as the terminal's background is), or a JSON style file.
// The file must be a regular one: a FIFO there would hang the lesson.
func namedMarkdownStyle(value string) (ansi.StyleConfig, error) {
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
		return ansi.StyleConfig{}, errors.New("no standard style is called that, and no file is there")
	case errors.As(err, &notRegular):
		return ansi.StyleConfig{}, fmt.Errorf("it is %s, not a style file", regularfile.Describe(notRegular.Mode))
	case err != nil:
		return ansi.StyleConfig{}, fmt.Errorf("reading it as a style file failed: %w", err)
	}
	var cfg ansi.StyleConfig
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return ansi.StyleConfig{}, fmt.Errorf("the file is not a glamour style file: %w", err)
	}
	return cfg, nil
}

// gluePadding returns cfg with the characters glamour writes on either
// side of inline code (a space, in the colour styles) replaced by their
// stand-ins (see keepCodeSpansWhole), which are put back after layout.
// glamour would otherwise break a line at that padding, between a code
// span and the comma or full stop right after it, and start the next line
// with the punctuation.
func gluePadding(cfg ansi.StyleConfig) ansi.StyleConfig {
	code := &cfg.Code.StylePrimitive
	code.Prefix = toStandIns.Replace(code.Prefix)
	code.Suffix = toStandIns.Replace(code.Suffix)
	code.BlockPrefix = toStandIns.Replace(code.BlockPrefix)
	code.BlockSuffix = toStandIns.Replace(code.BlockSuffix)
	return cfg
}

package play

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// Run plays a screen (a Grid, a Table) in the terminal until the player
// quits, drawing in the colour profile its styles were made for
// (Styles.Profile) rather than one Bubble Tea finds itself, so that no
// colour of theirs is lowered again. The screen answers keys while its
// engine works (responsive); when Run returns, no work of the screen's
// is running, so its methods may be called. A screen closed because ctx
// was done (a signal) returns ctx's cause, so that play ends as any
// command a signal stopped. Tests pass more options (their own input and
// output).
func Run(ctx context.Context, s Screen, profile colorprofile.Profile, opts ...tea.ProgramOption) error {
	r := newResponsive(s)
	p := tea.NewProgram(r, append([]tea.ProgramOption{tea.WithContext(ctx), tea.WithColorProfile(profile)}, opts...)...)
	_, err := p.Run()
	r.end()
	if why := r.panicked(); why != "" {
		return fmt.Errorf("course play: the screen stopped on a panic: %s", why)
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	// A panic in View, on the event loop, is written by Bubble Tea once
	// the terminal is restored, and ends the program as killed: it is
	// still an error, not a quit.
	if err != nil && (errors.Is(err, tea.ErrProgramPanic) || !errors.Is(err, tea.ErrProgramKilled) && !errors.Is(err, context.Canceled)) {
		return fmt.Errorf("course play: the screen stopped: %w", err)
	}
	return nil
}

// fullScreen is a screen's view as Run shows it: on the alternate screen,
// so the shell's scrollback is left as it was.
func fullScreen(content string) tea.View {
	v := tea.NewView(content)
	v.AltScreen = true
	return v
}

// withClicks is a view with clicks reported, so that a click on a history
// row goes back to before that move. Only a screen that reads clicks asks
// for them: the terminal then no longer selects text with the mouse, and
// a panic's file and line is what a learner copies.
func withClicks(v tea.View) tea.View {
	v.MouseMode = tea.MouseModeCellMotion
	return v
}

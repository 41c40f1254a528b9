package play

import (
	"context"
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// Run plays a screen in the terminal (the alternate screen, so the shell's
// scrollback is left as it was) until the player quits. Clicks reach
// it: a click on a history row goes back to before that move.
func Run(ctx context.Context, m tea.Model) error {
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithContext(ctx))
	if _, err := p.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("course play: the screen stopped: %w", err)
	}
	return nil
}

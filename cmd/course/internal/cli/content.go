package cli

import (
	"errors"
	"fmt"

	"github.com/systemic-game-design/course/course/data"
)

// content is the course content the commands read, or why it does not
// load.
func (e *Env) content() (*data.Content, error) {
	switch {
	case e.Content != nil:
		return e.Content, nil
	case e.openContent != nil:
		return e.openContent()
	default:
		return nil, errors.New("no course content was given to the command")
	}
}

// catalog is the course catalog. With the content built in and not opened
// yet, it is read alone (data.EmbeddedCatalog), so that the audit does not
// pay for the schemas and the card files; a COURSE_CONTENT copy is opened
// whole, so that one that does not load stops this command too.
func (e *Env) catalog() (*data.Catalog, error) {
	if e.builtinUnopened() {
		return data.EmbeddedCatalog()
	}
	c, err := e.content()
	if err != nil {
		return nil, err
	}
	return c.Catalog(), nil
}

// builtinUnopened reports whether the command's content is the one built
// in and not given open: parts of it can then be read alone.
func (e *Env) builtinUnopened() bool { return e.Content == nil && e.builtin }

// contentDigest is the course content's version. The built-in content's
// is computed from its files alone (data.EmbeddedDigest), without the
// schemas and the card files; a COURSE_CONTENT copy is opened whole, so
// that one that does not load says so.
func (e *Env) contentDigest() (string, error) {
	digest := data.EmbeddedDigest
	if !e.builtinUnopened() {
		c, err := e.content()
		if err != nil {
			return "", err
		}
		digest = c.Digest
	}
	d, err := digest()
	if err != nil {
		return "", fmt.Errorf("reading the course content for its version: %w", err)
	}
	return d, nil
}

// contentError is a COURSE_CONTENT copy that does not load: the author's
// to mend.
type contentError struct {
	dir string
	err error
}

func (e *contentError) Error() string {
	return fmt.Sprintf("the course content in %s=%s does not load: %v; mend the copy, or unset %s to use the content built into course",
		ContentEnvVar, e.dir, e.err, ContentEnvVar)
}

func (e *contentError) Unwrap() error { return e.err }

// UserError marks the error as the course author's to mend.
func (e *contentError) UserError() bool { return true }

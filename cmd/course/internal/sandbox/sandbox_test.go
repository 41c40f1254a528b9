package sandbox

import (
	"errors"
	"testing"
)

func TestUnavailableSaysWhyAndNewRefuses(t *testing.T) {
	err := Available()
	if err == nil {
		t.Skip("the tests can be confined here")
	}
	if !errors.Is(err, ErrUnavailable) {
		t.Errorf("Available() = %v, which does not wrap ErrUnavailable", err)
	}
	if Scoped() {
		t.Error("Scoped() is true where nothing is confined")
	}
	if _, err := New(t.TempDir()); !errors.Is(err, ErrUnavailable) {
		t.Errorf("New() = %v, want ErrUnavailable", err)
	}
}

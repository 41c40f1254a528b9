package tests

import "testing"

// Module 6 is started, Module 8 (DOOR) is not.
func Test_06_started(t *testing.T) {}

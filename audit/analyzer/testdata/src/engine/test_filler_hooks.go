package engine // want `engine names "Test.Filler" \(a card, Module 01\) in the name test.filler.hooks\.go, as test.filler`

// hook has a clean name in a file whose name is not.
func hook() {}

package grid

import "testing"

func TestConversionKeepsIDAndAddsNewest(t *testing.T) {
	b := rulesBoard(t, 9, 5, "ZIP IS YOU", "ORB IS MOSS AND VAT")
	me := place(t, b, "zip", 0, 4)
	o := place(t, b, "orb", 3, 4)
	b.Step(Right)
	if got := b.KindOf(o); got != "moss" {
		t.Errorf("the converted object is %q, want moss", got)
	}
	equalStrings(t, "StackAt", b.StackAt(3, 4), []string{"moss", "vat"})
	if next := place(t, b, "cub", 0, 0); next != o+2 {
		t.Errorf("next id %d, want %d (the conversion added one object)", next, o+3)
	}
	at(t, b, me, 1, 4)
}

func TestIdentityLocksAndNotSelfDeletes(t *testing.T) {
	b := rulesBoard(t, 9, 5, "ZIP IS YOU", "ORB IS MOSS", "ORB IS ORB", "VAT IS NOT VAT AND CUB", "VAT IS CUB")
	place(t, b, "zip", 0, 4)
	o := place(t, b, "orb", 3, 4)
	v := place(t, b, "vat", 5, 4)
	b.Step(Down)
	if got := b.KindOf(o); got != "orb" {
		t.Errorf("ORB IS ORB let the object become %q", got)
	}
	gone(t, b, v)
	equalStrings(t, "StackAt", b.StackAt(5, 4), []string{"cub"})
}

func TestConditionalIdentityIsPerObject(t *testing.T) {
	b := rulesBoard(t, 9, 5, "ZIP IS YOU", "ORB IS MOSS", "ORB ON CUB IS ORB")
	place(t, b, "zip", 0, 4)
	o1 := place(t, b, "orb", 3, 4)
	place(t, b, "cub", 3, 4)
	o2 := place(t, b, "orb", 5, 4)
	equalStrings(t, "ActiveRules", b.ActiveRules(), []string{"ORB IS MOSS", "ORB ON CUB IS ORB", "TEXT IS PUSH", "ZIP IS YOU"})
	b.Step(Down)
	if b.KindOf(o1) != "orb" || b.KindOf(o2) != "moss" {
		t.Errorf("kinds %q, %q, want orb (on cub, locked) and moss", b.KindOf(o1), b.KindOf(o2))
	}
}

func TestHazards(t *testing.T) {
	b := rulesBoard(t, 9, 6, "ZIP IS YOU", "ORB IS SINK", "MOSS IS HOT", "CUB IS MELT", "VAT IS DEFEAT")
	z1 := place(t, b, "zip", 0, 5)
	orb := place(t, b, "orb", 1, 5)
	z2 := place(t, b, "zip", 5, 5) // moves onto the vat: defeated
	vat := place(t, b, "vat", 6, 5)
	cub := place(t, b, "cub", 8, 5)
	place(t, b, "moss", 8, 5)
	b.Step(Right)
	gone(t, b, z1)
	gone(t, b, orb)
	gone(t, b, z2)
	at(t, b, vat, 6, 5)
	gone(t, b, cub)
	if !b.Lost() {
		t.Error("Lost() is false with every YOU object gone")
	}
}

func TestFloatLevels(t *testing.T) {
	b := rulesBoard(t, 9, 5, "ZIP IS YOU AND FLOAT", "VAT IS DEFEAT", "ORB IS WIN")
	me := place(t, b, "zip", 0, 4)
	place(t, b, "vat", 1, 4)
	place(t, b, "orb", 2, 4)
	b.Step(Right)
	at(t, b, me, 1, 4)
	b.Step(Right)
	if b.Won() {
		t.Error("a floating YOU won on a WIN that does not float")
	}
}

func TestWinLatchesAndUndoRestores(t *testing.T) {
	b := rulesBoard(t, 9, 5, "ZIP IS YOU", "ORB IS WIN", "MOSS IS ZAP")
	me := place(t, b, "zip", 0, 4)
	place(t, b, "orb", 1, 4)
	m := place(t, b, "moss", 0, 3)
	b.Step(Right)
	if !b.Won() {
		t.Fatal("stepping onto WIN did not win")
	}
	b.Step(Right)
	if !b.Won() {
		t.Error("Won() went back to false")
	}
	if !b.Undo() || !b.Won() {
		t.Error("undoing the second step lost the win")
	}
	if !b.Undo() || b.Won() {
		t.Error("undoing the first step kept the win")
	}
	at(t, b, me, 0, 4)
	if b.KindOf(m) != "moss" {
		t.Errorf("undo left the converted object a %q", b.KindOf(m))
	}
	if b.Undo() {
		t.Error("Undo with no history returned true")
	}
}

func TestUndoRestoresIDsAndRules(t *testing.T) {
	b := rulesBoard(t, 9, 5, "ZIP IS YOU", "ORB IS MOSS AND VAT")
	place(t, b, "zip", 0, 2)
	o := place(t, b, "orb", 5, 4)
	before := b.Rules()
	b.Step(Down) // the orb becomes a moss and a new vat appears
	b.Step(Up)
	if _, changes := b.History(); changes == 0 {
		t.Fatal("two steps left nothing in the journal")
	}
	for range 2 {
		if !b.Undo() {
			t.Fatal("Undo returned false with two steps to take back")
		}
	}
	equalStrings(t, "StackAt", b.StackAt(5, 4), []string{"orb"})
	equalStrings(t, "Rules()", b.Rules(), before)
	if next := place(t, b, "cub", 0, 0); next != o+1 {
		t.Errorf("after undo the next id is %d, want %d", next, o+1)
	}
	if b.Undo() {
		t.Error("Place did not clear the history")
	}
}

package grid

import (
	"fmt"
	"strings"
	"testing"
)

func TestOnNeedsADifferentObjectPerNoun(t *testing.T) {
	b := rulesBoard(t, 9, 6, "ZIP ON ORB AND ORB IS WIN", "ZAP ON ORB AND MOSS IS WIN", "CUB ON EVERY IS WIN", "VAT ON TEXT IS WIN")
	z := place(t, b, "zip", 0, 5)
	place(t, b, "orb", 0, 5)
	if b.HasProperty(z, "WIN") {
		t.Error("ON ORB AND ORB held with one orb")
	}
	place(t, b, "orb", 0, 5)
	if !b.HasProperty(z, "WIN") {
		t.Error("ON ORB AND ORB failed with two orbs")
	}

	p := place(t, b, "zap", 2, 5)
	place(t, b, "orb", 2, 5)
	if b.HasProperty(p, "WIN") {
		t.Error("ON ORB AND MOSS held with an orb only")
	}
	place(t, b, "moss", 2, 5)
	if !b.HasProperty(p, "WIN") {
		t.Error("ON ORB AND MOSS failed with both")
	}

	c := place(t, b, "cub", 4, 5)
	place(t, b, "text:ZIP", 4, 5)
	if b.HasProperty(c, "WIN") {
		t.Error("ON EVERY held with only text on the tile")
	}
	place(t, b, "cub", 4, 5)
	if !b.HasProperty(c, "WIN") {
		t.Error("ON EVERY failed with another thing on the tile")
	}

	v := place(t, b, "vat", 6, 5)
	if b.HasProperty(v, "WIN") {
		t.Error("ON TEXT held alone")
	}
	place(t, b, "text:ZAP", 6, 5)
	if !b.HasProperty(v, "WIN") {
		t.Error("ON TEXT failed with text on the tile")
	}
}

func TestConditionIsCheckedAfterMovement(t *testing.T) {
	b := rulesBoard(t, 9, 6, "ZIP IS YOU", "ZIP ON ORB IS WIN", "ORB ON ZIP IS SINK")
	me := place(t, b, "zip", 0, 5)
	place(t, b, "orb", 1, 5)
	b.Move(Right)
	if !b.HasProperty(me, "WIN") {
		t.Error("the zip on the orb is not WIN after the move")
	}
	b.Undo()
	b.Step(Right)
	// the orb, on a zip, is SINK: both go
	gone(t, b, me)
	if b.Won() {
		t.Error("won although SINK ran before the win check")
	}
}

func TestNegationPerObjectWithOtherCondition(t *testing.T) {
	b := rulesBoard(t, 9, 6, "ZIP IS PUSH", "ZIP ON MOSS IS NOT PUSH", "EVERY IS NOT STOP", "ZIP IS STOP")
	z1 := place(t, b, "zip", 0, 5)
	z2 := place(t, b, "zip", 2, 5)
	place(t, b, "moss", 2, 5)
	equalStrings(t, "ActiveRules", b.ActiveRules(), []string{"EVERY IS NOT STOP", "TEXT IS PUSH", "ZIP IS PUSH", "ZIP IS STOP", "ZIP ON MOSS IS NOT PUSH"})
	if !b.HasProperty(z1, "PUSH") || b.HasProperty(z2, "PUSH") {
		t.Error("ZIP ON MOSS IS NOT PUSH was not settled per object")
	}
	if b.HasProperty(z1, "STOP") {
		t.Error("EVERY IS NOT STOP did not take STOP from a zip")
	}
}

func TestActiveInWords(t *testing.T) {
	b := rulesBoard(t, 9, 3, "ZIP ON ORB AND MOSS IS WIN", "ZIP IS NOT YOU")
	got := b.Active()
	want := []RuleInfo{
		{Subject: "ZIP", Cond: "ON ORB AND MOSS", Pred: "WIN"},
		{Subject: "ZIP", Neg: true, Pred: "YOU"},
		{Subject: "TEXT", Pred: "PUSH"},
	}
	if len(got) != len(want) {
		t.Fatalf("Active() = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Active()[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestDestroyCreateAndDestroyed(t *testing.T) {
	b := rulesBoard(t, 9, 6, "ZIP IS YOU", "ORB IS DEFEAT")
	me := place(t, b, "zip", 0, 5)
	place(t, b, "orb", 1, 5)
	b.Step(Right)
	if got := b.Destroyed(); len(got) != 1 || got[0] != me {
		t.Errorf("Destroyed() = %v, want [%d]", got, me)
	}
	b.Undo()
	id, err := b.Create("cub", 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	b.Destroy(id)
	gone(t, b, id)
	if turns, _ := b.History(); turns != 0 {
		t.Errorf("%d turns in the history", turns)
	}
	if b.NextID() != id+1 {
		t.Errorf("NextID() = %d after creating %d", b.NextID(), id)
	}
}

// TestUndoTakesBackWhatCameBetweenTurns: a Create or a Destroy after a
// Step belongs to the board as it was after that Step, so Undo takes them
// back with it: the board is as it was before the Step, ids included.
func TestUndoTakesBackWhatCameBetweenTurns(t *testing.T) {
	b := rulesBoard(t, 9, 6, "ZIP IS YOU")
	me := place(t, b, "zip", 0, 5)
	orb := place(t, b, "orb", 4, 5)
	next := b.NextID()
	tiles := func() string {
		var out []string
		for y := range 6 {
			for x := range 9 {
				out = append(out, fmt.Sprintf("%d,%d %v %v", x, y, b.StackAt(x, y), b.IDsAt(x, y)))
			}
		}
		return strings.Join(out, "\n")
	}
	before := tiles()
	b.Step(Right)
	made, err := b.Create("cub", 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	b.Destroy(orb)
	b.Destroy(made)
	again, err := b.Create("moss", 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	reserved := b.Reserve()
	if !b.Undo() {
		t.Fatal("Undo found no turn to take back")
	}
	at(t, b, me, 0, 5)
	at(t, b, orb, 4, 5)
	for _, id := range []ID{made, again, reserved} {
		if id < next {
			t.Fatalf("id %d was issued before the Step", id)
		}
	}
	if b.NextID() != next {
		t.Errorf("NextID() = %d after the Undo, want %d as before the Step", b.NextID(), next)
	}
	if got := tiles(); got != before {
		t.Errorf("after the Undo the tiles are\n%s\nwant, as before the Step,\n%s", got, before)
	}
	checkKindLists(t, b, "the undo")
	// Before the first turn there is nothing to go back to.
	fresh := rulesBoard(t, 9, 6, "ZIP IS YOU")
	if _, err := fresh.Create("cub", 1, 1); err != nil {
		t.Fatal(err)
	}
	if fresh.Undo() {
		t.Error("Undo took back a Create made before any turn")
	}
	if turns, changes := fresh.History(); turns != 0 || changes != 0 {
		t.Errorf("History() = %d turns, %d changes before any turn", turns, changes)
	}
}

func TestLexiconErrors(t *testing.T) {
	for _, words := range [][]Word{
		{{Word: "zip", Role: RoleNoun}},
		{{Word: "ZIP", Role: RoleNoun}, {Word: "ZIP", Role: RoleProperty}},
		{{Word: "ZIP", Role: "verb"}},
		{{Word: "OR", Role: RoleOperator}},
		{{Word: "ALLS", Role: RoleMeta, Names: "everything"}},
		{{Word: "ZIP", Role: RoleNoun, Names: NamesText}},
	} {
		if _, err := NewLexicon(words); err == nil {
			t.Errorf("NewLexicon(%+v) gave no error", words)
		}
	}
	if _, err := ParseLexicon([]byte(`{"words": [`)); err == nil {
		t.Error("ParseLexicon of broken JSON gave no error")
	}
}

func TestDirs(t *testing.T) {
	for _, d := range []Dir{Up, Down, Left, Right} {
		if got, ok := ParseDir(d.String()); !ok || got != d {
			t.Errorf("ParseDir(%q) = %v, %v", d.String(), got, ok)
		}
	}
	if _, ok := ParseDir("north"); ok {
		t.Error("ParseDir accepted north")
	}
}

package grid

import "testing"

func rulesOf(t *testing.T, w, h int, lines ...string) []string {
	t.Helper()
	b := newTestBoard(t, w, h)
	for y, l := range lines {
		write(t, b, 0, y, false, l)
	}
	return b.Rules()
}

func TestParseSentences(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"simple", []string{"ZIP IS YOU"}, []string{"TEXT IS PUSH", "ZIP IS YOU"}},
		{"and both sides", []string{"ZIP AND ZAP IS YOU AND WIN"},
			[]string{"TEXT IS PUSH", "ZAP IS WIN", "ZAP IS YOU", "ZIP IS WIN", "ZIP IS YOU"}},
		{"not", []string{"ZIP IS NOT YOU AND WIN"}, []string{"TEXT IS PUSH", "ZIP IS NOT YOU", "ZIP IS WIN"}},
		{"double not is no sentence", []string{"ZIP IS NOT NOT YOU"}, []string{"TEXT IS PUSH"}},
		{"not before subject is ignored", []string{"NOT ZIP IS YOU"}, []string{"TEXT IS PUSH", "ZIP IS YOU"}},
		{"chained", []string{"ZIP IS ZAP IS YOU"}, []string{"TEXT IS PUSH", "ZAP IS YOU", "ZIP IS ZAP"}},
		{"trailing and", []string{"ZIP IS YOU AND"}, []string{"TEXT IS PUSH", "ZIP IS YOU"}},
		{"no predicate", []string{"ZIP IS"}, []string{"TEXT IS PUSH"}},
		{"condition", []string{"ZIP ON ORB AND MOSS IS WIN"}, []string{"TEXT IS PUSH", "ZIP ON ORB AND MOSS IS WIN"}},
		{"condition with two subjects", []string{"ZIP AND ZAP ON ORB IS WIN"},
			[]string{"TEXT IS PUSH", "ZAP ON ORB IS WIN", "ZIP ON ORB IS WIN"}},
		{"meta words", []string{"EVERY IS FLOAT", "TEXT IS NOT PUSH"},
			[]string{"EVERY IS FLOAT", "TEXT IS NOT PUSH", "TEXT IS PUSH"}},
		{"written twice counts once", []string{"ZIP IS YOU", "ZIP IS YOU"}, []string{"TEXT IS PUSH", "ZIP IS YOU"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			equalStrings(t, "Rules()", rulesOf(t, 9, 3, c.lines...), c.want)
		})
	}
}

func TestParseGap(t *testing.T) {
	b := newTestBoard(t, 5, 1)
	place(t, b, "text:ZIP", 0, 0)
	place(t, b, "text:IS", 1, 0)
	place(t, b, "text:YOU", 3, 0)
	equalStrings(t, "Rules()", b.Rules(), []string{"TEXT IS PUSH"})
}

func TestParseVertical(t *testing.T) {
	b := newTestBoard(t, 3, 5)
	write(t, b, 1, 1, true, "ZIP IS WIN")
	write(t, b, 0, 2, false, "ZAP IS YOU")
	equalStrings(t, "Rules()", b.Rules(), []string{"TEXT IS PUSH", "ZAP IS YOU", "ZIP IS WIN"})
}

func TestParseStacked(t *testing.T) {
	b := newTestBoard(t, 7, 2)
	write(t, b, 0, 0, false, "ZIP ON ORB IS WIN")
	place(t, b, "text:AND", 1, 0)
	place(t, b, "text:MOSS", 2, 0)
	equalStrings(t, "Rules()", b.Rules(), []string{
		"MOSS IS WIN", "ORB IS WIN", "TEXT IS PUSH", "ZIP IS WIN",
		"ZIP ON MOSS IS WIN", "ZIP ON ORB IS WIN",
	})
}

func TestParseStackedPredicates(t *testing.T) {
	b := newTestBoard(t, 5, 1)
	write(t, b, 0, 0, false, "ZIP IS YOU")
	place(t, b, "text:NOT", 2, 0)
	place(t, b, "text:WIN", 3, 0)
	equalStrings(t, "Rules()", b.Rules(), []string{"TEXT IS PUSH", "ZIP IS NOT WIN", "ZIP IS YOU"})
}

func TestSameConditionInAnyOrder(t *testing.T) {
	b := newTestBoard(t, 9, 3)
	write(t, b, 0, 0, false, "ZIP ON ORB AND MOSS IS WIN")
	write(t, b, 0, 1, false, "ZIP ON MOSS AND ORB IS NOT WIN")
	write(t, b, 0, 2, false, "ZIP ON ORB IS YOU")
	equalStrings(t, "ActiveRules()", b.ActiveRules(), []string{
		"TEXT IS PUSH", "ZIP ON MOSS AND ORB IS NOT WIN", "ZIP ON ORB IS YOU",
	})
}

func TestResolution(t *testing.T) {
	b := newTestBoard(t, 9, 5)
	write(t, b, 0, 0, false, "ZIP IS YOU AND WIN")
	write(t, b, 0, 1, false, "ZIP IS NOT WIN")
	write(t, b, 0, 2, false, "ZIP IS ZIP AND ZAP")
	write(t, b, 0, 3, false, "ZAP ON ORB IS ZAP")
	write(t, b, 0, 4, false, "ZAP IS ORB")
	equalStrings(t, "Rules()", b.Rules(), []string{
		"TEXT IS PUSH", "ZAP IS ORB", "ZAP ON ORB IS ZAP", "ZIP IS NOT WIN",
		"ZIP IS WIN", "ZIP IS YOU", "ZIP IS ZAP", "ZIP IS ZIP",
	})
	equalStrings(t, "ActiveRules()", b.ActiveRules(), []string{
		"TEXT IS PUSH", "ZAP IS ORB", "ZAP ON ORB IS ZAP", "ZIP IS NOT WIN", "ZIP IS YOU", "ZIP IS ZIP",
	})
}

func TestTextIsNotPush(t *testing.T) {
	b := newTestBoard(t, 5, 1)
	write(t, b, 0, 0, false, "TEXT IS NOT PUSH")
	equalStrings(t, "ActiveRules()", b.ActiveRules(), []string{"TEXT IS NOT PUSH"})
	if b.HasProperty(1, "PUSH") {
		t.Error("text is PUSH despite TEXT IS NOT PUSH")
	}
}

func TestConditionNeedsASubject(t *testing.T) {
	equalStrings(t, "Rules()", rulesOf(t, 9, 1, "YOU ON ORB IS WIN"), []string{"ORB IS WIN", "TEXT IS PUSH"})
	equalStrings(t, "Rules()", rulesOf(t, 9, 1, "ZIP ON ORB AND MOSS IS WIN"), []string{"TEXT IS PUSH", "ZIP ON ORB AND MOSS IS WIN"})
}

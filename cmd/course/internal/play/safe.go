package play

import (
	"strings"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/internal/termsafe"
)

// oneLine is text from elsewhere (an engine's names and panics, a level
// file's title, a path) as one line of the screen: what a terminal would
// act on spelled out, as termsafe.String spells it, a line break spelled
// out as \n and a tab made a space. The layout then measures the cells
// the terminal shows; spelled out only when the whole screen is drawn,
// the text would grow past its pane's border, and a panic message of
// several lines would push the screen's last lines off it.
func oneLine(s string) string {
	s = termsafe.String(strings.TrimRight(s, "\n"))
	if !strings.ContainsAny(s, "\t\n") {
		return s
	}
	return lineEscapes.Replace(s)
}

var lineEscapes = strings.NewReplacer("\t", " ", "\n", `\n`)

// lines is oneLine for text of several lines (a log tree): each line
// made safe, the line breaks kept.
func lines(s string) string {
	return strings.ReplaceAll(termsafe.String(s), "\t", " ")
}

// safeReply makes every string of a reply that the screen shows safe to
// lay out, in place: each reply is the screen's own, fresh from the
// protocol's JSON. A Choose's options are left as they are: the one picked
// goes back to the engine, and the menu shows them through oneLine.
func safeReply(rep driver.Reply) driver.Reply {
	rep.Panic, rep.Refused = oneLine(rep.Panic), oneLine(rep.Refused)
	if rep.Choose != nil {
		rep.Choose.Kind = oneLine(rep.Choose.Kind)
	}
	if st := rep.State; st != nil {
		for _, t := range st.Tiles {
			allOneLine(t)
		}
		for i := range st.Objects {
			o := &st.Objects[i]
			o.Kind, o.Minion = oneLine(o.Kind), oneLine(o.Minion)
		}
		allOneLine(st.ActiveRules)
		allOneLine(st.Hand)
		allOneLine(st.Errors)
		st.LogTree = lines(st.LogTree)
		for i := range st.Players {
			p := &st.Players[i]
			p.Hero.Name = oneLine(p.Hero.Name)
			for _, cs := range [][]driver.Character{p.Board, p.Hand} {
				for j := range cs {
					cs[j].Name = oneLine(cs[j].Name)
				}
			}
			allOneLine(p.Errors)
		}
	}
	return rep
}

// allOneLine makes each of ss one safe line, in place.
func allOneLine(ss []string) {
	for i, s := range ss {
		ss[i] = oneLine(s)
	}
}

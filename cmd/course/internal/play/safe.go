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
// lay out. A Choose's options are left as they are: the one picked goes
// back to the engine, and the menu shows them through oneLine.
func safeReply(rep driver.Reply) driver.Reply {
	rep.Panic, rep.Refused = oneLine(rep.Panic), oneLine(rep.Refused)
	if rep.Choose != nil {
		ch := *rep.Choose
		ch.Kind = oneLine(ch.Kind)
		rep.Choose = &ch
	}
	if rep.State != nil {
		st := safeState(*rep.State)
		rep.State = &st
	}
	return rep
}

func safeState(st driver.State) driver.State {
	all := func(ss []string) []string {
		out := make([]string, len(ss))
		for i, s := range ss {
			out[i] = oneLine(s)
		}
		if ss == nil {
			return nil
		}
		return out
	}
	tiles := make([][]string, len(st.Tiles))
	for i, t := range st.Tiles {
		tiles[i] = all(t)
	}
	st.Tiles = tiles
	objs := make([]driver.Object, len(st.Objects))
	for i, o := range st.Objects {
		o.Kind, o.Minion = oneLine(o.Kind), oneLine(o.Minion)
		objs[i] = o
	}
	st.Objects = objs
	st.ActiveRules, st.Hand, st.Errors = all(st.ActiveRules), all(st.Hand), all(st.Errors)
	st.LogTree = lines(st.LogTree)
	players := make([]driver.Side, len(st.Players))
	for i, p := range st.Players {
		chars := func(cs []driver.Character) []driver.Character {
			out := make([]driver.Character, len(cs))
			for j, c := range cs {
				c.Name = oneLine(c.Name)
				out[j] = c
			}
			return out
		}
		p.Hero.Name = oneLine(p.Hero.Name)
		p.Board, p.Hand, p.Errors = chars(p.Board), chars(p.Hand), all(p.Errors)
		players[i] = p
	}
	st.Players = players
	return st
}

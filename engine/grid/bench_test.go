package grid

import "testing"

// BenchmarkReparse measures reading a dozen rules from a board's text,
// which a turn pays only when text moved, appeared, vanished or changed:
// "known" is a text the lexicon has seen parsed before (the parse is
// taken, not made), "new" a parse made in full.
func BenchmarkReparse(b *testing.B) {
	board := rulesBoard(b, 33, 18,
		"ZIP IS YOU . ZAP IS STOP . ORB IS PUSH",
		"MOSS IS WIN . VAT IS PUSH . VAT IS OPEN",
		"CUB IS SHUT . CUB IS STOP . ZAP IS PULL",
		"ORB ON MOSS IS HOT . EVERY IS FLOAT",
	)
	b.Run("known", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			board.dirty = true
			board.sync()
		}
		b.ReportMetric(float64(len(board.c.rs.Rules)), "rules")
	})
	b.Run("new", func(b *testing.B) {
		b.ReportAllocs()
		p := new(parser)
		for b.Loop() {
			board.readText(p)
			board.parseOwn(p)
		}
		b.ReportMetric(float64(len(board.c.rs.Rules)), "rules")
	})
}

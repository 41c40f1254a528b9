package grid

import "testing"

// BenchmarkReparse measures one parse and settling of a dozen rules, which
// a turn pays only when text moved, appeared, vanished or changed.
func BenchmarkReparse(b *testing.B) {
	board := rulesBoard(b, 33, 18,
		"ZIP IS YOU . ZAP IS STOP . ORB IS PUSH",
		"MOSS IS WIN . VAT IS PUSH . VAT IS OPEN",
		"CUB IS SHUT . CUB IS STOP . ZAP IS PULL",
		"ORB ON MOSS IS HOT . EVERY IS FLOAT",
	)
	b.ReportAllocs()
	for b.Loop() {
		board.dirty = true
		board.sync()
	}
	b.ReportMetric(float64(len(board.rs.Rules)), "rules")
}

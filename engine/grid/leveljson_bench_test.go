package grid

import (
	"encoding/json"
	"testing"
)

// BenchmarkDecodeLevel reads every level file of the repository, an op
// being all of them, with DecodeLevel and with json.Unmarshal.
func BenchmarkDecodeLevel(b *testing.B) {
	files := repositoryLevelFiles(b)
	size := 0
	for _, f := range files {
		size += len(f.text)
	}
	run := func(b *testing.B, decode func([]byte) (LevelDef, error)) {
		b.ReportAllocs()
		b.SetBytes(int64(size))
		for b.Loop() {
			for _, f := range files {
				if _, err := decode(f.text); err != nil {
					b.Fatalf("%s: %v", f.name, err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(files)), "ns/level")
	}
	b.Run("DecodeLevel", func(b *testing.B) { run(b, DecodeLevel) })
	b.Run("json.Unmarshal", func(b *testing.B) {
		run(b, func(data []byte) (LevelDef, error) {
			var d LevelDef
			err := json.Unmarshal(data, &d)
			return d, err
		})
	})
}

package course_test

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/course"
)

// engineHints are the lesson hints whose Go code is meant to go under the
// learner's engine/ as it stands: the coupling audit must pass it, or the
// lesson teaches code that its own tool rejects.
var engineHints = []struct{ lesson, summary string }{
	{"01-handles/lesson.md", "Hint 3: pseudo-code"},
}

func TestEngineHintsPassTheCouplingAudit(t *testing.T) {
	raw, err := course.Files.ReadFile("catalog.json")
	require.NoError(t, err)
	names, err := audit.CatalogNames(raw)
	require.NoError(t, err)
	// Every module started: the hint must pass at its strictest.
	rules := audit.NewRules(names, audit.AllModules)
	for _, h := range engineHints {
		raw, err := course.Files.ReadFile(h.lesson)
		require.NoError(t, err)
		text := string(raw)
		at := strings.Index(text, "<summary>"+h.summary+"</summary>")
		require.GreaterOrEqual(t, at, 0, "%s has no hint %q", h.lesson, h.summary)
		start := strings.Index(text[at:], "```go\n")
		require.GreaterOrEqual(t, start, 0, "%s, %s: no Go block", h.lesson, h.summary)
		code := text[at+start+len("```go\n"):]
		end := strings.Index(code, "```")
		require.GreaterOrEqual(t, end, 0, "%s, %s: the Go block is never closed", h.lesson, h.summary)
		src := "package engine\n\n" + code[:end]
		for _, f := range rules.File("engine/hint.go", []byte(src)) {
			assert.Fail(t, "the hint's code fails the coupling audit", "%s, %s: %s", h.lesson, h.summary, f)
		}
	}
}

// auditQuiz is Module 0's Stress it question 4: lines the lesson asks about,
// as they would sit in a file under engine/, and whether its discussion says
// the audit reports them. The verdicts are the audit's own, so the lesson
// cannot teach a rule its tool does not apply.
var auditQuiz = []struct {
	line, src string
	reported  bool
}{
	{"// Whirlwind walks a copy", "// Whirlwind walks a copy\n", true},
	{"var flagSet bool", "var flagSet bool\n", false},
	{`kind := "rock"`, "func f() { kind := \"rock\"; _ = kind }\n", true},
	{"const IS_WALL = 3", "const IS_WALL = 3\n", true},
	{"var baronOnBoard bool", "var baronOnBoard bool\n", false},
	{"testFillerCount", "var testFillerCount int\n", true},
	{"var baron bool", "var baron bool\n", true},
}

func TestLessonAuditQuizIsTheAuditsVerdict(t *testing.T) {
	raw, err := course.Files.ReadFile("catalog.json")
	require.NoError(t, err)
	names, err := audit.CatalogNames(raw)
	require.NoError(t, err)
	lesson, err := course.Files.ReadFile("00-setup/lesson.md")
	require.NoError(t, err)
	rules := audit.NewRules(names, audit.AllModules)
	for _, q := range auditQuiz {
		assert.True(t, strings.Contains(string(lesson), "`"+q.line+"`"), "00-setup/lesson.md no longer names %s", q.line)
		found := rules.File("engine/quiz.go", []byte("package engine\n\n"+q.src))
		assert.Equal(t, q.reported, len(found) > 0, "%s: the audit found %v", q.line, found)
	}
}

var lessonTestFunc = regexp.MustCompile(`(?m)^func (Test_\w+)\(t \*testing\.T\) \{\n`)

// funcText is the text of the top-level function that starts at start: up to
// and including the first line that is only "}".
func funcText(src string, start int) (string, bool) {
	end := strings.Index(src[start:], "\n}\n")
	if end < 0 {
		return "", false
	}
	return src[start : start+end+2], true
}

// A test a lesson shows in full is the test the module ships, character for
// character, so a lesson cannot drift from its tests (a card's stats, a log
// line). A lesson may show an excerpt instead: a function with a "// ..."
// line in it is one, and is left alone.
func TestLessonsShowTheTestsAsShipped(t *testing.T) {
	lessons, err := fs.Glob(course.Files, "*/lesson.md")
	require.NoError(t, err)
	shown := 0
	for _, lesson := range lessons {
		dir := path.Dir(lesson)
		var tests strings.Builder
		for _, pattern := range []string{dir + "/tests/*_test.go", dir + "/expansion/tests/*_test.go"} {
			files, err := fs.Glob(course.Files, pattern)
			require.NoError(t, err)
			for _, f := range files {
				src, err := fs.ReadFile(course.Files, f)
				require.NoError(t, err)
				tests.Write(src)
			}
		}
		shipped := tests.String()
		raw, err := fs.ReadFile(course.Files, lesson)
		require.NoError(t, err)
		text := string(raw)
		for _, m := range lessonTestFunc.FindAllStringSubmatchIndex(text, -1) {
			name := text[m[2]:m[3]]
			body, ok := funcText(text, m[0])
			if !assert.True(t, ok, "%s: %s is never closed", lesson, name) || strings.Contains(body, "// ...") {
				continue
			}
			shown++
			at := strings.Index(shipped, "func "+name+"(")
			if !assert.GreaterOrEqual(t, at, 0, "%s shows %s, which the module's tests do not have", lesson, name) {
				continue
			}
			want, _ := funcText(shipped, at)
			assert.Equal(t, want, body, "%s shows %s differently from the module's test", lesson, name)
		}
	}
	assert.NotZero(t, shown, "no lesson shows a whole test")
}

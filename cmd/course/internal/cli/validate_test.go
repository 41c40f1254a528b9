package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/systemic-game-design/course/internal/testws"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validateWorkspaceDir is a learner workspace with the given files.
func validateWorkspaceDir(t *testing.T, files map[string]string) string {
	t.Helper()
	return testws.New(t, files)
}

const (
	validAlpha = `{"name": "Alpha", "type": "minion", "cost": 2, "attack": 1, "health": 2, "text": "Deathrattle: Draw a card.",
	 "clauses": [{"kind": "trigger", "trigger": "deathrattle"}, {"kind": "effect", "effect": "draw"}]}`
	schemaBreaking = `{"name": "Beta", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "heal"}]}`
	effectFirst    = `{"name": "Gamma", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "",
	 "clauses": [{"kind": "effect", "effect": "draw"}, {"kind": "trigger", "trigger": "deathrattle"}]}`
	offTheGrid = `{"width": 2, "height": 2, "objects": [{"kind": "baba", "x": 0, "y": 0}, {"kind": "baba", "x": 5, "y": 1}]}`
)

func TestRunValidateReportsEveryBadFile(t *testing.T) {
	ws := validateWorkspaceDir(t, map[string]string{
		"cards/alpha.json":    validAlpha,
		"cards/beta.json":     schemaBreaking,
		"cards/gamma.json":    effectFirst,
		"levels/bad.json":     offTheGrid,
		"levels/01-ok.json":   `{"width": 1, "height": 1, "objects": [{"kind": "baba", "x": 0, "y": 0}]}`,
		"cards/notes.txt":     "not a card file",
		"levels/readme.txt":   "not a level file",
		"engine/engine.go":    "package engine\n",
		"cards/sub/skip.json": "{",
	})

	env, out, errOut := testEnv()
	err := RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws})
	assert.Equal(t, StatusFinding, Status(err))
	assert.Equal(t, ""+
		"cards/beta.json at /clauses/0/effect: value must be one of 'damage', 'destroy', 'draw', 'armor', 'summon', 'stats', 'assemble', 'spawnText'; use one of the values the schema allows there\n"+
		"cards/gamma.json at /clauses/0: this effect belongs to no trigger (it comes before the first trigger, or after an aura or keyword); reorder or complete the clauses so that every effect follows a trigger and every trigger has an effect\n"+
		"levels/bad.json at /objects/1/x: x 5 is off the grid, which is 2 wide; use an x from 0 to 1 or widen the level\n"+
		"validate: note: cards/sub/skip.json is not read: only the .json files directly in cards/ are; move it there, or name it .json\n",
		out.String(), "a file in a folder under cards/ is not read, and said to be not read")
	assert.Empty(t, errOut.String())

	env, out, _ = testEnv()
	err = RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws, JSON: true})
	assert.Equal(t, StatusFinding, Status(err))
	var r ValidateReport
	require.NoError(t, json.Unmarshal(out.Bytes(), &r), "one JSON document: %s", out)
	assert.False(t, r.OK)
	assert.Equal(t, 3, r.CardFiles)
	assert.Equal(t, 2, r.LevelFiles)
	require.Len(t, r.Findings, 3)
	assert.Equal(t, ValidateFinding{Kind: "card", File: "cards/gamma.json", Path: "/clauses/0",
		Rule: "this effect belongs to no trigger (it comes before the first trigger, or after an aura or keyword)",
		Mend: "reorder or complete the clauses so that every effect follows a trigger and every trigger has an effect"}, r.Findings[1])
	assert.Equal(t, "level", r.Findings[2].Kind)
	assert.Equal(t, "/objects/1/x", r.Findings[2].Path)

	for _, bad := range []string{"cards/beta.json", "cards/gamma.json", "levels/bad.json"} {
		require.NoError(t, os.Remove(filepath.Join(ws, filepath.FromSlash(bad))))
	}
	env, out, _ = testEnv()
	require.NoError(t, RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws}))
	assert.Equal(t, "validate: ok (1 card file, 1 level file)\n"+
		"validate: note: cards/sub/skip.json is not read: only the .json files directly in cards/ are; move it there, or name it .json\n", out.String())

	env, out, _ = testEnv()
	require.NoError(t, RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws, JSON: true}))
	assert.JSONEq(t, `{"schemaVersion": 1, "ok": true, "cardFiles": 1, "levelFiles": 1, "findings": [], "unread": ["cards/sub/skip.json"]}`, out.String())

	require.NoError(t, os.RemoveAll(filepath.Join(ws, "cards", "sub")))
	env, out, _ = testEnv()
	require.NoError(t, RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws, JSON: true}))
	assert.JSONEq(t, `{"schemaVersion": 1, "ok": true, "cardFiles": 1, "levelFiles": 1, "findings": []}`, out.String())
}

func TestRunValidateChecksTheCardsAsASet(t *testing.T) {
	summoner := func(name, summons string) string {
		return `{"name": "` + name + `", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "",
		 "clauses": [{"kind": "trigger", "trigger": "deathrattle"}, {"kind": "effect", "effect": "summon", "card": "` + summons + `"}]}`
	}
	ws := validateWorkspaceDir(t, map[string]string{
		"cards/alpha.json":       validAlpha,
		"cards/alpha-again.json": validAlpha,
		// A course card the workspace has no file for is a summon target.
		"cards/delta.json": summoner("Delta", "Reference Token"),
		"cards/eps.json":   summoner("Epsilon", "Nobody"),
		// Both mistakes of one file: the first is its line.
		"cards/zeta.json": `{"name": "Zeta", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "",
		 "clauses": [{"kind": "trigger", "trigger": "deathrattle"}, {"kind": "effect", "effect": "summon", "card": "Nobody"},
		             {"kind": "trigger", "trigger": "battlecry"}, {"kind": "effect", "effect": "summon", "card": "Nobody Else"}]}`,
	})
	env, out, _ := testEnv()
	env.Content = testContent(fstest.MapFS{"catalog.json": {Data: []byte(`{}`)}}, fstest.MapFS{
		"reference-token.json": {Data: []byte(`{"name": "Reference Token", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "", "clauses": []}`)},
		// A course card that summons a card the workspace redefines as a
		// spell is not the workspace's to mend.
		"reference-summoner.json": {Data: []byte(summoner("Reference Summoner", "Alpha"))},
		"alpha.json":              {Data: []byte(validAlpha)},
	})
	err := RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws})
	assert.Equal(t, StatusFinding, Status(err))
	assert.Equal(t, ""+
		"cards/alpha.json at /name: card \"Alpha\" is also defined in cards/alpha-again.json; keep one file per card\n"+
		"cards/eps.json at /clauses/1/card: card \"Epsilon\" summons \"Nobody\", which is not a minion of any card file; add a card file for it or correct the name\n"+
		"cards/zeta.json at /clauses/1/card: card \"Zeta\" summons \"Nobody\", which is not a minion of any card file; add a card file for it or correct the name\n",
		out.String())

	// The workspace's Alpha (a spell now) takes the place of the course's.
	ws = validateWorkspaceDir(t, map[string]string{
		"cards/alpha.json": `{"name": "Alpha", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "draw"}]}`,
		"cards/delta.json": summoner("Delta", "Reference Token"),
	})
	env.Stdout = out
	out.Reset()
	require.NoError(t, RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws}))
	assert.Equal(t, "validate: ok (2 card files, 0 level files)\n", out.String())
}

// A byte order mark, a byte that is not UTF-8 and a key given twice are
// each refused by name, with the place and the mend, though Go's reader
// would take the last two without a word; the --json document keeps to its
// schema.
func TestRunValidateRefusesTextAReaderWouldMisread(t *testing.T) {
	ws := validateWorkspaceDir(t, map[string]string{
		"cards/alpha.json": "\xEF\xBB\xBF" + validAlpha,
		"cards/beta.json":  strings.Replace(validAlpha, `"Alpha"`, "\"Betr\xE4ger\"", 1),
		"cards/gamma.json": strings.Replace(validAlpha, `{"kind": "effect", "effect": "draw"}`, `{"kind": "effect", "effect": "draw", "effect": "damage"}`, 1),
		"levels/bom.json":  "\xEF\xBB\xBF" + `{"width": 1, "height": 1}`,
		"levels/twice.json": `{"width": 2, "height": 1,
		  "objects": [{"kind": "baba", "x": 0, "y": 0}, {"kind": "baba", "x": 1, "y": 0, "x": 5}]}`,
	})
	env, out, errOut := testEnv()
	err := RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws})
	assert.Equal(t, StatusFinding, Status(err))
	assert.Equal(t, ""+
		"cards/alpha.json: starts with a byte order mark (EF BB BF); save the file as UTF-8 without one\n"+
		"cards/beta.json at /name: byte 0xE4 at offset 14 (line 1, column 15) is not UTF-8, which a JSON reader would turn into U+FFFD without a word; save the file as UTF-8\n"+
		"cards/gamma.json at /clauses/1: key \"effect\" appears twice in this object (line 2, column 81 and line 2, column 99), and a JSON reader keeps only the last; keep one of them\n"+
		"levels/bom.json: starts with a byte order mark (EF BB BF); save the file as UTF-8 without one\n"+
		"levels/twice.json at /objects/1: key \"x\" appears twice in this object (line 2, column 68 and line 2, column 84), and a JSON reader keeps only the last; keep one of them\n",
		out.String())
	assert.Empty(t, errOut.String())

	env, out, _ = testEnv()
	err = RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws, JSON: true})
	assert.Equal(t, StatusFinding, Status(err))
	doc := validJSON(t, "validate", out.Bytes())
	findings, _ := doc["findings"].([]any)
	require.Len(t, findings, 5)
	assert.Equal(t, map[string]any{"kind": "level", "file": "levels/twice.json", "path": "/objects/1",
		"rule": `key "x" appears twice in this object (line 2, column 68 and line 2, column 84), and a JSON reader keeps only the last`,
		"mend": "keep one of them"}, findings[4])
}

func TestRunValidateCannotRunWithoutAWorkspace(t *testing.T) {
	env, out, _ := testEnv()
	err := RunValidate(context.Background(), env, &ValidateOptions{Workspace: filepath.Join(t.TempDir(), "nowhere")})
	assert.Equal(t, StatusCannot, Status(err))
	assert.Contains(t, Message(err), "nowhere: no such folder")
	assert.Empty(t, out.String())
}

// TestValidateThisRepository: the course's own card and level files load.
func TestValidateThisRepository(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	require.NoError(t, err)
	cards, err := filepath.Glob(filepath.Join(repo, "cards", "*.json"))
	require.NoError(t, err)
	scoped, err := filepath.Glob(filepath.Join(repo, "course", "*", "cards", "*.json"))
	require.NoError(t, err)
	levels, err := filepath.Glob(filepath.Join(repo, "levels", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, cards)

	env, out, _ := testEnv()
	require.NoError(t, RunValidate(context.Background(), env, &ValidateOptions{Workspace: repo}), out.String())
	assert.Regexp(t, "^validate: ok \\("+regexp.QuoteMeta(strconv.Itoa(len(cards)+len(scoped)))+" card files, "+
		strconv.Itoa(len(levels))+" level files?\\)\n$", out.String())
}

// Each finding, and each note, is one line whatever the file is named: a
// line break in a name started a line of its own, which could read as
// another file's finding or as "validate: ok".
func TestValidateSpellsOutALineBreakInAFileName(t *testing.T) {
	ws := validateWorkspaceDir(t, map[string]string{
		"cards/a\nvalidate: ok (9 card files, 0 level files).json": schemaBreaking,
		"cards/b\tc.json":         effectFirst,
		"cards/d\ne/skipped.json": "{",
	})
	env, out, _ := testEnv()
	err := RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws})
	assert.Equal(t, StatusFinding, Status(err))
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	require.Len(t, lines, 3, out.String())
	assert.True(t, strings.HasPrefix(lines[0], `cards/a\nvalidate: ok (9 card files, 0 level files).json at /clauses/0/effect: `), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], `cards/b\tc.json at /clauses/0: `), lines[1])
	assert.Equal(t, `validate: note: cards/d\ne/skipped.json is not read: only the .json files directly in cards/ are; move it there, or name it .json`, lines[2])
}

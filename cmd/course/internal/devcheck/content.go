package devcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/modules"
)

type catalogFile struct {
	Cards []struct {
		Name   string `json:"name"`
		Type   string `json:"type"`
		Text   string `json:"text"`
		Noun   string `json:"noun"`
		Cost   *int   `json:"cost"`
		Attack *int   `json:"attack"`
		Health *int   `json:"health"`
		Module string `json:"module"`
	} `json:"cards"`
	Words []struct {
		Word   string `json:"word"`
		Role   string `json:"role"`
		Module string `json:"module"`
	} `json:"words"`
}

type cardFile struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	Text    string `json:"text"`
	Cost    *int   `json:"cost"`
	Attack  *int   `json:"attack"`
	Health  *int   `json:"health"`
	Noun    string `json:"noun"`
	Clauses []struct {
		Effect string `json:"effect"`
		Card   string `json:"card"`
	} `json:"clauses"`
}

// content holds the catalog, the card files, the lexicon and the card schema
// to one another, both ways.
func (c *checker) content() {
	before := len(c.rep.Problems)
	if c.crossCheck() && len(c.rep.Problems) == before {
		c.loads()
	}
}

// catalog is course/catalog.json, read and decoded once a run (the
// problems of its text told then, once); nil when it does not read.
func (c *checker) catalog() *catalogFile {
	if !c.catalogRead {
		c.catalogRead = true
		var cat catalogFile
		if c.decode("catalog.json", data.KindCatalog, &cat) {
			c.catalogDoc = &cat
		}
	}
	return c.catalogDoc
}

// loads opens the content as every course command built from the
// repository opens it (data.Open) and reports what that refuses: a rule of
// the loaders' own (a card listed twice in the catalog, a word twice in the
// lexicon, clauses out of order, a noun the lexicon lacks) that the checks
// above do not restate. The loaders stop at the first such thing, so it is
// asked only when those checks found nothing, and says nothing twice.
func (c *checker) loads() {
	_, err := data.Open(c.course, osDirFS(filepath.Join(c.opts.Repo, "cards")))
	var fe *data.FileError
	var ce *data.CatalogError
	switch {
	case err == nil:
	case errors.As(err, &fe):
		c.textProblem(fe.File, fe)
	case errors.As(err, &ce):
		where := ce.Entry
		if ce.Field != "" {
			where += "." + ce.Field
		}
		what := ce.Why
		if where != "" {
			what = "at " + where + ": " + what
		}
		c.problem(courseFile(ce.File), 0, "%s", what)
	case strings.HasPrefix(err.Error(), "course/"+data.WordsFile+": "):
		c.problem("course/"+data.WordsFile, 0, "%s", strings.TrimPrefix(err.Error(), "course/"+data.WordsFile+": "))
	default:
		c.problem("course", 0, "the course content does not load, so no course command built from it would run: %s", trim(err.Error()))
	}
}

// crossCheck holds the catalog, the card files, the lexicon and the card
// schema to one another; false when the catalog does not read, which
// catalog has told.
func (c *checker) crossCheck() bool {
	cat := c.catalog()
	if cat == nil {
		return false
	}
	schema := c.cardSchema()
	files := map[string]string{} // card name -> its file
	refused := map[string]bool{} // cards whose file the schema refuses
	seen := map[string]cardFile{}
	var paths []string
	for _, pattern := range []string{"cards/*.json", "course/*/cards/*.json"} {
		matches, _ := fs.Glob(c.repoFS(), pattern)
		paths = append(paths, matches...)
	}
	for _, p := range paths {
		raw, err := fs.ReadFile(c.repoFS(), p)
		if err != nil {
			c.problem(p, 0, "cannot be read: %v", err)
			continue
		}
		if fe := data.CheckJSONText(data.KindCard, p, raw); fe != nil {
			c.textProblem(p, fe)
			continue
		}
		var card cardFile
		if err := json.Unmarshal(raw, &card); err != nil {
			// 1.0 or 1e400 is valid JSON that no int field takes: the
			// loaders' words for it, not "not valid JSON".
			if fe := data.CheckWholeNumbers(data.KindCard, p, raw); fe != nil {
				c.textProblem(p, fe)
				continue
			}
			c.problem(p, 0, "is not valid JSON: %v", err)
			continue
		}
		if schema != nil {
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
			if err == nil {
				err = schema.Validate(doc)
			}
			var ve *jsonschema.ValidationError
			switch {
			case errors.As(err, &ve):
				// In the loader's words: the place, the rule, the mend.
				c.textProblem(p, data.CardSchemaError(p, raw, ve))
				refused[card.Name] = true
			case err != nil:
				c.problem(p, 0, "does not match course/schema/card.schema.json: %s", trim(err.Error()))
			}
		}
		if card.Name == "" {
			continue // the schema's problem; a nameless card has no file name or catalog entry to be held to
		}
		if other, dup := files[card.Name]; dup {
			c.problem(p, 0, "%q is already defined by %s", card.Name, other)
		}
		files[card.Name] = p
		seen[card.Name] = card
	}
	byBase := map[string]string{} // a card file's name -> the card it holds
	for n, p := range files {
		byBase[path.Base(p)] = n
	}
	inCatalog := map[string]bool{}
	for _, cc := range cat.Cards {
		inCatalog[cc.Name] = true
	}
	misnamed := map[string]bool{} // cards whose file the catalog expects under another name
	for _, cc := range cat.Cards {
		if !isModule(cc.Module) {
			c.problem("course/catalog.json", 0, "card %q comes with module %s, which is not a module of modules/modules.go; give the number of the module that introduces it (NNx for its drop)", cc.Name, cc.Module)
		}
		f, ok := seen[cc.Name]
		if !ok {
			// A file of the catalog's name holding another name: most
			// likely the name in the file is mistyped, and one problem
			// says so where three would each send the author elsewhere.
			if held, ok := byBase[kebab(cc.Name)+".json"]; ok && !inCatalog[held] {
				misnamed[held] = true
				c.problem(files[held], 0, "holds %q at /name, where the catalog has %q for this file; correct the name, or, if the card is new, rename the file and add it to the catalog", held, cc.Name)
				continue
			}
			c.problem("course/catalog.json", 0, "card %q has no card file; add cards/%s.json", cc.Name, kebab(cc.Name))
			continue
		}
		c.ownCardModule(files[cc.Name], cc.Name, cc.Module)
		for _, stat := range []struct {
			name       string
			cat, shown *int
		}{{"cost", cc.Cost, f.Cost}, {"attack", cc.Attack, f.Attack}, {"health", cc.Health, f.Health}} {
			if fmt.Sprint(deref(stat.cat)) != fmt.Sprint(deref(stat.shown)) {
				c.problem(files[cc.Name], 0, "%s is %s but the catalog says %s for %q; make them agree", stat.name, deref(stat.shown), deref(stat.cat), cc.Name)
			}
		}
		// The catalog is what the course lists cards by and audits their
		// nouns by, the file what the engine plays: they are one card.
		for _, field := range []struct{ name, cat, shown string }{
			{"type", cc.Type, f.Type}, {"text", cc.Text, f.Text}, {"noun", cc.Noun, f.Noun},
		} {
			if field.cat != field.shown && !refused[cc.Name] && (field.name != "type" || field.cat != "") {
				// A card the schema refuses, or a catalog type left out,
				// is the schema's or the loader's to name, with the
				// values it may take.
				c.problem(files[cc.Name], 0, "%s is %s but the catalog says %s for %q; make them agree", field.name, strconv.Quote(field.shown), strconv.Quote(field.cat), cc.Name)
			}
		}
	}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if misnamed[n] {
			continue
		}
		if want := kebab(n) + ".json"; path.Base(files[n]) != want {
			c.problem(files[n], 0, "holds %q, so its name must be %s", n, want)
		}
		if !inCatalog[n] {
			c.problem(files[n], 0, "card %q is not in course/catalog.json; add it with the module that introduces it", n)
		}
	}
	for _, n := range names {
		c.tokensStandOnTheGrid(files[n], seen[n], seen)
	}
	var lex struct {
		Words []struct {
			Word string `json:"word"`
			Role string `json:"role"`
		} `json:"words"`
	}
	if !c.decode("words.json", data.KindLexicon, &lex) {
		return true
	}
	lexRole := map[string]string{}
	for _, w := range lex.Words {
		lexRole[w.Word] = w.Role
	}
	catRole := map[string]string{}
	for _, w := range cat.Words {
		catRole[w.Word] = w.Role
		if !isModule(w.Module) {
			c.problem("course/catalog.json", 0, "word %s comes with module %s, which is not a module of modules/modules.go; give the number of the module that introduces it (NNx for its drop)", w.Word, w.Module)
		}
		switch role, ok := lexRole[w.Word]; {
		case !ok:
			c.problem("course/words.json", 0, "has no word %s, which the catalog lists; add it with role %q", w.Word, w.Role)
		case role != w.Role && (w.Role != "meta" || role != "noun"):
			// A word the catalog calls meta may stand as a noun in the
			// lexicon: it names the engine's own triggers, not an object.
			c.problem("course/words.json", 0, "%s has role %q, the catalog %q; make them agree", w.Word, role, w.Role)
		}
	}
	for _, w := range lex.Words {
		if _, ok := catRole[w.Word]; !ok {
			c.problem("course/catalog.json", 0, "has no word %s, which course/words.json has; add it with the module that introduces it", w.Word)
		}
	}
	return true
}

// tokensStandOnTheGrid reports a card that stands on the grid (it has a
// noun) and summons a minion that has none (see data.OffGridToken). Names
// the card files do not define are LoadCards's to report.
func (c *checker) tokensStandOnTheGrid(file string, card cardFile, cards map[string]cardFile) {
	for _, cl := range card.Clauses {
		token, ok := cards[cl.Card]
		if cl.Effect != "summon" || !ok || token.Type != "minion" {
			continue
		}
		if rule, mend := data.OffGridToken(card.Name, card.Noun, token.Name, token.Noun); rule != "" {
			c.problem(file, 0, "%s; %s", rule, mend)
		}
	}
}

// ownCardModule reports a card kept in a module's own cards/ folder that
// the catalog gives to another module (or to a drop): start-module looks
// for the card of another module in the repository's cards/, finds it in
// neither, and refuses to start that module.
func (c *checker) ownCardModule(file, card, module string) {
	rest, ok := strings.CutPrefix(file, "course/")
	if !ok {
		return
	}
	slug, _, _ := strings.Cut(rest, "/")
	for _, m := range modules.All() {
		if m.Slug == slug && m.Number != module {
			c.problem(file, 0, "is module %s's own card, but the catalog gives %q module %s, and start-module looks for another module's card in cards/, where it is not, so that module does not start; give it module %s in course/catalog.json, or move the file to cards/", m.Number, card, module, m.Number)
		}
	}
}

// isModule reports whether n is the number of a module of the course, or
// of its Expansion Drop, as the catalog writes them ("06", "06x").
func isModule(n string) bool {
	n = strings.TrimSuffix(n, "x")
	for _, m := range modules.All() {
		if m.Number == n {
			return true
		}
	}
	return false
}

// textProblem is a file that breaks the loaders' text rules, as the
// loaders say it: the place in it, the rule and the mend.
func (c *checker) textProblem(file string, fe *data.FileError) {
	what := fe.Rule + "; " + fe.Mend
	if fe.Path != "" {
		what = "at " + fe.Path + ": " + what
	}
	c.problem(file, 0, "%s", what)
}

func deref(p *int) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}

func (c *checker) repoFS() fs.FS { return osDirFS(c.opts.Repo) }

// decode reads the course file p (catalog.json or words.json, of kind)
// into v, held first to the loaders' text rules (data.CheckJSONText).
func (c *checker) decode(p, kind string, v any) bool {
	raw, err := fs.ReadFile(c.course, p)
	if err == nil {
		if fe := data.CheckJSONText(kind, courseFile(p), raw); fe != nil {
			c.textProblem(courseFile(p), fe)
			return false
		}
		err = json.Unmarshal(raw, v)
	}
	if err != nil {
		c.problem(courseFile(p), 0, "cannot be read as JSON: %v", err)
		return false
	}
	return true
}

func (c *checker) cardSchema() *jsonschema.Schema {
	raw, err := fs.ReadFile(c.course, "schema/card.schema.json")
	if err != nil {
		c.problem("course/schema/card.schema.json", 0, "cannot be read: %v", err)
		return nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		c.problem("course/schema/card.schema.json", 0, "is not valid JSON: %v", err)
		return nil
	}
	comp := jsonschema.NewCompiler()
	const url = "card.schema.json"
	if err := comp.AddResource(url, doc); err != nil {
		c.problem("course/schema/card.schema.json", 0, "is not a schema: %v", err)
		return nil
	}
	s, err := comp.Compile(url)
	if err != nil {
		c.problem("course/schema/card.schema.json", 0, "does not compile: %s", trim(err.Error()))
		return nil
	}
	return s
}

// kebab is a card's file name: "Acolyte of Pain" is acolyte-of-pain.
func kebab(name string) string {
	var sb strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && sb.Len() > 0 {
				sb.WriteByte('-')
			}
			sb.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return sb.String()
}

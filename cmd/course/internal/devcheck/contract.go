package devcheck

import (
	"go/ast"
	"go/parser"
	"go/token"

	"github.com/systemic-game-design/course/modules"
)

// contractFunc is one line of the harness contract (a Harness entry of
// modules/modules.go), read as the Go declaration it is.
type contractFunc struct {
	// recv is the receiver's type without its star ("Game"), or "" for a
	// function.
	recv string
	name string
	// constructs is the harness type a function (no receiver) returns,
	// alone and by its own name or a pointer to it ("Game" for
	// func NewGame(opts GameOpts) *Game), or "".
	constructs string
}

// key is how the course names the function: "NewGame", or its type and
// name, "Game.Summon".
func (f contractFunc) key() string {
	if f.recv != "" {
		return f.recv + "." + f.name
	}
	return f.name
}

// parseContractLine reads a contract line as Go: "func (g *Game)
// Summon(card string, player Player) ID", a comment after it or not. A line
// that is no function declaration is not one.
func parseContractLine(line string) (contractFunc, bool) {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package harness\n"+line+"\n", parser.SkipObjectResolution)
	if err != nil || len(f.Decls) != 1 {
		return contractFunc{}, false
	}
	fn, ok := f.Decls[0].(*ast.FuncDecl)
	if !ok {
		return contractFunc{}, false
	}
	out := contractFunc{recv: receiverName(fn), name: fn.Name.Name}
	if fn.Recv == nil && fn.Type.Results != nil && len(fn.Type.Results.List) == 1 && len(fn.Type.Results.List[0].Names) <= 1 {
		result := fn.Type.Results.List[0].Type
		if star, ok := result.(*ast.StarExpr); ok {
			result = star.X
		}
		if id, ok := result.(*ast.Ident); ok && id.IsExported() {
			out.constructs = id.Name
		}
	}
	return out, true
}

// contract is the harness contract of a list of modules, read once a run.
type contract struct {
	// funcs are its functions and methods, in the modules' order.
	funcs []contractFunc
	// firstModule is the first module that lists each, by key.
	firstModule map[string]string
	// constructors are the harness type each constructor returns, by
	// the constructor's name: NewGame makes a Game.
	constructors map[string]string
}

// contractOf reads the contract lines of mods.
func contractOf(mods []modules.Module) *contract {
	out := &contract{firstModule: map[string]string{}, constructors: map[string]string{}}
	for _, m := range mods {
		for _, line := range m.Harness {
			fn, ok := parseContractLine(line)
			if !ok {
				continue
			}
			out.funcs = append(out.funcs, fn)
			if _, seen := out.firstModule[fn.key()]; !seen {
				out.firstModule[fn.key()] = m.Number
			}
			if fn.constructs != "" {
				out.constructors[fn.name] = fn.constructs
			}
		}
	}
	return out
}

// contract is the course's harness contract, modules/modules.go's.
func (c *checker) contract() *contract {
	if c.harnessContract == nil {
		c.harnessContract = contractOf(modules.All())
	}
	return c.harnessContract
}

package deps

import (
	_ "github.com/go-git/go-git/v5"
	_ "github.com/mattn/go-isatty"
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "github.com/santhosh-tekuri/jsonschema/v6"
	_ "github.com/spf13/cobra"
	_ "github.com/stretchr/testify/assert"
	_ "github.com/stretchr/testify/require"
	_ "golang.org/x/tools/go/analysis"
	_ "golang.org/x/tools/go/analysis/analysistest"
	_ "golang.org/x/tools/go/ast/astutil"
)

package expansion

import (
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// RevisionError says a revision cannot be used: malformed, unknown or
// ambiguous.
type RevisionError struct {
	Revision string
	Why      string
}

func (e *RevisionError) Error() string {
	return fmt.Sprintf("revision %q %s", e.Revision, e.Why)
}

// UserError marks the error as the user's to mend.
func (e *RevisionError) UserError() bool { return true }

// revisionSyntax is what the check accepts: a name (branch, tag, HEAD or
// its short form @, a hash or its prefix), then any number of ^, ^N, ~,
// ~N, and ^{} or ^{commit} (the commit a tag leads to, which every name
// here is read as anyway). Everything else (reflog @{...}, paths after
// ':', ranges, ^{tree} and the other object types, ^{/text}) is refused
// rather than misread.
var revisionSyntax = regexp.MustCompile(`^(@|[A-Za-z0-9_][A-Za-z0-9_./+-]*)((\^[0-9]*)|(~[0-9]*)|(\^\{(commit)?\}))*$`)

var hexPrefix = regexp.MustCompile(`^[0-9a-fA-F]{4,40}$`)

// unknownRevision is the refusal of a revision that names no commit the
// repository holds. In a shallow clone (git clone --depth, which an
// instructor may gather a class with) the commit may well exist and be cut
// off by .git/shallow: git log shows nothing older either, so the mend is
// to fetch the history.
func unknownRevision(repo *git.Repository, rev string) *RevisionError {
	if cut, err := repo.Storer.Shallow(); err == nil && len(cut) > 0 {
		return &RevisionError{rev, "is not a commit this repository holds: it is a shallow clone (.git/shallow), which leaves older commits out; fetch them with `git fetch --unshallow`, or clone without --depth"}
	}
	return &RevisionError{rev, "is not a commit in this repository; check `git log --oneline` for the one you meant"}
}

// resolve reads a revision the way git does. The name before any ^ and ~
// is, in git's order: a full hash of an existing object; HEAD or a ref
// (refs/NAME, refs/tags/NAME, refs/heads/NAME, refs/remotes/NAME,
// refs/remotes/NAME/HEAD), so a branch or tag whose name looks like a hash
// is that branch or tag; then a unique prefix of a commit's hash.
func resolve(repo *git.Repository, rev string) (*object.Commit, error) {
	switch {
	case rev == "":
		return nil, &RevisionError{rev, "is empty; give a commit such as HEAD, HEAD~1, a tag or a hash"}
	case strings.Contains(rev, "@{"):
		return nil, &RevisionError{rev, "uses @{...}, which this check does not read; give a commit such as HEAD~1, a tag or a hash"}
	case strings.Contains(rev, ":"):
		return nil, &RevisionError{rev, "names a path (':'); give a commit only, such as HEAD or a hash"}
	case strings.Contains(rev, ".."):
		return nil, &RevisionError{rev, "is a range; give one commit, such as HEAD or a hash"}
	case !revisionSyntax.MatchString(rev):
		return nil, &RevisionError{rev, "is not a revision this check reads; give HEAD, HEAD~N, HEAD^, a branch, a tag or a hash"}
	}
	name, ops := rev, ""
	if i := strings.IndexAny(rev, "^~"); i >= 0 {
		name, ops = rev[:i], rev[i:]
	}
	if name == "@" {
		name = "HEAD" // git's short form
	}
	// Worked out only for a refusal: it reads .git/shallow.
	unknown := func() error { return unknownRevision(repo, rev) }
	c, err := resolveName(repo, rev, name)
	if err != nil {
		return nil, err
	}
	if c == nil {
		// A repository with no commit at all (git init, nothing
		// committed) has nothing to look up in git log: the mend is the
		// first commit.
		if _, herr := repo.Head(); errors.Is(herr, plumbing.ErrReferenceNotFound) {
			return nil, &RevisionError{rev, "is not a commit: the repository has no commits yet; commit your work first (git add -A && git commit)"}
		}
		return nil, unknown()
	}
	for ops != "" {
		op := ops[0]
		ops = ops[1:]
		if op == '^' && strings.HasPrefix(ops, "{") {
			// ^{} or ^{commit}, as the syntax allows: c is a commit already.
			ops = ops[strings.IndexByte(ops, '}')+1:]
			continue
		}
		j := 0
		for j < len(ops) && ops[j] >= '0' && ops[j] <= '9' {
			j++
		}
		n := 1
		if j > 0 {
			n, err = strconv.Atoi(ops[:j])
			if err != nil {
				return nil, &RevisionError{rev, "has a number too large to be a count of commits"}
			}
		}
		ops = ops[j:]
		switch {
		case op == '^' && n == 0:
		case op == '^':
			if n > c.NumParents() {
				return nil, unknown()
			}
			if c, err = c.Parent(n - 1); err != nil {
				return nil, unknown()
			}
		default: // ~n: the first parent, n times
			for range n {
				if c.NumParents() == 0 {
					return nil, unknown()
				}
				if c, err = c.Parent(0); err != nil {
					return nil, unknown()
				}
			}
		}
	}
	return c, nil
}

// resolveName finds the commit a revision's name (what stands before ^ and
// ~) stands for; nil when there is none.
func resolveName(repo *git.Repository, rev, name string) (*object.Commit, error) {
	// A full hash is that object or nothing, as git reads it: a branch of
	// the same name (one that history rewritten since could add) is not
	// taken in its place.
	if len(name) == 40 && hexPrefix.MatchString(name) {
		return peel(repo, plumbing.NewHash(name)), nil
	}
	candidates := []plumbing.ReferenceName{plumbing.ReferenceName(name)}
	if name != "HEAD" {
		candidates = []plumbing.ReferenceName{
			plumbing.ReferenceName("refs/" + name),
			plumbing.NewTagReferenceName(name),
			plumbing.NewBranchReferenceName(name),
			plumbing.ReferenceName("refs/remotes/" + name),
			plumbing.ReferenceName("refs/remotes/" + name + "/HEAD"),
		}
		if strings.HasPrefix(name, "refs/") {
			candidates = append([]plumbing.ReferenceName{plumbing.ReferenceName(name)}, candidates...)
		}
	}
	for _, rn := range candidates {
		ref, err := repo.Reference(rn, true)
		if err != nil {
			continue
		}
		if c := peel(repo, ref.Hash()); c != nil {
			return c, nil
		}
		return nil, &RevisionError{rev, "names a ref that does not point at a commit; give a commit"}
	}
	if !hexPrefix.MatchString(name) {
		return nil, nil
	}
	hashes, err := commitsWithPrefix(repo, strings.ToLower(name))
	if err != nil {
		return nil, err
	}
	switch {
	case len(hashes) > 1:
		return nil, &RevisionError{rev, fmt.Sprintf("is ambiguous: %d commits start with %s; give more digits of the hash", len(hashes), name)}
	case len(hashes) == 1:
		return peel(repo, hashes[0]), nil
	}
	return nil, nil
}

// peel is the commit a hash names, directly or through annotated tags; nil
// when it names no commit.
func peel(repo *git.Repository, h plumbing.Hash) *object.Commit {
	for range 10 {
		if c, err := repo.CommitObject(h); err == nil {
			return c
		}
		t, err := repo.TagObject(h)
		if err != nil {
			return nil
		}
		h = t.Target
	}
	return nil
}

// commitsWithPrefix is the commits (and tags of commits) whose hash starts
// with prefix.
func commitsWithPrefix(repo *git.Repository, prefix string) ([]plumbing.Hash, error) {
	type prefixer interface {
		HashesWithPrefix(prefix []byte) ([]plumbing.Hash, error)
	}
	p, ok := repo.Storer.(prefixer)
	if !ok {
		return nil, nil
	}
	even := prefix[:len(prefix)&^1]
	b, err := hex.DecodeString(even)
	if err != nil {
		return nil, nil
	}
	hashes, err := p.HashesWithPrefix(b)
	if err != nil {
		return nil, fmt.Errorf("looking up hashes starting with %s: %w", prefix, err)
	}
	var out []plumbing.Hash
	for _, h := range hashes {
		if strings.HasPrefix(h.String(), prefix) && peel(repo, h) != nil {
			out = append(out, h)
		}
	}
	return out, nil
}

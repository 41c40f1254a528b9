// Package data owns the course's content as one value: Open reads a course
// folder and a card folder (the copy built into the binary, or an author's
// checkout named by COURSE_CONTENT) into a *Content holding the lexicon,
// the card and level schemas, the catalog and the course's own cards. Every
// card and level file is parsed through it: checked against its JSON Schema
// in course/schema/ and against the rules a schema cannot state (a card's
// clauses in a well-formed order, numbers the engine can keep, a summon or a
// level naming a card that exists), and every refusal is a *FileError naming
// the file, the place in it and how to mend it. A set of files loads whole
// or not at all; Content.Validate checks a workspace's files and reports
// every bad one.
package data

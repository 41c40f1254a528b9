// Package grid is the rule-grid engine (Part II): objects on tiles, the
// rules their text spells, and the turn that moves them.
//
// The engine knows no noun. Its words come from a Lexicon, built from data
// (the course's words.json): each word has a role (noun, property,
// operator, condition, meta), and a meta word may name every text object
// or every thing. The engine gives meaning only to the operators IS, AND
// and NOT, the condition ON, and the properties of one table, propWords
// (Properties lists them). A board keeps each property as a bit, and the
// turn's destructions and its win check are rows of another table,
// hazards, that one tile scan plays in order. A property with "times" is
// carried for a caller (SpellGrid's multipliers) and means nothing here.
//
// A Board issues ids from 1, never twice; an object's age is its id order.
// Each tile and each kind keeps its live objects in age order, threaded
// through the objects, so a turn's scans visit only the kinds that a rule
// gives the property they look for. Its text is reparsed only when text
// appeared, vanished, moved or changed (the board keeps a dirty bit), and
// what the rules say about each kind is settled once per parse. Properties
// of a kind with a conditional rule are settled per object, against the
// board, each time they are asked for. Undo plays a journal of changes
// backwards.
//
// Work that repeats is done once per process: a lexicon keeps the parse of
// every text its boards parsed more than once (a text is its words and
// their tiles) and hands it, shared and never changed, to the next board
// with that text; it keeps a copy of the board New built from a level it
// was handed more than once, and the next board of that level is a copy.
// Parsers and their buffers are pooled, so a first parse costs what a
// reparse does.
package grid

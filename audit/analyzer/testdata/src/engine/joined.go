package engine

// A '+' chain joins a constant another file of the package declares
// (wallStart, in spelling.go), as the compiler does.
var wallJoined = wallStart + "LL" // want `engine names "W..L" \(a grid noun, Module 06\) as W..L`

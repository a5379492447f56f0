package engine

// This file holds small exported helpers for robots (package ai) that
// need the rules' own internals rather than a copy of them.

// TileDanger returns the categories of flags that a discard of t falls
// into: the server's test of a dangerous discard against a claimant whose
// own flags (see ExposedDanger) are flags. DangerEnd is not a tile
// category; test it with EndOfWallDanger.
func TileDanger(flags DangerFlags, t Tile) DangerFlags { return tileDanger(flags, t) }

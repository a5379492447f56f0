// Package assets holds the bytes of the files the table needs at run time,
// compiled in with embed: the subset fonts (see build-fonts.sh and
// LICENSES.md). It has no logic; decoding happens in game/art.
package assets

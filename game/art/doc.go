// Package art draws the table's pixels that are not Ebitengine's business:
// lines of text and mah-jong tiles, rasterised into *image.RGBA in pure Go
// (image/draw, golang.org/x/image/vector and github.com/golang/freetype),
// so it builds and tests natively and under WebAssembly alike.
//
// All sizes are in physical (device) pixels: the caller multiplies CSS
// pixels by the device pixel ratio, so glyphs and tiles are crisp.
//
// Text: NewFace(Regular, 16*dpr) gives a Face with a glyph cache (the
// typefaces are Regular, Bold and Mono, Go's, and CJK); Measure,
// Draw and Render lay out a line (or several, split at '\n'). Chinese
// characters fall back to the embedded CJK font and vice versa.
//
// Tiles: Tile(t, Classic, w, h) draws one face-up tile, TileBack the back,
// TongBox the round-wind marker. The pictures are drawn from vector shapes
// and font outlines at the requested size; callers cache the results (a
// 36×48 tile takes about 0.2 ms to draw natively, a 90×120 one 0.6 ms).
//
// The package keeps no state besides the parsed fonts and each Face's
// glyph cache; every function is safe for concurrent use.
package art

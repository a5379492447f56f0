//go:build !js

package art

// Outside the browser user tilesets may also be GIF and JPEG files. The
// browser build leaves these decoders out (they would add some 25 KB to the
// page): there the page has the browser decode any picture and hands
// DecodeTileImage a PNG.
import (
	_ "image/gif"  // user tilesets: GIF
	_ "image/jpeg" // user tilesets: JPEG
)

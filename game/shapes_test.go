package game

import (
	"image"
	"testing"
)

// TestNinePatch: the nine slices of the small mask draw the same picture
// as a mask rasterised at the full size (to a small rounding error), and
// they tile the shape exactly.
func TestNinePatch(t *testing.T) {
	for _, k := range []shapeKey{{40, 30, 24, 0}, {97, 44, 16, 6}, {300, 51, 40, 8}, {21, 21, 40, 0}, {60, 20, 0, 4}} {
		n := patchSize(k)
		if k.w < n || k.h < n {
			continue
		}
		small := rasterShape(shapeKey{n, n, k.rad, k.line})
		want := rasterShape(k)
		got := image.NewAlpha(image.Rect(0, 0, k.w, k.h))
		area := 0
		for _, q := range ninePatch(n, k.w, k.h) {
			area += (q.dx1 - q.dx0) * (q.dy1 - q.dy0)
			for y := q.dy0; y < q.dy1; y++ {
				for x := q.dx0; x < q.dx1; x++ {
					// Nearest sampling of the stretched slice.
					sx := q.sx0 + (x-q.dx0)*(q.sx1-q.sx0)/(q.dx1-q.dx0)
					sy := q.sy0 + (y-q.dy0)*(q.sy1-q.sy0)/(q.dy1-q.dy0)
					got.Pix[y*got.Stride+x] = small.Pix[sy*small.Stride+sx]
				}
			}
		}
		if area != k.w*k.h {
			t.Errorf("%v: slices cover %d pixels of %d", k, area, k.w*k.h)
		}
		worst := 0
		for i := range want.Pix {
			d := int(want.Pix[i]) - int(got.Pix[i])
			worst = max(worst, d, -d)
		}
		if worst > 8 {
			t.Errorf("%v: the sliced shape differs by up to %d/255 from the whole one", k, worst)
		}
	}
}

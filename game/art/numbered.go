package art

import (
	"image/color"

	"mahjong/engine"
)

// Numbered set colours and letters per suit.
var (
	numberedColors = [...]color.RGBA{
		engine.Bamboo: green, engine.Characters: red, engine.Circles: blue,
		engine.FlowerSuit: purple, engine.SeasonSuit: orange,
	}
	numberedLetters = [...]rune{
		engine.Bamboo: 'B', engine.Characters: 'C', engine.Circles: 'D',
		engine.FlowerSuit: 'F', engine.SeasonSuit: 'S',
	}
	dragonLetters = [...]rune{'R', 'W', 'G'}
	dragonColors  = [...]color.RGBA{red, blue, green}
)

func drawNumbered(cv *canvas, g geometry, t engine.Tile) {
	b := contentBox(g)
	r := t.Rank()
	switch t.Suit() {
	case engine.WindSuit:
		ex := g.w * 0.05 // letters may use a little of the margin
		drawLabel(cv, Bold, rune("ESWN"[r-1]), 'E', b.x0-ex, b.y0, b.x1+ex, b.y1, 0.78, ink)
	case engine.DragonSuit:
		c := dragonColors[r-1]
		lw := max(1, b.w()*0.09)
		cv.frame(b.x0, b.y0+b.h()*0.08, b.x1, b.y1-b.h()*0.08, lw, lw, c)
		in := lw * 1.8
		drawLabel(cv, Bold, dragonLetters[r-1], 'G', b.x0+in, b.y0+in, b.x1-in, b.y1-in, 0.8, c)
	default:
		c := numberedColors[t.Suit()]
		split := b.y0 + b.h()*0.6
		drawLabel(cv, Bold, rune('0'+r), '8', b.x0, b.y0, b.x1, split, 0.98, c)
		drawLabel(cv, Bold, numberedLetters[t.Suit()], 'D', b.x0, split+b.h()*0.07, b.x1, b.y1, 1, c)
	}
}

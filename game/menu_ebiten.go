package game

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// pollMenuKeys reads the keys the menus need besides the intents: Alt
// with a letter, F10, Up and Down, the mouse wheel.
func pollMenuKeys() menuKeys {
	var k menuKeys
	if ebiten.IsKeyPressed(ebiten.KeyAlt) {
		for key := ebiten.KeyA; key <= ebiten.KeyZ; key++ {
			if inpututil.IsKeyJustPressed(key) {
				k.alt = rune('a' + int(key-ebiten.KeyA))
			}
		}
	}
	k.f10 = inpututil.IsKeyJustPressed(ebiten.KeyF10)
	k.up = inpututil.IsKeyJustPressed(ebiten.KeyArrowUp)
	k.down = inpututil.IsKeyJustPressed(ebiten.KeyArrowDown)
	_, k.wheel = ebiten.Wheel()
	return k
}

package game

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// poller reads Ebitengine's input state once per tick into the plain
// values Input.Step takes.
type poller struct {
	keys    []ebiten.Key
	touches []ebiten.TouchID
	ptrs    []Pointer
	pressed []KeyName
	chars   []rune
}

var keyMap = map[ebiten.Key]KeyName{
	ebiten.KeyArrowLeft:   KeyLeft,
	ebiten.KeyArrowRight:  KeyRight,
	ebiten.KeySpace:       KeySpace,
	ebiten.KeyEnter:       KeyEnter,
	ebiten.KeyNumpadEnter: KeyEnter,
	ebiten.KeyEscape:      KeyEscape,
	ebiten.KeyTab:         KeyTab,
}

func (p *poller) poll() (Keys, []Pointer) {
	p.keys = inpututil.AppendJustPressedKeys(p.keys[:0])
	p.chars = ebiten.AppendInputChars(p.chars[:0])
	p.pressed = p.pressed[:0]
	for _, k := range p.keys {
		if n, ok := keyMap[k]; ok {
			p.pressed = append(p.pressed, n)
		} else if k >= ebiten.KeyDigit0 && k <= ebiten.KeyDigit9 {
			p.pressed = append(p.pressed, Key0+KeyName(k-ebiten.KeyDigit0))
		} else if k >= ebiten.KeyA && k <= ebiten.KeyZ {
			p.pressed = append(p.pressed, KeyA+KeyName(k-ebiten.KeyA))
		}
	}
	k := Keys{
		Pressed: p.pressed,
		Shift:   ebiten.IsKeyPressed(ebiten.KeyShift),
		Chars:   p.chars,
		Down:    len(p.keys),
		Mod:     ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyAlt) || ebiten.IsKeyPressed(ebiten.KeyMeta),
	}
	p.ptrs = p.ptrs[:0]
	mx, my := ebiten.CursorPositionF()
	p.ptrs = append(p.ptrs, Pointer{ID: 0, X: mx, Y: my,
		Down:  ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft),
		Right: inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight)})
	p.touches = ebiten.AppendTouchIDs(p.touches[:0])
	for _, id := range p.touches {
		x, y := ebiten.TouchPositionF(id)
		p.ptrs = append(p.ptrs, Pointer{ID: int(id) + 1, X: x, Y: y, Down: true})
	}
	return k, p.ptrs
}

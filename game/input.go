package game

import (
	"math"
	"sync/atomic"
)

// IntentKind is what the player meant by some input.
type IntentKind int

// Intents. Pointer intents carry a position; Letter carries a lower-case
// letter (a button's mnemonic).
const (
	NoIntent  IntentKind = iota
	Tap                  // a short press and release (click or tap)
	DoubleTap            // a second tap close to the first
	LongPress            // a press held still (or a right click): show the tile's name
	DragStart            // a press that started moving (X0, Y0 is where it started)
	DragMove             // the pointer moved while dragging
	DragEnd              // the drag was released
	Hover                // the mouse moved (no button)
	Prev                 // Left: select the previous tile
	Next                 // Right: select the next tile
	MovePrev             // Shift-Left: move the selected tile left
	MoveNext             // Shift-Right: move the selected tile right
	Default              // Space or Return: the default button
	Letter               // a letter key: the button with that mnemonic
	Escape               // Escape: close a window
	Tab                  // Tab: focus the next button
	BackTab              // Shift-Tab: focus the previous button
	Backspace            // Backspace: delete in a text field
	Char                 // a typed character (Rune), for text fields
)

func (k IntentKind) String() string {
	return [...]string{"none", "tap", "double-tap", "long-press", "drag-start", "drag-move", "drag-end",
		"hover", "prev", "next", "move-prev", "move-next", "default", "letter", "escape", "tab", "back-tab", "backspace", "char"}[k]
}

// Intent is one thing the player meant.
type Intent struct {
	Kind   IntentKind
	X, Y   float64 // pointer position (device pixels)
	X0, Y0 float64 // where a drag started
	Rune   rune    // Letter: the letter, lower case
}

// Keys are the keys of one tick that Input understands, independent of
// Ebitengine so that the mapping can be tested.
type Keys struct {
	Pressed []KeyName // keys that went down this tick
	Shift   bool      // a Shift key is held
	Mod     bool      // Control, Alt or Meta is held: not ours
	Chars   []rune    // characters typed this tick (text fields)
	Down    int       // keys that went down this tick, mapped or not (Seen)
}

// KeyName names a key Input maps.
type KeyName int

// The keys Input knows. KeyA+i is the i-th letter.
const (
	KeyNone KeyName = iota
	KeyLeft
	KeyRight
	KeySpace
	KeyEnter
	KeyEscape
	KeyTab
	KeyBackspace
	Key0 // Key0+i is the digit i
	KeyA = Key0 + 10
)

// Pointer is the state of one pointer (the mouse or one finger) in a tick.
type Pointer struct {
	ID    int     // 0 for the mouse, 1+ for touches
	X, Y  float64 // position, device pixels
	Down  bool    // pressed
	Right bool    // the right mouse button went down this tick
}

// Input turns a stream of per-tick key and pointer states into intents:
// taps, double taps, long presses, drags and key commands. It keeps the
// little history it needs (press times and positions) and does not touch
// Ebitengine itself (see poll in input_ebiten.go).
type Input struct {
	Scale float64 // device pixels per CSS pixel

	tick      int
	down      bool    // a pointer is pressed
	id        int     // which
	x0, y0    float64 // where it went down
	downTick  int     // when
	dragging  bool    // it moved far enough to be a drag
	longDone  bool    // the long press has been reported
	lastTap   int     // tick of the last tap's release (-1000 none)
	lastX     float64 // where
	lastY     float64 //
	hoverX    float64 // last mouse position
	hoverY    float64 //
	touchTick int     // last tick a touch was seen; the mouse is ignored for a while after
	out       []Intent
	seen      atomic.Int64 // presses and releases seen (Seen)
}

// Seen counts the key presses and the pointer presses and releases Step
// has seen. Tests hold an input until the game has seen it, instead of
// for a guessed time that a slow frame rate could turn into a long press
// or two taps too far apart for a double tap.
func (in *Input) Seen() int64 { return in.seen.Load() }

// Held reports whether a pointer is down: a long press or a drag is under
// way, and the ticks that time it must keep coming.
func (in *Input) Held() bool { return in.down }

// Timing of pointer gestures, in ticks (1/60 s).
const (
	longPressTicks = 30 // 0.5 s held still
	doubleTapTicks = 30 // second release within 0.5 s of the first
	touchQuiet     = 60 // ignore the mouse for 1 s after a touch (emulated clicks)
)

// NewInput returns an Input for the given scale.
func NewInput(scale float64) *Input {
	return &Input{Scale: scale, lastTap: -1000, touchTick: -1000}
}

func (in *Input) css(v float64) float64 {
	if in.Scale <= 0 {
		return v
	}
	return v * in.Scale
}

// Step feeds one tick: the keys that went down and the pointers (mouse
// first, then touches). It returns the intents of this tick; the slice is
// reused by the next call.
func (in *Input) Step(k Keys, ptrs []Pointer) []Intent {
	in.tick++
	in.out = in.out[:0]
	in.keys(k)
	in.seen.Add(int64(max(k.Down, len(k.Pressed))))

	// Choose the pointer to follow: touches win over the mouse.
	var p *Pointer
	var mouse *Pointer
	for i := range ptrs {
		if ptrs[i].ID != 0 {
			in.touchTick = in.tick
			if p == nil || (in.down && ptrs[i].ID == in.id) {
				p = &ptrs[i]
			}
		} else {
			mouse = &ptrs[i]
		}
	}
	if p == nil && mouse != nil && in.tick-in.touchTick > touchQuiet {
		p = mouse
		if mouse.Right {
			in.emit(Intent{Kind: LongPress, X: mouse.X, Y: mouse.Y})
		}
		if !mouse.Down && !in.down && (mouse.X != in.hoverX || mouse.Y != in.hoverY) {
			in.hoverX, in.hoverY = mouse.X, mouse.Y
			in.emit(Intent{Kind: Hover, X: mouse.X, Y: mouse.Y})
		}
	}
	in.pointer(p)
	return in.out
}

func (in *Input) emit(it Intent) { in.out = append(in.out, it) }

func (in *Input) keys(k Keys) {
	if k.Mod {
		return
	}
	for _, r := range k.Chars {
		in.emit(Intent{Kind: Char, Rune: r})
	}
	for _, key := range k.Pressed {
		switch {
		case key == KeyLeft && k.Shift:
			in.emit(Intent{Kind: MovePrev})
		case key == KeyRight && k.Shift:
			in.emit(Intent{Kind: MoveNext})
		case key == KeyLeft:
			in.emit(Intent{Kind: Prev})
		case key == KeyRight:
			in.emit(Intent{Kind: Next})
		case key == KeySpace:
			// Rune tells a text field that this Default is a typed space.
			in.emit(Intent{Kind: Default, Rune: ' '})
		case key == KeyEnter:
			in.emit(Intent{Kind: Default})
		case key == KeyEscape:
			in.emit(Intent{Kind: Escape})
		case key == KeyTab && k.Shift:
			in.emit(Intent{Kind: BackTab})
		case key == KeyTab:
			in.emit(Intent{Kind: Tab})
		case key == KeyBackspace:
			in.emit(Intent{Kind: Backspace})
		case key >= Key0 && key < Key0+10:
			in.emit(Intent{Kind: Letter, Rune: rune('0' + int(key-Key0))})
		case key >= KeyA && key < KeyA+26:
			in.emit(Intent{Kind: Letter, Rune: rune('a' + int(key-KeyA))})
		}
	}
}

// pointer follows the chosen pointer p (nil: none pressed or present).
func (in *Input) pointer(p *Pointer) {
	pressed := p != nil && p.Down
	switch {
	case pressed && !in.down:
		in.seen.Add(1)
		in.down, in.id = true, p.ID
		in.x0, in.y0 = p.X, p.Y
		in.downTick = in.tick
		in.dragging, in.longDone = false, false
	case pressed && in.down:
		moved := math.Hypot(p.X-in.x0, p.Y-in.y0) > in.css(10)
		if !in.dragging && moved && !in.longDone {
			in.dragging = true
			in.emit(Intent{Kind: DragStart, X: p.X, Y: p.Y, X0: in.x0, Y0: in.y0})
		} else if in.dragging {
			in.emit(Intent{Kind: DragMove, X: p.X, Y: p.Y, X0: in.x0, Y0: in.y0})
		} else if !in.longDone && in.tick-in.downTick >= longPressTicks {
			in.longDone = true
			in.emit(Intent{Kind: LongPress, X: in.x0, Y: in.y0})
		}
		in.hoverX, in.hoverY = p.X, p.Y
	case !pressed && in.down:
		in.seen.Add(1)
		in.down = false
		x, y := in.x0, in.y0
		if p != nil {
			x, y = p.X, p.Y
		}
		switch {
		case in.dragging:
			in.emit(Intent{Kind: DragEnd, X: x, Y: y, X0: in.x0, Y0: in.y0})
		case in.longDone:
		case in.tick-in.lastTap <= doubleTapTicks && math.Hypot(in.x0-in.lastX, in.y0-in.lastY) < in.css(20):
			in.emit(Intent{Kind: DoubleTap, X: in.x0, Y: in.y0})
			in.lastTap = -1000
		default:
			in.emit(Intent{Kind: Tap, X: in.x0, Y: in.y0})
			in.lastTap, in.lastX, in.lastY = in.tick, in.x0, in.y0
		}
	}
}

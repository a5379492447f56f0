package game

import (
	"slices"
	"testing"
)

// step is one tick of input for the tests.
type step struct {
	keys Keys
	ptrs []Pointer
}

func mouse(x, y float64, down bool) step {
	return step{ptrs: []Pointer{{ID: 0, X: x, Y: y, Down: down}}}
}

func touch(x, y float64) step { return step{ptrs: []Pointer{{ID: 1, X: x, Y: y, Down: true}}} }

func idle(n int) []step { return make([]step, n) }

func held(s step, n int) []step {
	out := make([]step, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func kinds(in *Input, steps []step) []IntentKind {
	var out []IntentKind
	for _, s := range steps {
		for _, it := range in.Step(s.keys, s.ptrs) {
			if it.Kind != Hover {
				out = append(out, it.Kind)
			}
		}
	}
	return out
}

func seq(parts ...[]step) []step {
	var out []step
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestInputGestures(t *testing.T) {
	up := []step{mouse(100, 100, false)}
	tests := []struct {
		name  string
		steps []step
		want  []IntentKind
	}{
		{"click", seq(up, held(mouse(100, 100, true), 3), up), []IntentKind{Tap}},
		{"double click", seq(up, held(mouse(100, 100, true), 3), up, idle(5), held(mouse(101, 100, true), 3), up),
			[]IntentKind{Tap, DoubleTap}},
		{"two slow clicks", seq(up, held(mouse(100, 100, true), 3), up, held(mouse(100, 100, false), 40), held(mouse(100, 100, true), 3), up),
			[]IntentKind{Tap, Tap}},
		{"held tap (100 ms)", seq(held(touch(50, 50), 6), idle(1)), []IntentKind{Tap}},
		{"double tap", seq(held(touch(50, 50), 6), idle(10), held(touch(52, 50), 6), idle(1)), []IntentKind{Tap, DoubleTap}},
		{"long press", seq(held(touch(50, 50), 40), idle(1)), []IntentKind{LongPress}},
		{"drag", seq(held(touch(50, 50), 3), held(touch(90, 50), 3), idle(1)), []IntentKind{DragStart, DragMove, DragMove, DragEnd}},
		{"right click", []step{{ptrs: []Pointer{{ID: 0, X: 5, Y: 5, Right: true}}}}, []IntentKind{LongPress}},
		{"mouse ignored after touch", seq(held(touch(50, 50), 6), idle(1), held(mouse(50, 50, true), 3), up), []IntentKind{Tap}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := NewInput(1)
			if got := kinds(in, tt.steps); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestInputKeys(t *testing.T) {
	tests := []struct {
		name string
		keys Keys
		want []Intent
	}{
		{"left", Keys{Pressed: []KeyName{KeyLeft}}, []Intent{{Kind: Prev}}},
		{"right", Keys{Pressed: []KeyName{KeyRight}}, []Intent{{Kind: Next}}},
		{"shift-left", Keys{Pressed: []KeyName{KeyLeft}, Shift: true}, []Intent{{Kind: MovePrev}}},
		{"shift-right", Keys{Pressed: []KeyName{KeyRight}, Shift: true}, []Intent{{Kind: MoveNext}}},
		{"space", Keys{Pressed: []KeyName{KeySpace}}, []Intent{{Kind: Default, Rune: ' '}}},
		{"return", Keys{Pressed: []KeyName{KeyEnter}}, []Intent{{Kind: Default}}},
		{"letter", Keys{Pressed: []KeyName{KeyA + 3}}, []Intent{{Kind: Letter, Rune: 'd'}}},
		{"digit", Keys{Pressed: []KeyName{Key0 + 2}}, []Intent{{Kind: Letter, Rune: '2'}}},
		{"tab", Keys{Pressed: []KeyName{KeyTab}}, []Intent{{Kind: Tab}}},
		{"shift-tab", Keys{Pressed: []KeyName{KeyTab}, Shift: true}, []Intent{{Kind: BackTab}}},
		{"typed", Keys{Chars: []rune("é")}, []Intent{{Kind: Char, Rune: 'é'}}},
		// errors
		{"control held", Keys{Pressed: []KeyName{KeyA}, Mod: true}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := NewInput(1)
			got := in.Step(tt.keys, nil)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestButtons(t *testing.T) {
	bs := []Button{
		{Label: "&No claim", Rect: Rect{0, 0, 50, 44}},
		{Label: "&Pung", Rect: Rect{60, 0, 50, 44}, Default: true},
		{Label: "&Kong", Rect: Rect{120, 0, 50, 44}, Off: true},
		{Label: "1-2-3", Key: '1', Rect: Rect{180, 0, 50, 44}},
	}
	tests := []struct {
		name string
		it   Intent
		want int
	}{
		{"mnemonic", Intent{Kind: Letter, Rune: 'n'}, 0},
		{"default", Intent{Kind: Default}, 1},
		{"tap", Intent{Kind: Tap, X: 65, Y: 10}, 1},
		{"digit key", Intent{Kind: Letter, Rune: '1'}, 3},
		{"disabled by tap", Intent{Kind: Tap, X: 125, Y: 10}, -1},
		{"disabled by key is still the key's", Intent{Kind: Letter, Rune: 'k'}, 2},
		{"miss", Intent{Kind: Tap, X: 55, Y: 10}, -1},
		{"unknown letter", Intent{Kind: Letter, Rune: 'z'}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ButtonFor(bs, tt.it); got != tt.want {
				t.Errorf("ButtonFor = %d, want %d", got, tt.want)
			}
		})
	}
	MoveFocus(bs, 1)
	if !bs[3].Focus {
		t.Errorf("Tab from the default should focus button 3 (2 is disabled): %+v", bs)
	}
	if got := ButtonFor(bs, Intent{Kind: Default}); got != 3 {
		t.Errorf("Return presses the focused button: got %d", got)
	}
}

func TestLabel(t *testing.T) {
	tests := []struct {
		text string
		key  rune
		want string
	}{
		{"No claim", 'n', "&No claim"},
		{"Mah Jong!", 'm', "&Mah Jong!"},
		{"Special Hand", 's', "&Special Hand"},
		{"1-2-3", '1', "&1-2-3"},
		{"4-5-6", '1', "4-5-6"},
		{"Ready", 0, "Ready"},
	}
	for _, tt := range tests {
		if got := Label(tt.text, tt.key); got != tt.want {
			t.Errorf("Label(%q, %q) = %q, want %q", tt.text, tt.key, got, tt.want)
		}
	}
}

func TestFlights(t *testing.T) {
	fs := []flight{{from: Rect{0, 0, 10, 10}, to: Rect{100, 50, 20, 20}, n: 4}}
	r0 := fs[0].rect()
	if r0 != fs[0].from {
		t.Errorf("at the start the tile is at %+v, want %+v", r0, fs[0].from)
	}
	ticks := 0
	for stepFlights(&fs) {
		ticks++
		if len(fs) > 0 && fs[0].rect().X <= r0.X {
			t.Errorf("tick %d: the tile did not move towards its place", ticks)
		}
		if ticks > 10 {
			t.Fatal("the flight never lands")
		}
	}
	if ticks != 4 || len(fs) != 0 {
		t.Errorf("landed after %d ticks (%d left), want 4", ticks, len(fs))
	}
	if stepFlights(&fs) {
		t.Error("no flights: nothing should move (no redraw)")
	}
}

func TestClaimTimeSteps(t *testing.T) {
	if got := stepClaimTime(15, 1); got != 20 {
		t.Errorf("15+ = %d", got)
	}
	if got := stepClaimTime(0, -1); got != 0 {
		t.Errorf("0- = %d", got)
	}
	if got := stepClaimTime(60, 1); got != 60 {
		t.Errorf("60+ = %d", got)
	}
}

package game

import "testing"

// TestInputSeen counts key presses and pointer presses and releases, not
// held pointers or moves.
func TestInputSeen(t *testing.T) {
	in := NewInput(1)
	steps := []struct {
		k    Keys
		ptrs []Pointer
		want int64
	}{
		{Keys{}, nil, 0},
		{Keys{Pressed: []KeyName{KeyA}, Down: 1}, nil, 1},
		{Keys{Down: 1}, nil, 2}, // a key Input does not map (Alt)
		{Keys{}, []Pointer{{X: 5, Y: 5, Down: true}}, 3},
		{Keys{}, []Pointer{{X: 6, Y: 5, Down: true}}, 3},
		{Keys{}, []Pointer{{X: 6, Y: 5}}, 4},
		{Keys{}, []Pointer{{X: 9, Y: 9}}, 4},
	}
	for i, s := range steps {
		in.Step(s.k, s.ptrs)
		if got := in.Seen(); got != s.want {
			t.Fatalf("step %d: seen %d, want %d", i, got, s.want)
		}
	}
}

package game

import "testing"

// TestSpaceTypedInEntry: Space in a text field types a space and does
// not press the default button (chat lines with spaces went out in
// pieces); Return still presses it.
func TestSpaceTypedInEntry(t *testing.T) {
	a := NewApp(Config{Name: "Ann"})
	text := ""
	pressed := 0
	p := &panel{id: "t", rows: []row{{kind: rowEntry, label: "Message", str: &text}},
		btns:  []Button{{Label: "&Send", ID: "send", Default: true}},
		press: func(*App, *panel, string) { pressed++ }, focus: 0, editing: true}
	// What the input layer makes of "a", Space, "b": Chars, and Space's
	// Default as well.
	for _, it := range []Intent{{Kind: Char, Rune: 'a'}, {Kind: Char, Rune: ' '}, {Kind: Default, Rune: ' '}, {Kind: Char, Rune: 'b'}} {
		p.handleOne(a, it)
	}
	if text != "a b" || pressed != 0 {
		t.Fatalf("typed %q, button pressed %d times; want \"a b\", 0", text, pressed)
	}
	p.handleOne(a, Intent{Kind: Default})
	if pressed != 1 {
		t.Fatalf("Return pressed the button %d times", pressed)
	}
}

package game

import (
	"testing"
	"time"

	"mahjong/engine/protocol"
	"mahjong/game/client"
)

// fakeEbiten records the idler's calls to Ebitengine.
type fakeEbiten struct {
	modes []bool
	wakes chan struct{}
}

func newTestIdler() (*idler, *fakeEbiten) {
	f := &fakeEbiten{wakes: make(chan struct{}, 100)}
	d := newIdler()
	d.setMode = func(slow bool) { f.modes = append(f.modes, slow) }
	d.wake = func() {
		select {
		case f.wakes <- struct{}{}:
		default:
		}
	}
	return d, f
}

// TestIdlerSlowsAndWakes: a second of unchanged picture slows the App
// down, and a change or a held pointer brings it back at once.
func TestIdlerSlowsAndWakes(t *testing.T) {
	d, f := newTestIdler()
	gen := uint64(1)
	for range idleAfter - 1 {
		d.step(gen, false, nil)
	}
	if len(f.modes) != 0 || d.slow() {
		t.Fatalf("slowed down before %d quiet ticks: %v", idleAfter, f.modes)
	}
	d.step(gen, false, nil)
	d.step(gen, false, nil)
	if len(f.modes) != 1 || !f.modes[0] || !d.slow() {
		t.Fatalf("after %d quiet ticks: modes %v, want one switch to slow", idleAfter+1, f.modes)
	}

	// The heartbeat asks for frames while slow.
	select {
	case <-f.wakes:
	case <-time.After(10 * time.Second):
		t.Fatal("no heartbeat frame while slow")
	}

	gen++
	d.step(gen, false, nil)
	if len(f.modes) != 2 || f.modes[1] || d.slow() {
		t.Fatalf("a changed picture did not restore full rate: %v", f.modes)
	}

	for range idleAfter {
		d.step(gen, false, nil)
	}
	if !d.slow() {
		t.Fatal("not slow again after a quiet second")
	}
	d.step(gen, true, nil) // a pointer goes down: a long press is timed in ticks
	if d.slow() {
		t.Fatal("a held pointer did not restore full rate")
	}
	for range 3 * idleAfter {
		d.step(gen, true, nil)
	}
	if d.slow() {
		t.Fatal("slowed down while a pointer is held")
	}
}

// TestIdlerWakesOnMessages: while slow, a message for the game's client
// asks for a frame at once.
func TestIdlerWakesOnMessages(t *testing.T) {
	d, f := newTestIdler()
	d.every = time.Hour // only messages wake it here
	ours, theirs := protocol.Pipe()
	cl, err := client.New(ours, client.Config{Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	go func() { // the controller's side: take what the client sends
		for {
			if _, err := theirs.ReadLine(); err != nil {
				return
			}
		}
	}()
	for range idleAfter + 1 {
		d.step(1, false, cl)
	}
	if !d.slow() {
		t.Fatal("not slow")
	}
	if len(f.wakes) != 0 {
		t.Fatal("a frame asked for with no message and no heartbeat")
	}
	if err := theirs.WriteLine("Pause 0 0 to start hand"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-f.wakes:
	case <-time.After(10 * time.Second):
		t.Fatal("no frame asked for after a message")
	}

	// A new client replaces the watched one; the old watcher stops.
	d.step(1, false, nil)
	if d.watched != nil || d.stop != nil {
		t.Fatal("the old client is still watched")
	}
}

package game

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/game/client"
)

// An idle table should cost next to nothing: a phone waiting for its
// player must not drain its battery. Draw already returns at once when
// nothing changed, but Ebitengine still runs a whole frame sixty times a
// second (input and gamepad polling, a flush of the GPU's commands); in
// headless Chromium that was about 10 % of a core with nothing moving.
//
// So once nothing has changed for a second and no pointer is held, the
// App asks Ebitengine for frames only when needed (FPSModeVsyncOffMinimum):
// on input (Ebitengine's own events), when the game's client has messages
// waiting, and on a slow heartbeat. Ebitengine runs the ticks that the
// elapsed time affords at each of those frames, up to five, so the App's
// tick count, and the timers that count ticks (bubbles, notices, the
// claim timer, the page's update check), keep real time; the heartbeat is
// a little shorter than five ticks for that reason. Anything that changes
// the picture puts the App back to sixty frames a second at once.

const (
	idleAfter = 60                    // quiet ticks before slowing down (1 s)
	idleBeat  = 80 * time.Millisecond // a frame at least this often while slow
)

// idler switches the App between full frame rate and frames on demand.
type idler struct {
	quiet   int    // ticks since the last change
	lastGen uint64 // the App's gen at the previous tick

	every   time.Duration  // the heartbeat (idleBeat)
	beating chan struct{}  // the heartbeat runs (frames on demand); closed to stop it
	watched *client.Client // the client whose messages wake us
	stop    chan struct{}  // ends the watcher of watched

	// setMode and wake are Ebitengine's (SetFPSMode and ScheduleFrame,
	// deprecated in favour of not clearing the screen, which we do too:
	// that saves drawing, this saves the frames); tests replace them.
	setMode func(slow bool)
	wake    func()
}

func newIdler() *idler {
	return &idler{
		every: idleBeat,
		setMode: func(slow bool) {
			if slow {
				ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
			} else {
				ebiten.SetFPSMode(ebiten.FPSModeVsyncOn)
			}
		},
		wake: ebiten.ScheduleFrame,
	}
}

// step runs at the end of each Update: gen is the App's picture
// generation, held whether a pointer is down, cl the game's client (nil
// none).
func (d *idler) step(gen uint64, held bool, cl *client.Client) {
	d.watch(cl)
	if gen != d.lastGen || held {
		d.lastGen = gen
		d.quiet = 0
		if d.slow() {
			close(d.beating)
			d.beating = nil
			d.setMode(false)
		}
		return
	}
	d.quiet++
	if d.quiet >= idleAfter && !d.slow() {
		d.beating = make(chan struct{})
		go d.beat(d.beating)
		d.setMode(true)
	}
}

// slow reports whether the App gets frames on demand (the heartbeat runs).
func (d *idler) slow() bool { return d.beating != nil }

// beat asks for a frame every d.every until stop is closed, so that
// anything counting ticks goes on while the App is slow. It runs only
// then: a timer waking a goroutine costs, in the browser, even when it
// finds nothing to do.
func (d *idler) beat(stop chan struct{}) {
	t := time.NewTicker(d.every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			d.wake()
		}
	}
}

// watch makes messages for cl ask for a frame at once, instead of waiting
// for the heartbeat (at full rate the request changes nothing); a new
// client replaces the old one.
func (d *idler) watch(cl *client.Client) {
	if cl == d.watched {
		return
	}
	if d.stop != nil {
		close(d.stop)
		d.stop = nil
	}
	d.watched = cl
	if cl == nil {
		return
	}
	stop := make(chan struct{})
	d.stop = stop
	pending := cl.Pending()
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-pending:
				d.wake()
			}
		}
	}()
}

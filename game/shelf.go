package game

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"mahjong/engine"
	"mahjong/game/local"
	"mahjong/game/prefs"
)

// Several unfinished local games are kept (the resume list): each game
// is autosaved in its own slot of a shelf, and the start dialog offers
// them all. A slot is named when its game starts; the newest maxKept
// games are kept and a new game's first save makes room by dropping the
// oldest.

// maxKept is how many unfinished games the shelf keeps.
const maxKept = 8

// shelf keeps saved games, one per slot.
type shelf interface {
	// Slots lists the slots that hold a game, in any order.
	Slots() ([]string, error)
	// Slot returns the store of one slot (Save("") empties it).
	Slot(name string) prefs.Store
	// Where says where the games are kept, for messages.
	Where() string
}

// newSlotName names the slot of a game started now: the time in
// milliseconds, base 36 (short, sortable enough, unique on one device).
func newSlotName(now time.Time) string {
	return strconv.FormatInt(now.UnixMilli(), 36)
}

// shelfKeeper is a preferences store that also says where saved games go
// (tests: a store that fails).
type shelfKeeper interface {
	SavedGames() prefs.Store
}

// memShelves keeps the shelves of in-memory preference stores (tests):
// Apps sharing a prefs.Mem share their saved games too.
var memShelves sync.Map // *prefs.Mem → *memShelf

// savedShelf returns where an App's local games are autosaved: in memory
// beside an in-memory preferences store, a single slot for a store that
// names one, else the platform's place (defaultShelf: localStorage, or a
// directory in the configuration directory).
func savedShelf(st prefs.Store) shelf {
	if w, ok := st.(shelfKeeper); ok {
		return oneSlot{w.SavedGames()}
	}
	if m, ok := st.(*prefs.Mem); ok {
		v, _ := memShelves.LoadOrStore(m, &memShelf{})
		return v.(*memShelf)
	}
	return defaultShelf()
}

// oneSlot is a shelf of a single store: every slot is that store.
type oneSlot struct{ st prefs.Store }

func (o oneSlot) Slots() ([]string, error) {
	text, err := o.st.Load()
	if err != nil || text == "" {
		return nil, err
	}
	return []string{"game"}, nil
}
func (o oneSlot) Slot(string) prefs.Store { return o.st }
func (o oneSlot) Where() string           { return o.st.Where() }

// memShelf keeps saved games in memory.
type memShelf struct {
	mu    sync.Mutex
	slots map[string]*prefs.Mem
}

func (m *memShelf) Slots() ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var names []string
	for name, s := range m.slots {
		if text, _ := s.Load(); text != "" {
			names = append(names, name)
		}
	}
	return names, nil
}

func (m *memShelf) Slot(name string) prefs.Store {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.slots == nil {
		m.slots = map[string]*prefs.Mem{}
	}
	s := m.slots[name]
	if s == nil {
		s = new(prefs.Mem)
		m.slots[name] = s
	}
	return s
}

func (m *memShelf) Where() string { return "memory" }

// keptGame is one game of the resume list.
type keptGame struct {
	slot  string
	text  string    // the stored envelope
	saved time.Time // when it was last saved (zero: unknown)
	about string    // who plays, the round and the scores, when
	err   error     // why it cannot be read (it can still be deleted)
}

// listKept reads every game on sh, newest first. A slot that cannot be
// read is listed with its error so that it can be deleted.
func listKept(sh shelf) ([]keptGame, error) {
	names, err := sh.Slots()
	if err != nil {
		return nil, err
	}
	var gs []keptGame
	for _, name := range names {
		k := keptGame{slot: name}
		k.text, k.err = sh.Slot(name).Load()
		if k.err == nil && k.text == "" {
			continue
		}
		if k.err == nil {
			k.saved, k.about, k.err = describeKept(k.text)
		}
		gs = append(gs, k)
	}
	slices.SortStableFunc(gs, func(x, y keptGame) int {
		if c := y.saved.Compare(x.saved); c != 0 {
			return c
		}
		return cmp.Compare(y.slot, x.slot)
	})
	return gs, nil
}

// describeKept reads a stored game's time and a line about it: "Rita,
// Robot Ann, Robot Bob, Robot Cy: South round, hand 6; Rita 2120,
// Robot Ann 1880, …".
func describeKept(text string) (time.Time, string, error) {
	var sg savedGame
	if err := json.Unmarshal([]byte(text), &sg); err != nil {
		return time.Time{}, "", fmt.Errorf("the saved game is damaged: %v", err)
	}
	var at time.Time
	if sg.SavedAt > 0 {
		at = time.UnixMilli(sg.SavedAt)
	}
	msgs, err := local.ParseGame(sg.Game)
	if err != nil {
		return at, "", err
	}
	g := engine.NewGame()
	for _, m := range msgs {
		g.Apply(m, false) // a summary only: the resume checks the game
	}
	about := ""
	for i, p := range g.Players {
		if p == nil || p.ID == 0 {
			continue
		}
		if i > 0 {
			about += ", "
		}
		about += fmt.Sprintf("%s %d", p.Name, p.CumulativeScore)
	}
	if g.Round != engine.NoWind {
		// The hand being played, or the next one between hands.
		about = fmt.Sprintf("%s round, hand %d: %s", g.Round.Name(), len(sg.Hands)+1, about)
	}
	return at, about, nil
}

// makeRoom drops the oldest games so that a new one fits in maxKept;
// keep is the slot being saved (never dropped). It returns how many it
// dropped.
func makeRoom(sh shelf, keep string) (int, error) {
	gs, err := listKept(sh)
	if err != nil {
		return 0, err
	}
	n := 0
	for i := len(gs) - 1; i >= 0 && len(gs)-n >= maxKept; i-- {
		if gs[i].slot == keep {
			continue
		}
		if err := sh.Slot(gs[i].slot).Save(""); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

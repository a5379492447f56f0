package engine

import (
	"errors"
	"fmt"
	"strings"
)

// This file holds the methods on Player: the rules of what a player may
// do with its tiles (draw, declare, claim, set out sets, discard) and the
// search for a complete hand. They follow the original player module
// closely, because the order of the concealed tiles and the exact
// conditions under which a move is allowed are visible on the wire.
//
// Every method that changes the player either succeeds completely or
// returns an error and leaves the player exactly as it was. The Can forms
// never change the player.
//
// When the observer cannot see the player's tiles (Hidden), only
// NumConcealed is kept, and every check trusts the player as long as it
// holds enough tiles, as the original does.

// Errors of the holdings methods. They are wrapped with the move and
// the tile, so test them with errors.Is.
var (
	ErrNotEnoughTiles = errors.New("not enough matching tiles")
	ErrNoSuchTile     = errors.New("tile not held")
	ErrBadTile        = errors.New("not a valid tile")
	ErrNoRoom         = errors.New("no room for another set")
	ErrImpossibleChow = errors.New("impossible chow")
	ErrHiddenHand     = errors.New("tiles of a hidden player are unknown")
	ErrNoPung         = errors.New("no exposed pung of that tile")
)

// NewHand resets p's holdings for a new hand in which p sits at wind w.
// The tiles start hidden: the first tile drawn decides whether the
// observer sees them (see DrawsTile). Identity and cumulative score are
// kept.
func (p *Player) NewHand(w Wind) {
	p.Wind = w
	p.NumConcealed = 0
	p.Concealed = [MaxConcealed]Tile{}
	p.DiscardHint = -1
	p.Melds = [MaxMelds]Meld{}
	p.NumSpecials = 0
	p.Specials = [8]Tile{}
	p.Hidden = true
	p.MahJongged = false
	p.HandDeclared = false
	p.NoDiscard = true
	p.OriginalCall = false
	p.Calling = false
	p.DangerFlags = [NumSeats]DangerFlags{}
	p.HandScore = -1
}

// CountTile returns how many copies of t p holds concealed, or -1 when
// p's tiles are hidden.
func (p *Player) CountTile(t Tile) int {
	if p.Hidden {
		return -1
	}
	return p.count(t)
}

func (p *Player) count(t Tile) int {
	n := 0
	for _, c := range p.Concealed[:p.NumConcealed] {
		if c == t {
			n++
		}
	}
	return n
}

// addTile appends t to the concealed tiles; the caller has checked room.
func (p *Player) addTile(t Tile) {
	p.Concealed[p.NumConcealed] = t
	p.NumConcealed++
}

// removeTile takes one t out of the concealed tiles, closing the gap.
// The tile at DiscardHint is taken if it is a t; otherwise the first t.
// The hint is used up either way. The caller has checked that t is held.
func (p *Player) removeTile(t Tile) {
	i := p.DiscardHint
	p.DiscardHint = -1
	if i < 0 || i >= p.NumConcealed || p.Concealed[i] != t {
		for i = 0; i < p.NumConcealed && p.Concealed[i] != t; i++ {
		}
		if i == p.NumConcealed {
			return
		}
	}
	copy(p.Concealed[i:p.NumConcealed], p.Concealed[i+1:p.NumConcealed])
	p.NumConcealed--
	p.Concealed[p.NumConcealed] = Blank
}

// freeMeld returns the first empty meld slot, or -1.
func (p *Player) freeMeld() int {
	for i, m := range p.Melds {
		if m.Kind == NoMeld {
			return i
		}
	}
	return -1
}

// setCount returns the number of declared sets and how many are pairs.
func (p *Player) setCount() (sets, pairs int) {
	for _, m := range p.Melds {
		if m.Kind != NoMeld {
			sets++
		}
		if m.Kind.Size() == 2 {
			pairs++
		}
	}
	return sets, pairs
}

// DrawsTile adds a tile drawn from the live wall (or dealt) to p's
// concealed tiles. The first tile of a hand decides whether p is hidden:
// a Blank tile means the observer cannot see p's tiles.
func (p *Player) DrawsTile(t Tile) error {
	hidden := p.Hidden
	if p.NumConcealed == 0 {
		hidden = t == Blank
	}
	if err := p.canAdd(t, hidden); err != nil {
		return fmt.Errorf("engine: can't draw %v: %w", t, err)
	}
	p.Hidden = hidden
	p.take(t)
	return nil
}

// DrawsLooseTile adds a loose (replacement) tile to p's concealed tiles.
func (p *Player) DrawsLooseTile(t Tile) error {
	if err := p.canAdd(t, p.Hidden); err != nil {
		return fmt.Errorf("engine: can't draw loose %v: %w", t, err)
	}
	p.take(t)
	return nil
}

func (p *Player) canAdd(t Tile, hidden bool) error {
	if p.NumConcealed >= MaxConcealed {
		return errors.New("too many concealed tiles")
	}
	if !hidden && !t.Valid() {
		return ErrBadTile
	}
	return nil
}

func (p *Player) take(t Tile) {
	if p.Hidden {
		p.NumConcealed++
		return
	}
	p.addTile(t)
}

// CanDeclareSpecial reports whether p can expose the flower or season t.
func (p *Player) CanDeclareSpecial(t Tile) bool { return p.specialCheck(t) == nil }

// DeclaresSpecial exposes the flower or season t.
func (p *Player) DeclaresSpecial(t Tile) error {
	if err := p.specialCheck(t); err != nil {
		return fmt.Errorf("engine: can't declare %v: %w", t, err)
	}
	p.Specials[p.NumSpecials] = t
	p.NumSpecials++
	if p.Hidden {
		p.NumConcealed--
	} else {
		p.removeTile(t)
	}
	return nil
}

func (p *Player) specialCheck(t Tile) error {
	switch {
	case !t.IsSpecial():
		return errors.New("not a flower or season")
	case p.NumSpecials >= len(p.Specials):
		return errors.New("all specials already declared")
	case p.Hidden && p.NumConcealed < 1, !p.Hidden && p.count(t) < 1:
		return ErrNoSuchTile
	}
	return nil
}

// setCheck checks that p can set out a set of kind with tile t, where
// need tiles of t must come from the concealed tiles (only the count is
// checked for a hidden player).
func (p *Player) setCheck(t Tile, need int) error {
	switch {
	case !t.Valid():
		return ErrBadTile
	case p.freeMeld() < 0:
		return ErrNoRoom
	case p.Hidden && p.NumConcealed < need, !p.Hidden && p.count(t) < need:
		return ErrNotEnoughTiles
	}
	return nil
}

// makeSet sets out a checked set: need copies of t leave the hand.
// Pungs and pairs (not kongs) complete the declaration when they use
// the last concealed tile.
func (p *Player) makeSet(kind MeldKind, t Tile, need int) {
	p.Melds[p.freeMeld()] = Meld{Kind: kind, Tile: t}
	if p.Hidden {
		p.NumConcealed -= need
	} else {
		for range need {
			p.removeTile(t)
		}
	}
	if kind != Kong && kind != ClosedKong && p.NumConcealed == 0 {
		p.HandDeclared = true
	}
}

func (p *Player) set(kind MeldKind, t Tile, need int, what string) error {
	if err := p.setCheck(t, need); err != nil {
		return fmt.Errorf("engine: can't %s %v: %w", what, t, err)
	}
	p.makeSet(kind, t, need)
	return nil
}

// CanPung reports whether p can pung the discard t.
func (p *Player) CanPung(t Tile) bool { return p.setCheck(t, 2) == nil }

// Pungs makes an exposed pung of the discard t with two concealed tiles.
func (p *Player) Pungs(t Tile) error { return p.set(Pung, t, 2, "pung") }

// CanFormClosedPung reports whether p holds a concealed pung of t.
func (p *Player) CanFormClosedPung(t Tile) bool { return p.setCheck(t, 3) == nil }

// FormsClosedPung sets out a concealed pung of t (when declaring a hand).
func (p *Player) FormsClosedPung(t Tile) error { return p.set(ClosedPung, t, 3, "form closed pung of") }

// CanPair reports whether p can pair the discard t.
func (p *Player) CanPair(t Tile) bool { return p.setCheck(t, 1) == nil }

// Pairs makes a pair of the discard t with one concealed tile.
func (p *Player) Pairs(t Tile) error { return p.set(Pair, t, 1, "pair") }

// CanFormClosedPair reports whether p holds a concealed pair of t.
func (p *Player) CanFormClosedPair(t Tile) bool { return p.setCheck(t, 2) == nil }

// FormsClosedPair sets out a concealed pair of t.
func (p *Player) FormsClosedPair(t Tile) error { return p.set(ClosedPair, t, 2, "form closed pair of") }

// CanKong reports whether p can kong the discard t.
func (p *Player) CanKong(t Tile) bool { return p.setCheck(t, 3) == nil }

// Kongs makes an exposed kong of the discard t with three concealed
// tiles. The replacement tile is drawn separately (DrawsLooseTile).
func (p *Player) Kongs(t Tile) error { return p.set(Kong, t, 3, "kong") }

// CanDeclareClosedKong reports whether p holds four concealed t.
func (p *Player) CanDeclareClosedKong(t Tile) bool { return p.setCheck(t, 4) == nil }

// DeclaresClosedKong declares a concealed kong of t.
func (p *Player) DeclaresClosedKong(t Tile) error {
	return p.set(ClosedKong, t, 4, "declare closed kong of")
}

// exposedPung returns the slot of p's exposed pung of t, or -1.
func (p *Player) exposedPung(t Tile) int {
	for i, m := range p.Melds {
		if m.Kind == Pung && m.Tile == t {
			return i
		}
	}
	return -1
}

func (p *Player) addCheck(t Tile) error {
	switch {
	case p.exposedPung(t) < 0:
		return ErrNoPung // a robot asks for every tile it holds: no allocation
	case p.Hidden && p.NumConcealed < 1, !p.Hidden && p.count(t) < 1:
		return ErrNoSuchTile
	}
	return nil
}

// CanAddToPung reports whether p can add a concealed t to its exposed
// pung of t.
func (p *Player) CanAddToPung(t Tile) bool { return p.addCheck(t) == nil }

// AddsToPung turns p's exposed pung of t into an annexed kong with a
// concealed t.
func (p *Player) AddsToPung(t Tile) error {
	if err := p.addCheck(t); err != nil {
		return fmt.Errorf("engine: can't add %v to a pung: %w", t, err)
	}
	i := p.exposedPung(t)
	p.Melds[i] = Meld{Kind: Kong, Tile: t, Annexed: true}
	if p.Hidden {
		p.NumConcealed--
	} else {
		p.removeTile(t)
	}
	return nil
}

// KongIsRobbed turns p's kong of t back into a pung (exposed or
// concealed as the kong was), because another player robbed it.
func (p *Player) KongIsRobbed(t Tile) error {
	for i, m := range p.Melds {
		if m.Tile != t {
			continue
		}
		switch m.Kind {
		case Kong:
			p.Melds[i] = Meld{Kind: Pung, Tile: t}
			return nil
		case ClosedKong:
			p.Melds[i] = Meld{Kind: ClosedPung, Tile: t}
			return nil
		}
	}
	return fmt.Errorf("engine: no kong of %v to rob", t)
}

// chowLow returns the lowest tile of the chow in which t sits at pos.
func chowLow(t Tile, pos ChowPos) (Tile, error) {
	if !t.IsSuit() {
		return Blank, errors.New("can't chow a non-suit tile")
	}
	r := t.Rank()
	switch pos {
	case Lower:
		if r > 7 {
			return Blank, ErrImpossibleChow
		}
		return t, nil
	case Middle:
		if r == 1 || r == 9 {
			return Blank, ErrImpossibleChow
		}
		return t - 1, nil
	case Upper:
		if r < 3 {
			return Blank, ErrImpossibleChow
		}
		return t - 2, nil
	}
	return Blank, errors.New("can't make a chow with AnyPos")
}

// chowCheck checks a chow of t at pos; with inHand t itself must be
// held too (a concealed chow), otherwise t is the claimed discard.
func (p *Player) chowCheck(t Tile, pos ChowPos, inHand bool) (Tile, error) {
	low, err := chowLow(t, pos)
	if err != nil {
		return Blank, err
	}
	if p.freeMeld() < 0 {
		return Blank, ErrNoRoom
	}
	if p.Hidden {
		need := 2
		if inHand {
			need = 3
		}
		if p.NumConcealed < need {
			return Blank, ErrNotEnoughTiles
		}
		return low, nil
	}
	for i := range Tile(3) {
		if (inHand || low+i != t) && p.count(low+i) < 1 {
			return Blank, errors.New("don't have the other tiles for the chow")
		}
	}
	return low, nil
}

func (p *Player) canChow(t Tile, pos ChowPos, inHand bool) bool {
	if pos == AnyPos {
		return p.canChow(t, Lower, inHand) || p.canChow(t, Middle, inHand) || p.canChow(t, Upper, inHand)
	}
	_, err := p.chowCheck(t, pos, inHand)
	return err == nil
}

func (p *Player) chow(t Tile, pos ChowPos, inHand bool) error {
	low, err := p.chowCheck(t, pos, inHand)
	if err != nil {
		what := "chow"
		if inHand {
			what = "form closed chow of"
		}
		return fmt.Errorf("engine: can't %s %v %v: %w", what, t, pos, err)
	}
	kind, need := Chow, 2
	if inHand {
		kind, need = ClosedChow, 3
	}
	p.Melds[p.freeMeld()] = Meld{Kind: kind, Tile: low}
	if p.Hidden {
		p.NumConcealed -= need
	} else {
		for i := range Tile(3) {
			if inHand || low+i != t {
				p.removeTile(low + i)
			}
		}
	}
	if p.NumConcealed == 0 {
		p.HandDeclared = true
	}
	return nil
}

// CanChow reports whether p can chow the discard t with t at pos; with
// AnyPos, whether some position works.
func (p *Player) CanChow(t Tile, pos ChowPos) bool { return p.canChow(t, pos, false) }

// Chows makes an exposed chow of the discard t, which sits at pos (not
// AnyPos) in the chow.
func (p *Player) Chows(t Tile, pos ChowPos) error { return p.chow(t, pos, false) }

// CanFormClosedChow reports whether p holds a concealed chow in which t
// sits at pos (AnyPos: at some position).
func (p *Player) CanFormClosedChow(t Tile, pos ChowPos) bool { return p.canChow(t, pos, true) }

// FormsClosedChow sets out a concealed chow in which t sits at pos. The
// controller always names the lowest tile (pos Lower).
func (p *Player) FormsClosedChow(t Tile, pos ChowPos) error { return p.chow(t, pos, true) }

func (p *Player) discardCheck(t Tile) error {
	if p.Hidden && p.NumConcealed < 1 || !p.Hidden && p.count(t) < 1 {
		return ErrNoSuchTile
	}
	return nil
}

// CanDiscard reports whether p holds t to discard.
func (p *Player) CanDiscard(t Tile) bool { return p.discardCheck(t) == nil }

// Discards removes t from p's concealed tiles (the one at DiscardHint if
// that is a t) and records that p has discarded this hand.
func (p *Player) Discards(t Tile) error {
	if err := p.discardCheck(t); err != nil {
		return fmt.Errorf("engine: can't discard %v: %w", t, err)
	}
	if p.Hidden {
		p.NumConcealed--
	} else {
		p.removeTile(t)
	}
	p.NoDiscard = false
	return nil
}

// SortTiles puts p's concealed tiles in the canonical order. The sort is
// stable, like the original's. It does nothing for a hidden player.
func (p *Player) SortTiles() {
	if p.Hidden {
		return
	}
	sortTiles(p.Concealed[:p.NumConcealed])
}

// sortTiles is an allocation-free insertion sort.
func sortTiles(ts []Tile) {
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && ts[j] < ts[j-1]; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
}

// ShowsTiles reveals p's concealed tiles and marks the hand declared. If
// the observer could not see p's tiles, ts becomes p's concealed tiles;
// otherwise ts is ignored, as in the original.
func (p *Player) ShowsTiles(ts Tiles) error {
	if p.Hidden {
		if len(ts) > MaxConcealed {
			return fmt.Errorf("engine: can't show %d tiles: too many", len(ts))
		}
		for _, t := range ts {
			if !t.Valid() {
				return fmt.Errorf("engine: can't show %v: %w", t, ErrBadTile)
			}
		}
		p.Concealed = [MaxConcealed]Tile{}
		p.NumConcealed = copy(p.Concealed[:], ts)
		p.Hidden = false
	}
	p.HandDeclared = true
	return nil
}

// SwapTile exchanges the concealed tile old for new (a debugging move):
// old leaves the hand like a discard and new is appended at the end.
func (p *Player) SwapTile(old, new Tile) error {
	switch {
	case p.Hidden:
		return fmt.Errorf("engine: can't swap %v: %w", old, ErrHiddenHand)
	case !new.Valid():
		return fmt.Errorf("engine: can't swap in %v: %w", new, ErrBadTile)
	case p.count(old) < 1:
		return fmt.Errorf("engine: player doesn't have old tile %v", old)
	}
	p.removeTile(old)
	p.addTile(new)
	return nil
}

// String returns the set as written in score texts, tile by tile: "-"
// joins exposed tiles and "+" concealed ones, and a kong claimed from a
// discard shows its last tile as "+" (5C-5C-5C+5C) while an annexed one
// does not (5C-5C-5C-5C). An empty slot gives "".
func (m Meld) String() string {
	var b strings.Builder
	sep := "-"
	switch m.Kind {
	case ClosedChow:
		sep = "+"
		fallthrough
	case Chow:
		for i := range Tile(3) {
			if i > 0 {
				b.WriteString(sep)
			}
			b.WriteString((m.Tile + i).String())
		}
	case ClosedPung, ClosedKong, ClosedPair:
		sep = "+"
		fallthrough
	case Pung, Kong, Pair:
		n := m.Kind.Size()
		for i := range n {
			if m.Kind == Kong && !m.Annexed && i == n-1 {
				sep = "+"
			}
			if i > 0 {
				b.WriteString(sep)
			}
			b.WriteString(m.Tile.String())
		}
	}
	return b.String()
}

// TilesString describes p's tiles as the original's InfoTiles text: the
// concealed tiles sorted (or "--" each when hide is set or p is
// hidden), " *", each set preceded by a space, " * ", and the specials.
// Example: "1B 2B 9D * 6C-6C-6C 1C+2C+3C * 1F 3S".
func (p *Player) TilesString(hide bool) string {
	if p.Hidden {
		hide = true
	}
	ts := p.Concealed
	sortTiles(ts[:p.NumConcealed])
	var b strings.Builder
	for i, t := range ts[:p.NumConcealed] {
		if i > 0 {
			b.WriteByte(' ')
		}
		if hide {
			b.WriteString("--")
		} else {
			b.WriteString(t.String())
		}
	}
	b.WriteString(" *")
	for _, m := range p.Melds {
		if m.Kind != NoMeld {
			b.WriteByte(' ')
			b.WriteString(m.String())
		}
	}
	b.WriteString(" * ")
	for i, t := range p.Specials[:p.NumSpecials] {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
	}
	return b.String()
}

// CanMahJong reports whether p's hand, with t added (Blank: as it is),
// is a complete hand: every concealed tile (and t) in pungs, chows and
// pairs such that, with the sets already declared, there are five sets
// of which exactly one is a pair, or (with sevenPairs) seven pairs;
// failing that, Thirteen Unique Wonders. Kongs are never formed from
// concealed tiles by the search, as in the original. For a hidden player
// only the tile count is considered.
//
// It does not allocate; robots and the "filling the only place" rule
// call it often.
func (p *Player) CanMahJong(t Tile, sevenPairs bool) bool {
	sets, pairs := p.setCount()
	if p.Hidden {
		return hiddenMahJong(t, p.NumConcealed, sets, pairs, sevenPairs)
	}
	var c [MaxTile]uint8
	for _, x := range p.Concealed[:p.NumConcealed] {
		if x >= MaxTile {
			return false
		}
		c[x]++
	}
	n := p.NumConcealed
	if t != Blank {
		if !t.Valid() {
			return false
		}
		c[t]++
		n++
	}
	if searchMahJong(&c, 0, n, sets, pairs, sevenPairs) {
		return true
	}
	if t != Blank && p.NumConcealed == 13 || t == Blank && p.NumConcealed == 14 {
		return p.CanThirteenWonders(t)
	}
	return false
}

// completeHand is the original's test of a fully declared hand.
func completeHand(sets, pairs int, sevenPairs bool) bool {
	return sets == 5 && pairs == 1 || sevenPairs && sets == 7 && pairs == 7
}

// searchMahJong looks for a partition of the n tiles counted in c (none
// below index from) into pungs, chows and pairs that completes the hand.
// The lowest remaining tile must be in a pung, a pair or the bottom of a
// chow, so trying those three is exhaustive.
func searchMahJong(c *[MaxTile]uint8, from, n, sets, pairs int, sevenPairs bool) bool {
	if n == 0 {
		return completeHand(sets, pairs, sevenPairs)
	}
	if sets >= MaxMelds || pairs > 1 && !sevenPairs {
		return false
	}
	i := from
	for c[i] == 0 {
		i++
	}
	if c[i] >= 3 {
		c[i] -= 3
		ok := searchMahJong(c, i, n-3, sets+1, pairs, sevenPairs)
		c[i] += 3
		if ok {
			return true
		}
	}
	if t := Tile(i); t.IsSuit() && t.Rank() <= 7 && c[i+1] > 0 && c[i+2] > 0 {
		c[i]--
		c[i+1]--
		c[i+2]--
		ok := searchMahJong(c, i, n-3, sets+1, pairs, sevenPairs)
		c[i]++
		c[i+1]++
		c[i+2]++
		if ok {
			return true
		}
	}
	if c[i] >= 2 {
		c[i] -= 2
		ok := searchMahJong(c, i, n-2, sets+1, pairs+1, sevenPairs)
		c[i] += 2
		if ok {
			return true
		}
	}
	return false
}

// hiddenMahJong is CanMahJong for a player whose n concealed tiles are
// unknown: the original's search then only counts tiles (a discard t
// joins two unknown tiles in a pung or chow, or one in a pair; unknown
// tiles form pungs and pairs).
func hiddenMahJong(t Tile, n, sets, pairs int, sevenPairs bool) bool {
	if t == Blank {
		return hiddenRest(n, sets, pairs, sevenPairs)
	}
	if sets >= MaxMelds {
		return false
	}
	return n >= 2 && hiddenRest(n-2, sets+1, pairs, sevenPairs) ||
		n >= 1 && hiddenRest(n-1, sets+1, pairs+1, sevenPairs)
}

func hiddenRest(n, sets, pairs int, sevenPairs bool) bool {
	if n <= 1 {
		return n == 0 && completeHand(sets, pairs, sevenPairs)
	}
	if sets >= MaxMelds {
		return false
	}
	return n >= 3 && hiddenRest(n-3, sets+1, pairs, sevenPairs) ||
		hiddenRest(n-2, sets+1, pairs+1, sevenPairs)
}

// thirteenWonders are the tiles of Thirteen Unique Wonders.
var thirteenWonders = [13]Tile{
	NewTile(Bamboo, 1), NewTile(Bamboo, 9), NewTile(Characters, 1), NewTile(Characters, 9),
	NewTile(Circles, 1), NewTile(Circles, 9),
	EastWind, SouthWind, WestWind, NorthWind, RedDragon, WhiteDragon, GreenDragon,
}

// CanThirteenWonders reports whether p's concealed tiles, with t added
// (Blank: as they are), hold every major tile once and one of them twice.
// Like the original it looks only at those thirteen kinds; it is false for
// a hidden player and when there is no room for t.
func (p *Player) CanThirteenWonders(t Tile) bool {
	if p.Hidden || t != Blank && p.NumConcealed >= MaxConcealed {
		return false
	}
	havePair := false
	for _, w := range thirteenWonders {
		n := p.count(w)
		if t == w {
			n++
		}
		switch {
		case n == 0 || n > 2:
			return false
		case n == 2:
			if havePair {
				return false
			}
			havePair = true
		}
	}
	return havePair
}

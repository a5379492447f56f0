package engine

import "fmt"

// ApplyError is a controller message that cannot be applied in the
// current state. Text is worded as the original controller words its
// Error replies, so the controller can send it unchanged.
type ApplyError struct {
	Text       string
	Consistent bool // false: the message contradicts the state (a bug, not a bad request)
}

func (e *ApplyError) Error() string { return "engine: " + e.Text }

func refuse(text string) error { return &ApplyError{Text: text, Consistent: true} }

func inconsistent(text string) error { return &ApplyError{Text: text} }

// NewGame returns an empty table: four unknown players, default options.
func NewGame() *Game {
	g := &Game{Player: NoSeat, Supplier: NoSeat, Options: DefaultOptions()}
	for i := range g.Players {
		g.Players[i] = &Player{}
		g.Players[i].NewHand(NoWind)
	}
	return g
}

// PlayerByID returns the player with the given id, or nil.
func (g *Game) PlayerByID(id int) *Player {
	for _, p := range g.Players {
		if p != nil && p.ID == id {
			return p
		}
	}
	return nil
}

// SeatOf returns the seat of the player with the given id, or NoSeat.
func (g *Game) SeatOf(id int) Seat {
	for i, p := range g.Players {
		if p != nil && p.ID == id {
			return Seat(i)
		}
	}
	return NoSeat
}

// sevenPairs reports whether seven pairs counts as a winning hand.
func (g *Game) sevenPairs() bool { return g.Options.Bool(OptSevenPairs) }

// PeekLive returns the next live tile and whether there is one.
func (g *Game) PeekLive() (Tile, bool) { return g.Wall.PeekLive() }

// PeekLoose returns the next loose tile and whether there is one.
func (g *Game) PeekLoose() (Tile, bool) { return g.Wall.PeekLoose() }

// LiveLeft returns the number of live tiles still to be drawn.
func (g *Game) LiveLeft() int { return g.Wall.LiveLeft() }

// HasStarted reports whether the first hand of the game has begun.
func (g *Game) HasStarted() bool {
	switch {
	case g.Round == NoWind:
		return false
	case g.Round != East:
		return true
	case g.Players[EastSeat].ID == 0:
		return false
	case g.Players[EastSeat].ID != g.FirstEast, g.HandsAsEast > 0, g.Phase != HandComplete:
		return true
	}
	return false
}

// teq is "the tiles are equal, or one is unknown": a seat's view does not
// know the wall, so its draws cannot be checked against it.
func teq(a, b Tile) bool { return a == b || a == Blank || b == Blank }

// Apply changes the game by one controller message. With check set the
// message is first verified against the rules and the state, and a
// refused message returns an *ApplyError and leaves the game exactly as
// it was; the controller applies every message it is about to send this
// way, so its legality checks and its state can never disagree. Views
// apply what they receive without checking.
func (g *Game) Apply(ev Event, check bool) error {
	switch m := ev.(type) {
	case CConnectReply:
		if m.ID != 0 {
			g.Players[0].ID = m.ID
		}
	case CPlayer:
		return g.applyPlayer(m)
	case CGame:
		return g.applyGame(m)
	case CInfoTiles, CReconnect, CClaimDenied, CStateSaved, CCanMahJong,
		CGameOver, CMessage, CComment, CError, CPlayerOptionSet, CAuthReqd, CRedirect:
		// Nothing for the table: these concern one connection only.
	case CNewRound:
		g.Round = m.Wind
		g.HandsAsEast = 0
	case CPause:
		g.Paused, g.PauseReason = true, m.Text
		g.Ready = [NumSeats]bool{}
		if s := g.SeatOf(m.Exempt); s != NoSeat {
			g.Ready[s] = true
		}
	case CPlayerReady:
		if s := g.SeatOf(m.ID); g.Paused && s != NoSeat {
			g.Ready[s] = true
			if g.Ready == [NumSeats]bool{true, true, true, true} {
				g.Paused, g.PauseReason = false, ""
			}
		}
	case CNewHand:
		return g.applyNewHand(m, check)
	case CPlayerDraws:
		return g.applyDraws(m.ID, m.Tile, check)
	case CPlayerDrawsLoose:
		return g.applyDrawsLoose(m.ID, m.Tile, check)
	case CPlayerDeclaresSpecial:
		return g.applyDeclaresSpecial(m, check)
	case CStartPlay:
		g.Active = true
	case CStopPlay:
		g.Active = false
	case CPlayerDiscards:
		return g.applyDiscards(m, check)
	case CPlayerDoesntClaim:
		return g.applyDoesntClaim(m, check)
	case CDangerousDiscard:
		if check {
			if m.Serial != g.Serial {
				return refuse("Not current discard (dangerous discard message)")
			}
			if g.Supplier == NoSeat || m.ID != g.Players[g.Supplier].ID {
				return refuse("Dangerous discarder doesn't match supplier")
			}
		}
		g.Flags |= DangerousDiscardFlag
		if m.NoChoice {
			g.Flags |= NoChoiceFlag
		}
	case CPlayerClaimsPung:
		return g.applyClaim(m.ID, m.Serial, PungClaim, AnyPos, check)
	case CPlayerClaimsKong:
		return g.applyClaim(m.ID, m.Serial, KongClaim, AnyPos, check)
	case CPlayerClaimsChow:
		return g.applyClaim(m.ID, m.Serial, ChowClaim, m.Pos, check)
	case CPlayerClaimsMahJong:
		return g.applyClaimsMahJong(m, check)
	case CPlayerPairs:
		return g.applyPairs(m, check)
	case CPlayerSpecialSet:
		return g.applySpecialSet(m.ID, m.Tile, m.Tiles, true, check)
	case CPlayerFormsClosedSpecialSet:
		return g.applySpecialSet(m.ID, Blank, m.Tiles, false, check)
	case CPlayerPungs:
		return g.applyPungs(m, check)
	case CPlayerKongs:
		return g.applyKongs(m, check)
	case CPlayerChows:
		return g.applyChows(m, check)
	case CWashOut:
		g.Phase = HandComplete
		g.Player = NoSeat
		g.Claims = [NumSeats]ClaimKind{}
	case CPlayerMahJongs:
		return g.applyMahJongs(m, check)
	case CPlayerFormsClosedPair:
		return g.applyFormsClosed(m.ID, m.Tile, ClosedPair, check)
	case CPlayerFormsClosedPung:
		return g.applyFormsClosed(m.ID, m.Tile, ClosedPung, check)
	case CPlayerFormsClosedChow:
		return g.applyFormsClosed(m.ID, m.Tile, ClosedChow, check)
	case CPlayerDeclaresClosedKong:
		return g.applyKongDeclared(m.ID, m.Tile, m.Serial, DeclaringKong, check)
	case CPlayerAddsToPung:
		return g.applyKongDeclared(m.ID, m.Tile, m.Serial, AddingToPung, check)
	case CPlayerRobsKong:
		return g.applyRobsKong(m, check)
	case CPlayerShowsTiles:
		return g.applyShowsTiles(m, check)
	case CSwapTile:
		p := g.PlayerByID(m.ID)
		if p == nil {
			return refuse("SwapTile: no such player")
		}
		if err := p.SwapTile(m.Old, m.New); err != nil {
			return refuse("player doesn't have old tile")
		}
	case CHandScore:
		if p := g.PlayerByID(m.ID); p != nil {
			p.HandScore = m.Score
		}
	case CSettlement:
		for i, d := range [NumSeats]int{m.East, m.South, m.West, m.North} {
			g.Players[i].CumulativeScore += d
		}
		g.Phase = HandComplete
		g.Claims = [NumSeats]ClaimKind{}
		if g.Player == EastSeat {
			g.HandsAsEast++
		}
	case CGameOption:
		return g.applyGameOption(m, check)
	case CChangeManager:
		if check && g.Manager != 0 && g.Manager != m.ID {
			return refuse("Not authorized to change the manager")
		}
		g.Manager = m.Manager
	case CWall:
		if g.Phase != HandComplete {
			return refuse("Can only set the wall between hands")
		}
		g.Wall.Tiles = append(g.Wall.Tiles[:0], m.Tiles...)
	default:
		return inconsistent(fmt.Sprintf("unknown controller message %T", ev))
	}
	return nil
}

func (g *Game) applyPlayer(m CPlayer) error {
	if p := g.PlayerByID(m.ID); p != nil {
		if m.Name != "" {
			p.Name = m.Name
			return nil
		}
		if g.HasStarted() {
			return refuse("Can't delete a player after game has started")
		}
		*p = Player{}
		p.NewHand(NoWind)
		return nil
	}
	if m.Name == "" {
		return refuse("trying to delete non-existent player")
	}
	p := g.PlayerByID(0)
	if p == nil {
		return refuse("received Player message when table full")
	}
	*p = Player{}
	p.NewHand(NoWind)
	p.ID, p.Name = m.ID, m.Name
	return nil
}

func (g *Game) applyGame(m CGame) error {
	var ps [NumSeats]*Player
	for i, id := range [NumSeats]int{m.East, m.South, m.West, m.North} {
		if ps[i] = g.PlayerByID(id); ps[i] == nil {
			return refuse("Starting game with unknown player")
		}
	}
	g.Players = ps
	g.Round = m.Round
	g.HandsAsEast = m.HandsAsEast
	g.FirstEast = m.FirstEast
	for i, sc := range [NumSeats]int{m.EastScore, m.SouthScore, m.WestScore, m.NorthScore} {
		g.Players[i].CumulativeScore = sc
	}
	g.Phase = HandComplete
	g.Player = NoSeat
	g.Serial = 0
	g.Claims = [NumSeats]ClaimKind{}
	g.ProtVersion = m.ProtVersion
	g.Manager = m.Manager
	g.Options = OptionsFor(m.ProtVersion)
	g.Active = false
	return nil
}

// OptionsFor returns the protocol defaults with each option enabled when
// the game's protocol version knows it.
func OptionsFor(protVersion int) Options {
	o := DefaultOptions()
	for id, d := range OptionDefs {
		o.Enabled[id] = protVersion >= d.MinProt
	}
	return o
}

func (g *Game) applyGameOption(m CGameOption, check bool) error {
	if check && g.Manager != 0 && g.Manager != m.ID {
		return refuse("Not authorized to set game options")
	}
	id, ok := LookupOption(m.Entry.Name)
	if !ok {
		return nil // an option we do not know: nothing to record
	}
	if m.Entry.Type != OptionDefs[id].Type {
		if check {
			return refuse("Error setting option")
		}
		return nil
	}
	g.Options.Values[id] = m.Entry.Value
	g.Options.Enabled[id] = m.Entry.Enabled
	return nil
}

func (g *Game) applyNewHand(m CNewHand, check bool) error {
	if check && g.Phase != HandComplete {
		return refuse("Still playing current hand")
	}
	n := g.SeatOf(m.East)
	if n == NoSeat {
		return inconsistent("new hand with unknown East")
	}
	if m.East != g.Players[EastSeat].ID {
		g.HandsAsEast = 0
	}
	old := g.Players
	for i := range g.Players {
		g.Players[i] = old[(i+int(n))%NumSeats]
	}
	g.Phase = Dealing
	for i, p := range g.Players {
		p.NewHand(Seat(i).Wind())
	}
	g.Flags = 0
	g.Konging = NotKonging
	// A seat does not see the wall: it follows the draws on blank tiles.
	tiles := g.Wall.Tiles
	if n := WallSize(g.Options.Bool(OptFlowers)); len(tiles) != n {
		tiles = make(Tiles, n)
	}
	g.Wall = *NewWall(tiles, g.Options.Bool(OptDeadWall), g.Options.Bool(OptDeadWall16))
	g.Serial = 0
	g.ExposedCount = [MaxTile]int{}
	g.DiscardedCount = [MaxTile]int{}
	return nil
}

func (g *Game) applyDraws(id int, t Tile, check bool) error {
	p, s := g.PlayerByID(id), g.SeatOf(id)
	if p == nil {
		return inconsistent("draw by unknown player")
	}
	if check {
		switch g.Phase {
		case Dealing:
		case Discarded:
			ds := g.Player
			if s != ds.Next() {
				return refuse("Drawing out of turn")
			}
			for i, c := range g.Claims {
				if Seat(i) != ds && c == NoClaimYet {
					return refuse("Drawing before all claims received")
				}
			}
			for i, c := range g.Claims {
				if Seat(i) != ds && c > Declined {
					return refuse("Somebody has claimed the discard")
				}
			}
		case DeclaringSpecials:
			if s != g.Player {
				return refuse("Can't draw out of turn")
			}
			if g.Needs != FromWall {
				return refuse("Don't need a tile now")
			}
		case Discarding:
			if g.Needs != FromWall {
				return refuse("Already drawn or claimed a tile")
			}
		default:
			return refuse("Can't draw a tile now")
		}
	}
	w, ok := g.PeekLive()
	if !ok {
		return refuse("Wall exhausted")
	}
	if check && !teq(w, t) {
		return inconsistent("Drawing tile not the first in wall")
	}
	cp := *p
	if err := cp.DrawsTile(t); err != nil {
		return inconsistent("Unexpected failure drawing tile (player)")
	}
	*p = cp
	g.Wall.LiveUsed++
	if g.Phase == Dealing {
		if s == EastSeat {
			g.Tile = t
		}
		if g.Players[EastSeat].NumConcealed == MaxConcealed &&
			g.Players[SouthSeat].NumConcealed == MaxConcealed-1 &&
			g.Players[WestSeat].NumConcealed == MaxConcealed-1 &&
			g.Players[NorthSeat].NumConcealed == MaxConcealed-1 {
			g.Phase = DeclaringSpecials
			g.Needs = FromNone
			g.Player = EastSeat
			g.Whence = FromWall
		}
		return nil
	}
	if g.Phase == Discarded {
		g.Phase = Discarding
	}
	g.Tile = t
	g.Needs = FromNone
	g.Player = s
	g.Whence = FromWall
	g.Konging = NotKonging
	return nil
}

func (g *Game) applyDrawsLoose(id int, t Tile, check bool) error {
	p, s := g.PlayerByID(id), g.SeatOf(id)
	if p == nil {
		return inconsistent("draw by unknown player")
	}
	if check {
		if s != g.Player {
			return refuse("Can't draw a loose tile out of turn")
		}
		if !((g.Phase == Discarding || g.Phase == DeclaringSpecials) && g.Needs == FromLoose) {
			return refuse("Can't draw a tile now")
		}
	}
	w, ok := g.PeekLoose()
	if !ok {
		return refuse("Dead wall exhausted")
	}
	if check && !teq(w, t) {
		return inconsistent("Drawing tile not the first loose tile")
	}
	cp := *p
	if err := cp.DrawsLooseTile(t); err != nil {
		return inconsistent("Unexpected failure drawing tile (player)")
	}
	*p = cp
	g.Wall.DrawLoose()
	g.Needs = FromNone
	g.Whence = FromLoose
	g.Tile = t
	g.Konging = NotKonging
	return nil
}

func (g *Game) applyDeclaresSpecial(m CPlayerDeclaresSpecial, check bool) error {
	p, s := g.PlayerByID(m.ID), g.SeatOf(m.ID)
	if p == nil {
		return inconsistent("declaration by unknown player")
	}
	if check && g.Konging != NotKonging {
		// The original accepted this, and the konger lost its loose tile.
		return refuse("Can't declare while a kong may be robbed")
	}
	if check {
		if g.Phase == DeclaringSpecials || (g.Phase == Discarding && g.Whence != FromDiscard) {
			if g.Player != s {
				return refuse("Can only declare in turn")
			}
		} else {
			return refuse("Can't discard specials now")
		}
	}
	if m.Tile == Blank {
		if check && g.Phase == Discarding {
			return refuse("Can't declare blank special now")
		}
		if s == NorthSeat {
			g.Phase = Discarding
			g.Konging = NotKonging
			g.Needs = FromNone
			// Whence matters only if East goes out at once, which is a
			// limit hand anyway.
			g.Whence = FromWall
			g.Player = EastSeat
		} else {
			g.Phase = DeclaringSpecials
			g.Player = s.Next()
		}
		return nil
	}
	if err := p.DeclaresSpecial(m.Tile); err != nil {
		return refuse("Don't have that special")
	}
	if g.Options.Bool(OptFlowersLoose) {
		g.Needs = FromLoose
	} else {
		g.Needs = FromWall
	}
	g.ExposedCount[m.Tile]++
	return nil
}

func (g *Game) applyDiscards(m CPlayerDiscards, check bool) error {
	p, s := g.PlayerByID(m.ID), g.SeatOf(m.ID)
	if p == nil {
		return inconsistent("discard by unknown player")
	}
	if check {
		switch {
		case !(g.Phase == Discarding && g.Player == s):
			return refuse("Can't discard now")
		case g.Needs != FromNone:
			return refuse("Need to draw a tile before discarding")
		case g.Paused:
			return refuse("Can't discard until everybody's ready")
		case m.Calling && p.NumConcealed < MaxConcealed:
			return refuse("Must have concealed hand to declare calling")
		case m.Calling && p.Calling:
			return refuse("Already calling")
		case m.Calling && !p.NoDiscard:
			return refuse("Only Original Call declaration allowed")
		case p.Calling && g.Whence == FromDiscard:
			return inconsistent("Calling player discarding after claim??")
		case p.Calling && m.Tile != g.Tile:
			return refuse("Calling: can't discard that tile")
		}
	}
	noDiscard := p.NoDiscard
	if err := p.Discards(m.Tile); err != nil {
		return refuse("You can't discard that tile")
	}
	g.Phase = Discarded
	g.Player = s
	g.Tile = m.Tile
	g.Serial = m.Serial
	g.Claims = [NumSeats]ClaimKind{}
	g.ChowPending = false
	g.Flags &^= KongFlag | KongUponKongFlag | DangerousDiscardFlag | NoChoiceFlag
	if m.Calling {
		p.Calling = true
		if noDiscard {
			p.OriginalCall = true
		}
	}
	g.ExposedCount[m.Tile]++
	g.DiscardedCount[m.Tile]++
	return nil
}

func (g *Game) applyDoesntClaim(m CPlayerDoesntClaim, check bool) error {
	s := g.SeatOf(m.ID)
	if s == NoSeat {
		return inconsistent("no-claim by unknown player")
	}
	// A late or duplicate NoClaim is harmless: it is acknowledged but only
	// recorded when it answers the current discard.
	if g.Serial == m.Serial {
		g.Claims[s] = Declined
	}
	return nil
}

func (g *Game) applyClaim(id, serial int, kind ClaimKind, pos ChowPos, check bool) error {
	p, s := g.PlayerByID(id), g.SeatOf(id)
	if p == nil {
		return inconsistent("claim by unknown player")
	}
	if check {
		verb := map[ClaimKind]string{PungClaim: "pung", KongClaim: "kong", ChowClaim: "chow"}[kind]
		if g.Phase != Discarded {
			return refuse("Can't " + verb + " now")
		}
		if g.Serial != serial {
			return refuse("Too late: next discard has been made")
		}
		if g.Player == s {
			return refuse("Can't claim own discard!")
		}
		switch kind {
		case PungClaim:
			if !p.CanPung(g.Tile) {
				return refuse("Can't pung that tile")
			}
		case KongClaim:
			if !p.CanKong(g.Tile) {
				return refuse("Can't kong that tile")
			}
		case ChowClaim:
			if s != g.Player.Next() {
				return refuse("Can't chow out of turn")
			}
			if !p.CanChow(g.Tile, pos) {
				return refuse("Can't make that chow")
			}
		}
		if p.Calling {
			return refuse("Calling players can only claim Mah-Jong")
		}
	}
	g.Claims[s] = kind
	if kind == ChowClaim {
		g.ChowPos = pos
	}
	return nil
}

func (g *Game) applyClaimsMahJong(m CPlayerClaimsMahJong, check bool) error {
	p, s := g.PlayerByID(m.ID), g.SeatOf(m.ID)
	if p == nil {
		return inconsistent("claim by unknown player")
	}
	switch {
	case g.Phase == Discarded:
		if check {
			if g.Serial != m.Serial {
				return refuse("Too late: next discard has been made")
			}
			if g.Player == s {
				return refuse("Can't claim own discard!")
			}
			if !p.CanMahJong(g.Tile, g.sevenPairs()) {
				return refuse("Can't mah-jong with that tile")
			}
		}
	case (g.Phase == Discarding || g.Phase == DeclaringSpecials) && g.Konging != NotKonging:
		if check {
			if g.Serial != m.Serial {
				return refuse("Too late: next discard has been made")
			}
			if g.Player == s {
				return refuse("Can't rob own kong")
			}
			if !p.CanMahJong(g.Tile, g.sevenPairs()) {
				return refuse("Can't mah-jong with that tile")
			}
			if g.Konging == DeclaringKong && !p.CanThirteenWonders(g.Tile) {
				return refuse("Can only rob a closed kong for Thirteen Wonders")
			}
		}
	default:
		return refuse("Nothing to claim")
	}
	g.Claims[s] = MahJongClaim
	return nil
}

// winnerPending reports whether s is the winner with a claimed tile
// still to place.
func (g *Game) winnerPending(s Seat) bool {
	return g.Phase == MahJonging && g.MahJongPending && s == g.Player
}

// completes applies f to a copy of p and, when checking, requires the
// result still to be a complete hand; p changes only on success.
func (g *Game) completes(p *Player, check bool, f func(*Player) error, failText, noMJText string) error {
	cp := *p
	if err := f(&cp); err != nil {
		return refuse(failText)
	}
	if check && !cp.CanMahJong(Blank, g.sevenPairs()) {
		return refuse(noMJText)
	}
	*p = cp
	return nil
}

func (g *Game) applyPairs(m CPlayerPairs, check bool) error {
	p, s := g.PlayerByID(m.ID), g.SeatOf(m.ID)
	if p == nil {
		return inconsistent("pair by unknown player")
	}
	if check {
		if !g.winnerPending(s) {
			return refuse("Nothing to pair")
		}
		if m.Tile != g.Tile {
			return inconsistent("Paired tile isn't discard")
		}
	}
	if g.Phase != MahJonging {
		return refuse("Nothing to pair")
	}
	err := g.completes(p, check, func(q *Player) error { return q.Pairs(m.Tile) },
		"Can't pair that tile", "Can't go out with that pair")
	if err != nil {
		return err
	}
	g.MahJongPending = false
	if check {
		MarkDangerousDiscard(g)
	}
	return nil
}

func (g *Game) applySpecialSet(id int, t Tile, tiles Tiles, claimed, check bool) error {
	p, s := g.PlayerByID(id), g.SeatOf(id)
	if p == nil {
		return inconsistent("special set by unknown player")
	}
	if check {
		if claimed {
			if !g.winnerPending(s) {
				return refuse("Nothing to claim")
			}
			if t != g.Tile {
				return inconsistent("Claimed tile isn't discard")
			}
		} else if !(g.Phase == MahJonging && s == g.Player) {
			return refuse("Not going out")
		}
	}
	if g.Phase != MahJonging {
		return refuse("Can't declare special set now")
	}
	if check && !p.CanThirteenWonders(t) {
		return refuse("No special hand to form")
	}
	cp := *p
	if err := cp.ShowsTiles(tiles); err != nil {
		return inconsistent("player_shows_tiles failed")
	}
	if check && cp.NumConcealed != p.NumConcealed {
		return refuse("Wrong number of tiles in special set")
	}
	if claimed {
		if err := cp.DrawsTile(t); err != nil {
			return inconsistent("Error in player_draws_tile")
		}
	}
	if check && !cp.CanMahJong(Blank, g.sevenPairs()) {
		return refuse("No mah jong hand!")
	}
	*p = cp
	if claimed {
		g.MahJongPending = false
	}
	return nil
}

func (g *Game) applyPungs(m CPlayerPungs, check bool) error {
	p, s := g.PlayerByID(m.ID), g.SeatOf(m.ID)
	if p == nil {
		return inconsistent("pung by unknown player")
	}
	if check {
		if !(g.Phase == Discarded || g.winnerPending(s)) {
			return refuse("Nothing to pung")
		}
		if m.Tile != g.Tile {
			return inconsistent("Punged tile isn't discard")
		}
	}
	switch g.Phase {
	case Discarded:
		if err := p.Pungs(m.Tile); err != nil {
			return refuse("Can't pung that tile")
		}
		g.Phase = Discarding
		g.Konging = NotKonging
		g.Tile = m.Tile
		g.Needs = FromNone
		g.Supplier = g.Player
		g.Player = s
		g.Whence = FromDiscard
		g.ExposedCount[m.Tile] += 2
	case MahJonging:
		err := g.completes(p, check, func(q *Player) error { return q.Pungs(m.Tile) },
			"Can't pung that tile", "Can't go out with that pung")
		if err != nil {
			return err
		}
		g.MahJongPending = false
	default:
		return refuse("Nothing to pung")
	}
	if check {
		MarkDangerousDiscard(g)
		g.reassessDanger(p)
	}
	return nil
}

func (g *Game) applyKongs(m CPlayerKongs, check bool) error {
	p, s := g.PlayerByID(m.ID), g.SeatOf(m.ID)
	if p == nil {
		return inconsistent("kong by unknown player")
	}
	if check && g.Phase != Discarded {
		return refuse("Nothing to kong")
	}
	if err := p.Kongs(m.Tile); err != nil {
		return inconsistent("Can't kong that tile")
	}
	g.Phase = Discarding
	g.Needs = FromLoose
	g.Supplier = g.Player
	g.Player = s
	g.Konging = NotKonging // a claimed kong cannot be robbed
	g.markKong()
	g.ExposedCount[m.Tile] += 3
	if check {
		g.reassessDanger(p)
	}
	return nil
}

// markKong records a kong for the Kong-upon-Kong limit.
func (g *Game) markKong() {
	if g.Flags&KongFlag != 0 {
		g.Flags |= KongUponKongFlag
	}
	g.Flags |= KongFlag
}

func (g *Game) applyChows(m CPlayerChows, check bool) error {
	p, s := g.PlayerByID(m.ID), g.SeatOf(m.ID)
	if p == nil {
		return inconsistent("chow by unknown player")
	}
	if check {
		if !(g.Phase == Discarded || g.winnerPending(s)) {
			return refuse("Nothing to chow")
		}
		if m.Tile != g.Tile {
			return inconsistent("Chowed tile isn't discard")
		}
	}
	if m.Pos == AnyPos {
		// Addressed to the successful claimant: "say which chow".
		if check && g.Phase == MahJonging {
			ok := false
			for pos := Lower; pos <= Upper && !ok; pos++ {
				cp := *p
				ok = cp.Chows(m.Tile, pos) == nil && cp.CanMahJong(Blank, g.sevenPairs())
			}
			if !ok {
				return refuse("Can't go out by chowing")
			}
		}
		g.ChowPending = true
		return nil
	}
	switch g.Phase {
	case Discarded:
		if m.Pos > Upper || !m.Tile.IsSuit() {
			return inconsistent("Impossible chowposition")
		}
		if err := p.Chows(m.Tile, m.Pos); err != nil {
			return refuse("Can't chow that tile that way")
		}
		g.Phase = Discarding
		g.Konging = NotKonging
		g.Tile = m.Tile
		g.Needs = FromNone
		g.Supplier = g.Player
		g.Player = s
		g.Whence = FromDiscard
		low := m.Tile - Tile(m.Pos)
		for i := Tile(0); i < 3; i++ {
			if low+i != m.Tile {
				g.ExposedCount[low+i]++
			}
		}
	case MahJonging:
		err := g.completes(p, check, func(q *Player) error { return q.Chows(m.Tile, m.Pos) },
			"Can't chow that tile that way", "Can't go out with that chow")
		if err != nil {
			return err
		}
		g.ChowPending = false
		g.MahJongPending = false
	default:
		return refuse("Nothing to chow")
	}
	if check {
		MarkDangerousDiscard(g)
		g.reassessDanger(p)
	}
	return nil
}

func (g *Game) applyMahJongs(m CPlayerMahJongs, check bool) error {
	p, s := g.PlayerByID(m.ID), g.SeatOf(m.ID)
	if p == nil {
		return inconsistent("mah-jong by unknown player")
	}
	if m.Tile != Blank {
		if check {
			if !(g.Phase == Discarding && g.Player == s) {
				return refuse("Don't have a complete hand")
			}
			if !p.CanMahJong(Blank, g.sevenPairs()) {
				return refuse("Don't have a Mah Jong")
			}
			if g.Tile != Blank && m.Tile != g.Tile {
				return inconsistent("Tile in mah-jong claim doesn't match drawn tile")
			}
		}
		g.MahJongPending = false
		g.ChowPending = false
		g.Phase = MahJonging
		return nil
	}
	if check && g.Phase != Discarded {
		return refuse("No discard to use")
	}
	g.Supplier = g.Player
	g.Whence = FromDiscard
	g.Player = s
	g.MahJongPending = true
	g.ChowPending = false
	g.Phase = MahJonging
	return nil
}

func (g *Game) applyFormsClosed(id int, t Tile, kind MeldKind, check bool) error {
	p, s := g.PlayerByID(id), g.SeatOf(id)
	if p == nil {
		return inconsistent("declaration by unknown player")
	}
	if check && g.Phase != MahJonging {
		return refuse("Not scoring now")
	}
	var (
		form func(*Player) error
		name string
	)
	switch kind {
	case ClosedPair:
		form, name = func(q *Player) error { return q.FormsClosedPair(t) }, "pair"
	case ClosedPung:
		form, name = func(q *Player) error { return q.FormsClosedPung(t) }, "pung"
	default:
		form, name = func(q *Player) error { return q.FormsClosedChow(t, Lower) }, "chow"
	}
	if s != g.Player {
		if err := form(p); err != nil {
			return refuse("Don't have that " + name)
		}
		return nil
	}
	if err := g.completes(p, check, form, "Don't have that "+name, "Can't go out with that "+name); err != nil {
		return err
	}
	if p.NumConcealed == 0 {
		p.HandDeclared = true
	}
	return nil
}

func (g *Game) applyKongDeclared(id int, t Tile, serial int, kind Konging, check bool) error {
	p, s := g.PlayerByID(id), g.SeatOf(id)
	if p == nil {
		return inconsistent("kong by unknown player")
	}
	if check && g.Konging != NotKonging {
		// The original accepted a second kong here and dealt one loose tile.
		return refuse("Can't declare while a kong may be robbed")
	}
	if check {
		if kind == DeclaringKong {
			if !(((g.Phase == Discarding && g.Whence != FromDiscard) || g.Phase == DeclaringSpecials) && g.Player == s) {
				return refuse("Can't declare a closed kong now")
			}
			if !p.CanDeclareClosedKong(t) {
				return refuse("Don't have that kong")
			}
		} else {
			// From protocol 1110 a pung just claimed may be extended at once.
			justPunged := g.ProtVersion >= 1110 && g.Claims[s] == PungClaim && g.Tile == t
			if !(g.Phase == Discarding && g.Player == s && (g.Whence != FromDiscard || justPunged)) {
				return refuse("Can't make a kong now")
			}
			if !p.CanAddToPung(t) {
				return refuse("Don't have the tiles for that kong")
			}
		}
	}
	var err error
	if kind == DeclaringKong {
		err = p.DeclaresClosedKong(t)
	} else {
		err = p.AddsToPung(t)
	}
	if err != nil {
		return inconsistent("kong failed")
	}
	g.Needs = FromLoose
	g.Konging = kind
	g.Tile = t
	g.Serial = serial
	g.Claims = [NumSeats]ClaimKind{}
	g.markKong()
	if kind == DeclaringKong {
		g.ExposedCount[t] += 4
	} else {
		g.ExposedCount[t]++
	}
	if check {
		g.reassessDanger(p)
	}
	if kind == AddingToPung {
		g.Flags &^= DangerousDiscardFlag | NoChoiceFlag
	}
	return nil
}

func (g *Game) applyRobsKong(m CPlayerRobsKong, check bool) error {
	p, s := g.PlayerByID(m.ID), g.SeatOf(m.ID)
	if p == nil {
		return inconsistent("robbery by unknown player")
	}
	if check {
		if !((g.Phase == Discarding || g.Phase == DeclaringSpecials) && g.Konging != NotKonging) {
			return refuse("No kong to rob")
		}
		if m.Tile != g.Tile {
			return refuse("Claimed tile doesn't match that of kong")
		}
		if !p.CanMahJong(m.Tile, g.sevenPairs()) {
			return refuse("Can't mah-jong with that tile")
		}
	}
	if g.Player == NoSeat {
		return inconsistent("No kong to rob")
	}
	if err := g.Players[g.Player].KongIsRobbed(m.Tile); err != nil {
		return refuse("Victim doesn't have that kong!")
	}
	g.Phase = MahJonging
	g.Whence = FromRobbedKong
	g.Needs = FromNone
	g.Supplier = g.Player
	g.Player = s
	g.Tile = m.Tile
	g.MahJongPending = true
	g.ChowPending = false
	g.Konging = NotKonging
	g.Flags &^= KongFlag | KongUponKongFlag
	return nil
}

func (g *Game) applyShowsTiles(m CPlayerShowsTiles, check bool) error {
	p, s := g.PlayerByID(m.ID), g.SeatOf(m.ID)
	if p == nil {
		return inconsistent("show by unknown player")
	}
	if check {
		if p.HandDeclared {
			return refuse("Hand already declared")
		}
		if p.NumConcealed > 0 {
			if g.Phase != MahJonging && g.Phase != HandComplete {
				return refuse("Can't reveal your tiles now!")
			}
			if g.Phase == MahJonging && s == g.Player {
				return refuse("Must finish making your sets")
			}
		}
	}
	if err := p.ShowsTiles(m.Tiles); err != nil && check {
		return refuse("Couldn't show those tiles")
	}
	return nil
}

// reassessDanger records the categories in which p's declared sets make
// a discard to p dangerous. It is called whenever p declares a set.
func (g *Game) reassessDanger(p *Player) {
	if s := Seat(int(p.Wind) - 1); s >= 0 && s < NumSeats {
		p.DangerFlags[s] = ExposedDanger(p)
	}
}

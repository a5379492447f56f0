package engine

// Actor returns the id of the player a message is about (who drew,
// discarded, claimed, declared, went out, was scored...), or 0 for
// messages about nobody in particular. Clients and robots use it to tell
// their own moves from the others'.
func Actor(ev Event) int {
	switch m := ev.(type) {
	case CPlayerReady:
		return m.ID
	case CPlayerDraws:
		return m.ID
	case CPlayerDrawsLoose:
		return m.ID
	case CPlayerDeclaresSpecial:
		return m.ID
	case CPlayerDiscards:
		return m.ID
	case CPlayerDoesntClaim:
		return m.ID
	case CClaimDenied:
		return m.ID
	case CPlayerClaimsPung:
		return m.ID
	case CPlayerClaimsKong:
		return m.ID
	case CPlayerClaimsChow:
		return m.ID
	case CPlayerClaimsMahJong:
		return m.ID
	case CPlayerPungs:
		return m.ID
	case CPlayerKongs:
		return m.ID
	case CPlayerChows:
		return m.ID
	case CPlayerDeclaresClosedKong:
		return m.ID
	case CPlayerAddsToPung:
		return m.ID
	case CPlayerRobsKong:
		return m.ID
	case CPlayerMahJongs:
		return m.ID
	case CPlayerPairs:
		return m.ID
	case CPlayerFormsClosedPair:
		return m.ID
	case CPlayerFormsClosedPung:
		return m.ID
	case CPlayerFormsClosedChow:
		return m.ID
	case CPlayerFormsClosedSpecialSet:
		return m.ID
	case CPlayerSpecialSet:
		return m.ID
	case CPlayerShowsTiles:
		return m.ID
	case CHandScore:
		return m.ID
	}
	return 0
}

package ai

import "testing"

// Expert is measured (levels.go) as Hard with four changes: a heavier
// feed cost, the table's pace, the credit for the payment a win spares
// and the losing hand priced by the losers' settlement; and without the
// majorness Hard takes as its own. This keeps the two levels from
// drifting apart unnoticed: a change to Hard reaches Expert too, and a
// change to Expert alone has to say so here.
func TestExpertBesideHard(t *testing.T) {
	h, e := paramsFor(Hard), paramsFor(Expert)
	if e.feedCost != 1.5 || e.paceK != 1 || e.spare != 50 {
		t.Fatalf("Expert: feedCost %g, paceK %g, spare %g; want 1.5, 1 and 50", e.feedCost, e.paceK, e.spare)
	}
	if h.feedCost == e.feedCost || h.paceK == e.paceK || h.spare == e.spare {
		t.Fatalf("Hard shares one of Expert's own changes: feedCost %g, paceK %g, spare %g", h.feedCost, h.paceK, h.spare)
	}
	if h.major != 0.3 || e.major != 0 {
		t.Fatalf("Hard's own majorness %g, Expert's %g; want 0.3 and 0", h.major, e.major)
	}
	if e.loserEast != 0.67 || e.loserW != 1.2 || h.loserEast != 0 || h.loserW != 0.9 {
		t.Fatalf("losing hand: Hard loserEast %g loserW %g, Expert %g and %g; want 0, 0.9, 0.67 and 1.2", h.loserEast, h.loserW, e.loserEast, e.loserW)
	}
	e.feedCost, e.paceK, e.spare, e.major = h.feedCost, h.paceK, h.spare, h.major
	e.loserEast, e.loserW = h.loserEast, h.loserW
	if e != h {
		t.Errorf("Expert differs from Hard beyond feedCost, paceK, spare, majorness and the losing hand's price:\nHard   %+v\nExpert %+v", h, e)
	}
}

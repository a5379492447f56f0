package ai

import "testing"

// Expert is measured (levels.go) as Hard with three changes: a heavier
// feed cost, the table's pace and the credit for the payment a win
// spares. This keeps the two levels from drifting apart unnoticed: a
// change to Hard reaches Expert too, and a change to Expert alone has
// to say so here.
func TestExpertIsHardPlusThree(t *testing.T) {
	h, e := paramsFor(Hard), paramsFor(Expert)
	if e.feedCost != 1.5 || e.paceK != 1 || e.spare != 50 {
		t.Fatalf("Expert: feedCost %g, paceK %g, spare %g; want 1.5, 1 and 50", e.feedCost, e.paceK, e.spare)
	}
	if h.feedCost == e.feedCost || h.paceK == e.paceK || h.spare == e.spare {
		t.Fatalf("Hard shares one of Expert's three changes: feedCost %g, paceK %g, spare %g", h.feedCost, h.paceK, h.spare)
	}
	e.feedCost, e.paceK, e.spare = h.feedCost, h.paceK, h.spare
	if e != h {
		t.Errorf("Expert differs from Hard beyond feedCost, paceK and spare:\nHard   %+v\nExpert %+v", h, e)
	}
}

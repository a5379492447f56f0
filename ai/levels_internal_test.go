package ai

import "testing"

// Expert is measured (levels.go) as Hard with three changes: a heavier
// feed cost, the table's pace and the credit for the payment a win
// spares; and without the majorness Hard takes as its own. This keeps the two levels from drifting apart unnoticed: a
// change to Hard reaches Expert too, and a change to Expert alone has
// to say so here.
func TestExpertBesideHard(t *testing.T) {
	h, e := paramsFor(Hard), paramsFor(Expert)
	if e.feedCost != 1.5 || e.paceK != 1 || e.spare != 50 {
		t.Fatalf("Expert: feedCost %g, paceK %g, spare %g; want 1.5, 1 and 50", e.feedCost, e.paceK, e.spare)
	}
	if h.feedCost == e.feedCost || h.paceK == e.paceK || h.spare == e.spare {
		t.Fatalf("Hard shares one of Expert's three changes: feedCost %g, paceK %g, spare %g", h.feedCost, h.paceK, h.spare)
	}
	if h.major != 0.3 || e.major != 0 {
		t.Fatalf("Hard's own majorness %g, Expert's %g; want 0.3 and 0", h.major, e.major)
	}
	e.feedCost, e.paceK, e.spare, e.major = h.feedCost, h.paceK, h.spare, h.major
	if e != h {
		t.Errorf("Expert differs from Hard beyond feedCost, paceK, spare and majorness:\nHard   %+v\nExpert %+v", h, e)
	}
}

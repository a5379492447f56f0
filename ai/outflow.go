package ai

// How often the others throw a kind. A wait or a pair is worth what
// comes out of the other hands as much as what is left in the wall, and
// the original robots do not throw every kind alike: a lone honour goes
// early, a kind whose copies are all still hidden is often held as a
// pair, and late in the hand everything comes out faster. The chain of
// steps in pWin counts unseen copies, as if each were as likely to come
// out as any other; outflowBy replaces that guess by a measurement.

// outflowBy is the chance that one discard of an original mj-player is a
// given kind, by the kind's group (dragon, wind, terminal, 2 or 8, 3 to
// 7), the copies of it we have not seen (1 to 4) and the stage of the
// hand (more than 55 live tiles, more than 25, the rest). Measured from
// the server logs of 1,200 games of one Hard robot against three
// original mj-players (seeds 410,001 and 420,001): for every discard of
// an original robot and every other player, each kind with unseen
// copies from that player's seat: about 820,000 discards.
var outflowBy = [5][3][4]float32{
	{ // dragons
		{0.0273, 0.0478, 0.0488, 0.0285},
		{0.0230, 0.0442, 0.0561, 0.0365},
		{0.0346, 0.0509, 0.0486, 0.0299},
	},
	{ // winds
		{0.0209, 0.0460, 0.0681, 0.0485},
		{0.0199, 0.0366, 0.0472, 0.0331},
		{0.0347, 0.0536, 0.0493, 0.0298},
	},
	{ // terminals
		{0.0166, 0.0336, 0.0416, 0.0325},
		{0.0179, 0.0345, 0.0434, 0.0354},
		{0.0295, 0.0475, 0.0474, 0.0350},
	},
	{ // 2 and 8
		{0.0125, 0.0251, 0.0292, 0.0251},
		{0.0162, 0.0302, 0.0365, 0.0313},
		{0.0260, 0.0444, 0.0455, 0.0320},
	},
	{ // 3 to 7
		{0.0106, 0.0194, 0.0231, 0.0215},
		{0.0143, 0.0265, 0.0315, 0.0286},
		{0.0231, 0.0394, 0.0424, 0.0328},
	},
}

// outflowGroup is the row of outflowBy for kind k.
func outflowGroup(k int) int {
	switch {
	case k >= 31:
		return 0
	case k >= 27:
		return 1
	}
	switch k % 9 {
	case 0, 8:
		return 2
	case 1, 7:
		return 3
	}
	return 4
}

// outflow returns the chance that one discard of another player is kind
// k, with n copies unseen and live tiles left in the wall.
func outflow(k, n, live int) float64 {
	if n <= 0 {
		return 0
	}
	st := 2
	switch {
	case live > 55:
		st = 0
	case live > 25:
		st = 1
	}
	return float64(outflowBy[outflowGroup(k)][st][min(n, 4)-1])
}

// outRate is the chance per turn that kind k reaches us from the others
// and the wall: our own draw (its unseen copies among all unseen tiles)
// and the discards of the players who may give it to us (three for a
// pung or a win, the left player alone for a chow), scaled by w.
func (x *context) outRate(k, givers int, w float64) float64 {
	n := int(x.unseen[k])
	return float64(n)/float64(x.nUnseen) + w*float64(givers)*outflow(k, n, x.live)
}

// waitRates are the chances per turn that a ready hand's wait on kind k
// (n copies unseen among unseen tiles, live tiles left) comes by our own
// draw and by one of the three others' discards: the weights of its
// self-drawn and its discard score.
func waitRates(k, n int, unseen float64, live int) (own, others float64) {
	return float64(n) / unseen, 3 * outflow(k, n, live)
}

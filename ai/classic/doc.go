// Package classic is an imitation of the original mj-player robot (Unix
// Mah-Jong 1.11), written from the description of its behaviour in
// robots.md section 1 and its published source, to stand in for it in
// fast in-process matches.
//
// The robot values a hand with a simple evaluator (eval.go): declared
// sets at a fixed base, the concealed tiles split suit by suit, by
// exhaustive search, into the best mixture of pungs, chows, pairs,
// partial chows and singletons, partial sets valued by the live tiles
// (not yet seen) that would complete them, a bonus for holding the eyes,
// and the terms of the strategy in force (chowness, hiddenness,
// majorness, suitness). Every decision tries each option and keeps the
// one whose resulting hand evaluates best (decide.go): the discard, with
// a small preference for tiles the next player threw; claims of kongs,
// pungs and (as the next player) chows; kongs on its own turn. It always
// goes out when it can, except that a concealed strategy may pass a
// discard for mah-jong. Before each discard it may switch strategy when
// another beats the current one by the hysteresis. After a mah-jong it
// sets out its tiles in the original's fixed order (declare.go).
//
// The evaluator and every decision follow the original's published
// source (its greedy.c; the constant table there is byte for byte the
// one in the installed 1.11 binary), quirks included: only North, or
// any seat in the North round, counts winds as doubling tiles. Replayed
// decision by decision on the logged games of shared/oracle (mj-arena
// agree), it makes every one of the original robots' 68,380 decisions
// with the default strategy and all 233,276 with -all. It uses no
// randomness and no hidden information:
//
//	r := classic.New(classic.Options{})
//	for each event ev received by the seat (after v.Apply(ev)):
//		for _, a := range r.Respond(v, ev) {
//			send(a)
//		}
package classic

package ai

import (
	"os"
	"strconv"
	"strings"
)

// TEMPORARY tuning hook (to be removed): MJ_AI_TUNE="name=value,..."
// overrides parameters of every level.
// MJ_AI_TUNE_EXPERT applies to Expert only, after MJ_AI_TUNE.
func tune(p *params, l Level) {
	tuneFrom(p, os.Getenv("MJ_AI_TUNE"))
	if l == Expert {
		tuneFrom(p, os.Getenv("MJ_AI_TUNE_EXPERT"))
	}
}

func tuneFrom(p *params, s string) {
	if s == "" {
		return
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			continue
		}
		switch k {
		case "survival":
			p.survival = f
		case "claimRate":
			p.claimRate = f
		case "readyRate":
			p.readyRate = f
		case "pairPung":
			p.pairPung = f
		case "noScore":
			p.noScore = f
		case "noScoreNear":
			p.noScoreNear = f
		case "noChows":
			p.noChows = f
		case "qPow":
			p.qPow = f
		case "qLo":
			p.qLo = f
		case "noScoreShape":
			p.noScoreShape = f != 0
		case "claimW":
			p.claimW = f != 0
		case "pungW":
			p.pungW = f
		case "chowW":
			p.chowW = f
		case "plainW":
			p.plainW = f
		case "suitHope":
			p.suitHope = f
		case "concealed":
			p.concealed = f
		case "claimMargin":
			p.claimMargin = f
		case "claimFixed":
			p.claimFixed = f
		case "slowPenalty":
			p.slowPenalty = f
		case "twoStep":
			p.twoStep = f != 0
		case "threeStep":
			p.threeStep = f != 0
		case "feedCost":
			p.feedCost = f
		case "ukeireBonus":
			p.ukeireBonus = f
		}
	}
}

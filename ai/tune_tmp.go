package ai

import (
	"os"
	"strconv"
	"strings"
)

// TEMPORARY tuning hook (to be removed): MJ_TUNE="name=value,..."
func tune(p *params, s string) {
	if s == "" {
		s = os.Getenv("MJ_TUNE")
	}
	if s == "" {
		return
	}
	m := map[string]*float64{
		"survival": &p.survival, "claimRate": &p.claimRate, "readyRate": &p.readyRate, "pairPung": &p.pairPung,
		"noScore": &p.noScore, "noScoreNear": &p.noScoreNear, "noChows": &p.noChows, "suitHope": &p.suitHope,
		"concealed": &p.concealed, "claimMargin": &p.claimMargin, "claimFixed": &p.claimFixed,
		"slowPenalty": &p.slowPenalty, "feedCost": &p.feedCost, "avoidLoss": &p.avoidLoss,
		"pungW": &p.pungW, "chowW": &p.chowW, "plainW": &p.plainW, "ukeireBonus": &p.ukeireBonus,
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(kv, "=")
		if k == "hazard" {
			p.hazard = v == "1"
			continue
		}
		if k == "twoStep" {
			p.twoStep = v == "1"
			continue
		}
		if k == "threeStep" {
			p.threeStep = v == "1"
			continue
		}
		if ptr, ok := m[k]; ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				*ptr = f
			}
		}
	}
}

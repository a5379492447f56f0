package ai

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseTuning(t *testing.T) {
	bad := []string{"survival", "survival=x", "survival=1.5", "survival=-0.1", "survival=NaN",
		"bravery=1", "survival=0.8,", "qLo=0"}
	for _, s := range bad {
		if _, err := ParseTuning(s); err == nil {
			t.Errorf("ParseTuning(%q) accepted", s)
		}
	}
	tu, err := ParseTuning(" Survival = 0.84 ,noScore=1.6,survival=0.8")
	if err != nil {
		t.Fatal(err)
	}
	if got := tu.String(); got != "survival=0.84,noScore=1.6,survival=0.8" {
		t.Errorf("String() = %q", got)
	}
	p := paramsFor(Hard)
	tu.apply(&p)
	want := paramsFor(Hard)
	want.survival, want.noScore = 0.8, 1.6 // the later setting wins
	if p != want {
		t.Errorf("applied: %+v\nwant %+v", p, want)
	}
	if empty, err := ParseTuning(""); err != nil || empty.String() != "" {
		t.Errorf("empty tuning: %v %q", err, empty.String())
	}
}

// TestTunablesDistinct checks that each name reaches its own constant
// of the same name, so a sweep measures what it says.
func TestTunablesDistinct(t *testing.T) {
	typ := reflect.TypeOf(params{})
	for _, k := range tunables {
		var p params
		*k.field(&p) = 0.5
		v := reflect.ValueOf(p)
		var set []string
		for i := range v.NumField() {
			if !v.Field(i).IsZero() {
				set = append(set, typ.Field(i).Name)
			}
		}
		if len(set) != 1 || !strings.EqualFold(set[0], k.name) {
			t.Errorf("%s sets %v", k.name, set)
		}
	}
}

// TestTuningReachesRobot: New applies the tuning, and a tuning that
// restates Hard's own constants leaves Hard as it is.
func TestTuningReachesRobot(t *testing.T) {
	tu, _ := ParseTuning("survival=0.84")
	if got := New(Options{Level: Hard, Tuning: tu}).params.survival; got != 0.84 {
		t.Errorf("survival %v", got)
	}
	same, _ := ParseTuning("survival=0.87,claimRate=1.2")
	if New(Options{Level: Hard, Tuning: same}).params != New(Options{Level: Hard}).params {
		t.Error("restating Hard's constants changed it")
	}
}

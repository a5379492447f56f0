//go:build !js

package main

import (
	"testing"
	"time"
)

func TestParseFlags(t *testing.T) {
	env := map[string]string{
		"MJ_RELAY_ADDR":        ":9000",
		"MJ_RELAY_ORIGINS":     "a.example, *.b.example",
		"MJ_RELAY_IDLE":        "30s",
		"MJ_RELAY_TRUST_PROXY": "true",
	}
	c, err := parseFlags([]string{"-addr", ":9001", "-max-guests", "5"}, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.addr != ":9001" || c.opts.MaxGuests != 5 || c.opts.IdleTimeout != 30*time.Second || !c.opts.TrustProxy ||
		len(c.opts.OriginPatterns) != 2 || c.opts.OriginPatterns[1] != "*.b.example" {
		t.Fatalf("config %+v", c)
	}

	for _, tc := range []struct {
		name string
		args []string
		env  map[string]string
	}{
		{"bad flag", []string{"-nope"}, nil},
		{"bad env", nil, map[string]string{"MJ_RELAY_RATE": "fast"}},
		{"extra argument", []string{"extra"}, nil},
	} {
		if _, err := parseFlags(tc.args, func(k string) string { return tc.env[k] }); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

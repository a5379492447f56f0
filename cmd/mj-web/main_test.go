//go:build !js

package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// writeSite makes a site folder: index.html, a wasm with fresh .br and .gz
// forms, a script with a stale .br, a large script with none, a folder and
// a hidden file.
func writeSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	files := []struct {
		name, body string
		mod        time.Time
	}{
		{"index.html", "<!DOCTYPE html><title>t</title>", old},
		{"m.wasm", "\x00asm plain", old},
		{"m.wasm.br", "BROTLI", old.Add(time.Second)},
		{"m.wasm.gz", "GZIP", old.Add(time.Second)},
		{"s.js", "console.log(1)", old},
		{"s.js.br", "STALE", old.Add(-time.Second)},
		{"big.js", strings.Repeat("let x = 1;\n", 400), old},
		{"sub/x.txt", "x", old},
		{".secret", "no", old},
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f.body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, f.mod, f.mod); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestSite(t *testing.T) {
	s, err := newSite(writeSite(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	srv := httptest.NewServer(s)
	defer srv.Close()

	tests := []struct {
		name, method, path, accept string
		status                     int
		ctype, encoding, body      string
		decoded                    string // X-Decoded-Length
	}{
		{name: "root", path: "/", status: 200, ctype: "text/html; charset=utf-8", body: "<!DOCTYPE html><title>t</title>"},
		{name: "index", path: "/index.html", status: 200, ctype: "text/html; charset=utf-8", body: "<!DOCTYPE html><title>t</title>"},
		{name: "brotli", path: "/m.wasm", accept: "gzip, deflate, br", status: 200, ctype: "application/wasm", encoding: "br", body: "BROTLI", decoded: "10"},
		{name: "gzip", path: "/m.wasm", accept: "gzip", status: 200, ctype: "application/wasm", encoding: "gzip", body: "GZIP", decoded: "10"},
		{name: "brotli refused", path: "/m.wasm", accept: "br;q=0, gzip;q=0.5", status: 200, ctype: "application/wasm", encoding: "gzip", body: "GZIP", decoded: "10"},
		{name: "plain", path: "/m.wasm", status: 200, ctype: "application/wasm", body: "\x00asm plain"},
		{name: "stale brotli", path: "/s.js", accept: "br", status: 200, ctype: "text/javascript; charset=utf-8", body: "console.log(1)"},
		{name: "head", method: "HEAD", path: "/m.wasm", accept: "br", status: 200, ctype: "application/wasm", encoding: "br", decoded: "10"},
		{name: "in a folder", path: "/sub/x.txt", status: 200, ctype: "text/plain; charset=utf-8", body: "x"},
		// errors
		{name: "missing", path: "/nope.js", status: 404},
		{name: "compressed asked for", path: "/m.wasm.br", status: 404},
		{name: "hidden", path: "/.secret", status: 404},
		{name: "folder", path: "/sub", status: 404},
		{name: "folder without index", path: "/sub/", status: 404},
		{name: "outside", path: "/../../etc/passwd", status: 404},
		{name: "post", method: "POST", path: "/index.html", status: 405},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := tt.method
			if method == "" {
				method = "GET"
			}
			req, err := http.NewRequest(method, srv.URL+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			req.URL.Opaque = tt.path // keep ".." as sent by a hostile client
			req.Header.Set("Accept-Encoding", tt.accept)
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d (%s)", resp.StatusCode, tt.status, body)
			}
			if tt.status != 200 {
				return
			}
			h := resp.Header
			if got := h.Get("Content-Type"); got != tt.ctype {
				t.Errorf("Content-Type %q, want %q", got, tt.ctype)
			}
			if got := h.Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.encoding)
			}
			if got := h.Get("X-Decoded-Length"); got != tt.decoded {
				t.Errorf("X-Decoded-Length %q, want %q", got, tt.decoded)
			}
			if !strings.Contains(h.Get("Vary"), "Accept-Encoding") {
				t.Errorf("Vary %q lacks Accept-Encoding", h.Get("Vary"))
			}
			if method == "GET" && string(body) != tt.body {
				t.Errorf("body %q, want %q", body, tt.body)
			}
		})
	}
}

// TestSiteGzipOnTheFly: a large compressible file without a precompressed
// form is gzipped, once, and decodes to the file.
func TestSiteGzipOnTheFly(t *testing.T) {
	dir := writeSite(t)
	s, err := newSite(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	want, _ := os.ReadFile(filepath.Join(dir, "big.js"))
	for range 2 {
		req := httptest.NewRequest("GET", "/big.js", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("status %d, encoding %q", rec.Code, rec.Header().Get("Content-Encoding"))
		}
		if rec.Body.Len() >= len(want) {
			t.Errorf("gzip body %d bytes, file %d", rec.Body.Len(), len(want))
		}
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("decoded %d bytes (%v), want the file's %d", len(got), err, len(want))
		}
	}
	if len(s.gzips) != 1 {
		t.Errorf("%d files compressed, want 1", len(s.gzips))
	}
}

func TestAcceptedEncodings(t *testing.T) {
	tests := []struct {
		header string
		br, gz bool
	}{
		{"", false, false},
		{"gzip, deflate, br, zstd", true, true},
		{"BR;q=1.0 , GZIP", true, true},
		{"br;q=0, gzip;q=0.001", false, true},
		{"br; q=0.0", false, false},
		{"identity", false, false},
		// errors
		{"br;q=abc", true, false},
		{",,;;,", false, false},
	}
	for _, tt := range tests {
		a := acceptedEncodings(tt.header)
		if a["br"] != tt.br || a["gzip"] != tt.gz {
			t.Errorf("acceptedEncodings(%q): br %v gzip %v, want %v %v", tt.header, a["br"], a["gzip"], tt.br, tt.gz)
		}
	}
}

func TestSiteURL(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, "http://127.0.0.1:8080/"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "http://localhost:8080/"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 80}, "http://localhost:80/"},
		{&net.TCPAddr{Port: 9}, "http://localhost:9/"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 1}, "http://[::1]:1/"},
	}
	for _, tt := range tests {
		if got := siteURL(tt.addr); got != tt.want {
			t.Errorf("siteURL(%v) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}

// TestRun starts the real server on a free port, checks /healthz, the site
// and that /relay is mounted, then shuts it down.
func TestRun(t *testing.T) {
	dir := writeSite(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	runCtx, stop := context.WithCancel(ctx)
	go func() {
		err := run(runCtx, []string{"-addr", "127.0.0.1:0", "-dir", dir}, pw, io.Discard)
		pw.Close()
		done <- err
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no line printed: %v", err)
	}
	go io.Copy(io.Discard, pr)
	url := regexp.MustCompile(`http://\S+`).FindString(line)
	if url == "" {
		t.Fatalf("no URL in %q", line)
	}
	get := func(path string) (int, string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(ctx, "GET", url+strings.TrimPrefix(path, "/"), nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get("/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, body := get("/"); code != 200 || !strings.Contains(body, "<title>t</title>") {
		t.Errorf("/: %d %q", code, body)
	}
	if code, _ := get("/relay"); code == 404 || code == 200 {
		t.Errorf("/relay answered a plain GET with %d: not the relay", code)
	}
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("run did not stop")
	}
}

func TestRunErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"no site", []string{"-dir", t.TempDir()}},
		{"bad flag", []string{"-port", "1"}},
		{"argument", []string{"-dir", writeSite(t), "extra"}},
		{"bad address", []string{"-dir", writeSite(t), "-addr", "127.0.0.1:99999"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := run(context.Background(), tt.args, io.Discard, io.Discard); err == nil {
				t.Errorf("run(%q) succeeded", tt.args)
			}
		})
	}
}

// TestPage checks index.html for what the tests and phones rely on: only
// relative URLs (the site may live under a sub-path), the live region, the
// viewport and touch settings.
func TestPage(t *testing.T) {
	b, err := os.ReadFile("../../index.html")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{
		`role="log"`, `aria-live="polite"`, `width=device-width`, `user-scalable=no`,
		`touch-action: none`, `overscroll-behavior: none`, `src="wasm_exec.js"`,
		`fetch("mahjong.wasm")`, `performance.mark("mj:first-frame")`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if m := regexp.MustCompile(`(?:src|href)="/|fetch\("/|https?://`).FindString(page); m != "" {
		t.Errorf("index.html has an absolute URL: %s", m)
	}
}

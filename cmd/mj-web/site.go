//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// site serves the files of one folder (the output of scripts/build-site.sh)
// with the right Content-Type, preferring a precompressed NAME.br or NAME.gz
// beside NAME when the browser accepts it, and otherwise compressing
// compressible files with gzip once, in memory. Directories are not listed,
// and nothing outside the folder is reachable.
type site struct {
	root *os.Root

	mu    sync.Mutex
	gzips map[string]gzipped // by clean name; rebuilt when the file changes
}

// gzipped is a file compressed on the fly, with what it was made from.
type gzipped struct {
	modTime time.Time
	size    int64
	data    []byte
}

// compressible lists the extensions worth compressing on the fly.
var compressible = map[string]bool{
	".html": true, ".js": true, ".css": true, ".wasm": true,
	".json": true, ".svg": true, ".txt": true, ".map": true,
}

// contentTypes are fixed here rather than read from the system's tables,
// which differ between machines.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".json": "application/json",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".ico":  "image/x-icon",
	".txt":  "text/plain; charset=utf-8",
}

func newSite(dir string) (*site, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &site{root: root, gzips: make(map[string]gzipped)}, nil
}

func (s *site) Close() error { return s.root.Close() }

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	name = strings.TrimPrefix(name, "/")
	if name == "" || name == "." {
		name = "index.html"
	}
	ext := path.Ext(name)
	if ext == ".br" || ext == ".gz" || strings.HasPrefix(path.Base(name), ".") {
		http.NotFound(w, r) // the compressed forms are chosen, not asked for
		return
	}
	info, err := s.root.Stat(name)
	if err != nil || !info.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}

	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	h.Set("Cache-Control", "no-cache") // revalidate: a rebuilt site shows at once
	h.Set("X-Content-Type-Options", "nosniff")
	if ct, ok := contentTypes[ext]; ok {
		h.Set("Content-Type", ct)
	} else if ct := mime.TypeByExtension(ext); ct != "" {
		h.Set("Content-Type", ct)
	} else {
		h.Set("Content-Type", "application/octet-stream")
	}

	accepted := acceptedEncodings(r.Header.Get("Accept-Encoding"))
	for _, enc := range []struct{ name, suffix string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !accepted[enc.name] {
			continue
		}
		cinfo, err := s.root.Stat(name + enc.suffix)
		if err != nil || !cinfo.Mode().IsRegular() || cinfo.ModTime().Before(info.ModTime()) {
			continue // missing or older than the file: stale
		}
		f, err := s.root.Open(name + enc.suffix)
		if err != nil {
			continue
		}
		defer f.Close()
		h.Set("Content-Encoding", enc.name)
		h.Set("X-Decoded-Length", strconv.FormatInt(info.Size(), 10))
		http.ServeContent(w, r, name, info.ModTime(), f)
		return
	}
	if accepted["gzip"] && compressible[ext] && info.Size() >= 1024 {
		if data, err := s.gzip(name, info); err == nil {
			h.Set("Content-Encoding", "gzip")
			h.Set("X-Decoded-Length", strconv.FormatInt(info.Size(), 10))
			http.ServeContent(w, r, name, info.ModTime(), bytes.NewReader(data))
			return
		}
	}
	f, err := s.root.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	http.ServeContent(w, r, name, info.ModTime(), f)
}

// gzip returns name compressed, compressing it again only when it changed.
func (s *site) gzip(name string, info fs.FileInfo) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g, ok := s.gzips[name]; ok && g.modTime.Equal(info.ModTime()) && g.size == info.Size() {
		return g.data, nil
	}
	f, err := s.root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	n, err := io.Copy(zw, f)
	if err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	if n != info.Size() {
		return nil, errors.New("mj-web: " + name + " changed while compressing")
	}
	s.gzips[name] = gzipped{modTime: info.ModTime(), size: n, data: buf.Bytes()}
	return buf.Bytes(), nil
}

// acceptedEncodings reads an Accept-Encoding header: the codings it lists
// without q=0.
func acceptedEncodings(header string) map[string]bool {
	accepted := make(map[string]bool)
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		refused := false
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if q, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && q == 0 {
					refused = true
				}
			}
		}
		accepted[coding] = !refused
	}
	return accepted
}

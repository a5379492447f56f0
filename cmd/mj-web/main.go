//go:build !js

// Command mj-web is the web host of the table: it serves the site that
// `make site` builds (index.html, wasm_exec.js and mahjong.wasm, compressed
// with brotli or gzip when the browser accepts it), the WebSocket relay at
// /relay, and /healthz. It prints the URL to open.
//
//	mj-web [-addr :8080] [-dir dist/site]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "mj-web:", err)
		os.Exit(1)
	}
}

// run serves until ctx is done, then shuts down gracefully.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("mj-web", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", ":8080", "listen on this `address` (host:port; port 0 picks a free one)")
	dir := fl.String("dir", "dist/site", "serve the site built in this `folder` (see scripts/build-site.sh)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fl.Arg(0))
	}
	if _, err := os.Stat(*dir + "/index.html"); err != nil {
		return fmt.Errorf("no site in %s (build it with make site): %w", *dir, err)
	}
	files, err := newSite(*dir)
	if err != nil {
		return err
	}
	defer files.Close()

	mux := http.NewServeMux()
	mux.Handle("/", files)
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		io.WriteString(w, "ok\n")
	})
	shutdownRelay := mountRelay(mux)

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	fmt.Fprintf(stdout, "mj-web: serving %s on %s\n", *dir, siteURL(ln.Addr()))

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rerr := shutdownRelay(sctx)
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return rerr
}

// siteURL is the address to open in a browser: a wildcard host becomes
// localhost.
func siteURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

//go:build !js

// Command mj-relay serves the relay on its own: the WebSocket endpoint
// at /relay, a health check at /healthz and Prometheus metrics at
// /metrics, with structured logs (log/slog) on standard error and a
// graceful shutdown on SIGINT or SIGTERM that tells every peer. Every
// flag can also be set by an environment variable, MJ_RELAY_ plus the
// flag's name in capitals with - as _ (MJ_RELAY_ADDR for -addr,
// MJ_RELAY_ROOMS_PER_IP for -rooms-per-ip); a flag on the command line
// wins.
//
//	mj-relay -addr 127.0.0.1:8081 -origins game.example.org -trust-proxy
//
// Deploy it behind a TLS-terminating reverse proxy that passes the
// WebSocket upgrade, keeps the Host header (the page's own host is
// always an allowed origin) and appends the client's address to
// X-Forwarded-For, which -trust-proxy reads (the last entry) so that
// -rooms-per-ip counts people, not the proxy. With nginx:
//
//	location /relay {
//		proxy_pass http://127.0.0.1:8081;
//		proxy_http_version 1.1;
//		proxy_set_header Upgrade $http_upgrade;
//		proxy_set_header Connection "upgrade";
//		proxy_set_header Host $host;
//		proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
//		proxy_read_timeout 300s;
//	}
//
// With Caddy: "reverse_proxy /relay 127.0.0.1:8081" does all of that.
// Clients then use wss://game.example.org/relay. Keep /metrics private
// (proxy only /relay and /healthz).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"mahjong/relay"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "mj-relay:", err)
		os.Exit(1)
	}
}

// config is what the flags set.
type config struct {
	addr    string
	origins string
	logJSON bool
	level   string
	opts    relay.HubOptions
}

// parseFlags reads args with defaults from the MJ_RELAY_* environment.
func parseFlags(args []string, getenv func(string) string) (config, error) {
	var c config
	fs := flag.NewFlagSet("mj-relay", flag.ContinueOnError)
	fs.StringVar(&c.addr, "addr", "localhost:8081", "listen address (MJ_RELAY_ADDR)")
	fs.StringVar(&c.origins, "origins", "", "comma-separated extra origins allowed to connect, e.g. 'example.org,*.example.org' (MJ_RELAY_ORIGINS)")
	fs.BoolVar(&c.opts.TrustProxy, "trust-proxy", false, "take client addresses from X-Forwarded-For (MJ_RELAY_TRUST_PROXY)")
	fs.Int64Var(&c.opts.MaxFrameSize, "max-frame", relay.DefaultMaxFrameSize, "largest frame in bytes (MJ_RELAY_MAX_FRAME)")
	fs.Float64Var(&c.opts.FrameRate, "rate", relay.DefaultFrameRate, "frames per second per guest, ×(guests+1) for hosts; negative: unlimited (MJ_RELAY_RATE)")
	fs.IntVar(&c.opts.FrameBurst, "burst", relay.DefaultFrameBurst, "frame burst per guest (MJ_RELAY_BURST)")
	fs.IntVar(&c.opts.MaxRoomsPerIP, "rooms-per-ip", relay.DefaultMaxRoomsPerIP, "rooms one address may hold (MJ_RELAY_ROOMS_PER_IP)")
	fs.IntVar(&c.opts.MaxRooms, "max-rooms", relay.DefaultMaxRooms, "rooms in all (MJ_RELAY_MAX_ROOMS)")
	fs.IntVar(&c.opts.MaxGuests, "max-guests", relay.DefaultMaxGuests, "guests per room (MJ_RELAY_MAX_GUESTS)")
	fs.IntVar(&c.opts.SendQueue, "queue", relay.DefaultSendQueue, "frames queued per peer before it is dropped as too slow (MJ_RELAY_QUEUE)")
	fs.DurationVar(&c.opts.IdleTimeout, "idle", relay.DefaultIdleTimeout, "drop peers that leave a ping unanswered this long (MJ_RELAY_IDLE)")
	fs.DurationVar(&c.opts.WriteTimeout, "write-timeout", relay.DefaultWriteTimeout, "longest batch of writes to one peer (MJ_RELAY_WRITE_TIMEOUT)")
	fs.DurationVar(&c.opts.RoomGrace, "grace", relay.DefaultRoomGrace, "how long a room waits for its host to come back (MJ_RELAY_GRACE)")
	fs.BoolVar(&c.logJSON, "log-json", false, "log JSON instead of text (MJ_RELAY_LOG_JSON)")
	fs.StringVar(&c.level, "log-level", "info", "debug, info, warn or error (MJ_RELAY_LOG_LEVEL)")
	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		name := "MJ_RELAY_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v := getenv(name); v != "" {
			if err := f.Value.Set(v); err != nil && envErr == nil {
				envErr = fmt.Errorf("%s=%q: %w", name, v, err)
			}
		}
	})
	if envErr != nil {
		return c, envErr
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	for o := range strings.SplitSeq(c.origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			c.opts.OriginPatterns = append(c.opts.OriginPatterns, o)
		}
	}
	return c, nil
}

func run(args []string) error {
	c, err := parseFlags(args, os.Getenv)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.level)); err != nil {
		return err
	}
	hopts := &slog.HandlerOptions{Level: level}
	var handler slog.Handler = slog.NewTextHandler(os.Stderr, hopts)
	if c.logJSON {
		handler = slog.NewJSONHandler(os.Stderr, hopts)
	}
	log := slog.New(handler)
	c.opts.Logger = log

	hub := relay.NewHub(c.opts)
	mux := http.NewServeMux()
	mux.Handle("/relay", hub)
	mux.Handle("/healthz", hub.Health())
	mux.Handle("/metrics", hub.Metrics())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(handler, slog.LevelWarn)}

	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	log.Info("mj-relay: listening", "addr", ln.Addr().String(), "origins", c.opts.OriginPatterns)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("mj-relay: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	herr := hub.Shutdown(sctx)
	serr := srv.Shutdown(sctx)
	return errors.Join(herr, serr)
}

//go:build !js

// Command relay-bench measures the relay on 127.0.0.1, side by side with
// a bare coder/websocket echo server as the ceiling. For each server it
// starts a child process (so that memory is the server's alone), then:
//
//  1. holds -conns idle connections (relay: rooms of a host and three
//     guests, every one reading) and checks each still carries a frame,
//     reporting the server's memory per connection. Another child
//     process holds them, so that the measuring client's latency is not
//     that of its own garbage collector walking 10,000 connections;
//  2. with those still open, drives -flows flows with -window frames in
//     flight each for -duration: forwarded frames per second and the
//     latency of one pass through the server (relay: guest → host;
//     echo: client → client);
//  3. drives a moderate load of -rate frames per second through the
//     server for -duration and reports p50/p99 latency.
//
// "Frames" are passes through the server: one read and one write. An
// echo round trip is one pass; a relay round trip (guest → host → guest)
// is two, so both servers do the same work per counted frame.
//
// Everything stays on the loopback interface and ends within -timeout.
//
//	go run ./cmd/relay-bench -conns 10000 -duration 6s
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"mahjong/relay"
	"mahjong/relay/echo"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "relay-bench:", err)
		os.Exit(1)
	}
}

// config holds the flags.
type config struct {
	mode     string
	conns    int
	flows    int
	window   int
	size     int
	rate     int
	duration time.Duration
	timeout  time.Duration
	serve    string
	hold     string
}

func run() error {
	var c config
	flag.StringVar(&c.mode, "mode", "both", "what to measure: relay, echo or both")
	flag.IntVar(&c.conns, "conns", 10000, "idle connections to hold")
	flag.IntVar(&c.flows, "flows", 64, "concurrent flows for the throughput run")
	flag.IntVar(&c.window, "window", 8, "frames in flight per flow in the throughput run")
	flag.IntVar(&c.size, "size", 64, "frame payload bytes")
	flag.IntVar(&c.rate, "rate", 2000, "frames per second in the moderate-load run")
	flag.DurationVar(&c.duration, "duration", 5*time.Second, "length of each timed run")
	flag.DurationVar(&c.timeout, "timeout", 100*time.Second, "give up after this long")
	flag.StringVar(&c.serve, "serve", "", "internal: serve relay or echo on 127.0.0.1 and print the address")
	flag.StringVar(&c.hold, "hold", "", "internal: hold -conns idle connections to relay or echo at the URL that follows")
	flag.Parse()
	raiseFileLimit()
	if c.serve != "" {
		return serve(c.serve)
	}
	if c.hold != "" {
		return holdChild(c.hold, flag.Arg(0), c.conns, c.timeout)
	}
	if c.size < 24 {
		c.size = 24
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	var results []result
	for _, kind := range []string{"echo", "relay"} {
		if c.mode != "both" && c.mode != kind {
			continue
		}
		r, err := measure(ctx, c, kind)
		if err != nil {
			return fmt.Errorf("%s: %w", kind, err)
		}
		results = append(results, r)
	}
	fmt.Printf("\n%-6s %8s %10s %10s %9s %9s %10s %10s %9s %9s\n", "server", "held", "mem/conn", "frames/s", "p50", "p99", "cpu/frame", "moderate/s", "p50", "p99")
	for _, r := range results {
		fmt.Printf("%-6s %8d %9.1fK %10.0f %9s %9s %10s %10.0f %9s %9s\n", r.kind, r.held, r.memPerConn/1024,
			r.throughput, r.tputP50, r.tputP99, r.cpuPerFrame, r.modRate, r.modP50, r.modP99)
	}
	if len(results) == 2 && results[0].throughput > 0 && results[1].cpuPerFrame > 0 {
		fmt.Printf("relay throughput = %.0f%% of the echo ceiling; relay server CPU per frame = %.0f%% of echo's\n",
			100*results[1].throughput/results[0].throughput, 100*float64(results[1].cpuPerFrame)/float64(results[0].cpuPerFrame))
	}
	return nil
}

// result is one server's figures.
type result struct {
	kind             string
	held             int
	memPerConn       float64       // bytes of server RSS per held connection
	throughput       float64       // frames through the server per second
	cpuPerFrame      time.Duration // server CPU time per frame in the throughput run
	tputP50, tputP99 time.Duration
	modRate          float64
	modP50, modP99   time.Duration
}

// serve is the child process: a server on 127.0.0.1 until SIGTERM or
// until its standard input closes.
func serve(kind string) error {
	mux := http.NewServeMux()
	var hub *relay.Hub
	switch kind {
	case "relay":
		hub = relay.NewHub(relay.HubOptions{
			FrameRate:     -1, // the flows send far faster than a game
			MaxRoomsPerIP: -1, // every peer comes from 127.0.0.1
			MaxRooms:      -1,
			Logger:        slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		})
		mux.Handle("/ws", hub)
	case "echo":
		mux.Handle("/ws", echo.Handler())
	default:
		return fmt.Errorf("unknown server %q", kind)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	fmt.Println(ln.Addr().String())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() { io.Copy(io.Discard, os.Stdin); stop() }()
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if hub != nil {
		hub.Shutdown(sctx)
	}
	return srv.Close()
}

// child is a running server process.
type child struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	url   string
}

func startChild(ctx context.Context, kind string) (*child, error) {
	ch, line, err := spawn(ctx, "-serve", kind)
	if err != nil {
		return nil, fmt.Errorf("server did not start: %w", err)
	}
	ch.url = "ws://" + line + "/ws"
	return ch, nil
}

// holdElsewhere starts a child process that holds c.conns idle
// connections to the server at url, and returns it with the number held.
func holdElsewhere(ctx context.Context, url, kind string, c config) (*child, int, error) {
	ch, line, err := spawn(ctx, "-hold", kind, "-conns", strconv.Itoa(c.conns), "-timeout", c.timeout.String(), url)
	if err != nil {
		return ch, 0, fmt.Errorf("holding connections: %w", err)
	}
	n, err := strconv.Atoi(strings.TrimPrefix(line, "held "))
	return ch, n, err
}

// holdChild is the child process that holds n idle connections: it
// prints "held N" once every one has been checked, and lets them go when
// its standard input closes.
func holdChild(kind, url string, n int, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	held, closeHeld, err := hold(ctx, url, kind, n)
	defer closeHeld()
	if err != nil {
		return err
	}
	fmt.Printf("held %d\n", held)
	io.Copy(io.Discard, os.Stdin)
	return nil
}

// spawn starts this program again with args and returns it with the first
// line it prints; an error if it ends first.
func spawn(ctx context.Context, args ...string) (*child, string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, "", err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, "", err
	}
	return &child{cmd: cmd, stdin: stdin}, strings.TrimSpace(line), nil
}

func (ch *child) stop() {
	ch.stdin.Close()
	done := make(chan struct{})
	go func() { ch.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		ch.cmd.Process.Kill()
		<-done
	}
}

// rss returns the child's resident memory in bytes.
func (ch *child) rss() (float64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", ch.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			kb, err := strconv.ParseFloat(f[0], 64)
			return kb * 1024, err
		}
	}
	return 0, errors.New("no VmRSS")
}

// cpu returns the child's user and system CPU time so far.
func (ch *child) cpu() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", ch.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	// Fields after the parenthesised command name; utime and stime are
	// the 14th and 15th fields of the line, in clock ticks (1/100 s).
	_, rest, _ := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0, errors.New("short /proc stat")
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, err
	}
	return time.Duration(u+s) * 10 * time.Millisecond, nil
}

// flow is one sender and receiver pair through the server.
type flow interface {
	send(payload []byte) error
	recv() ([]byte, error) // the next frame back at the sender
	close()
}

// measure runs the three phases against one kind of server.
func measure(ctx context.Context, c config, kind string) (result, error) {
	r := result{kind: kind}
	ch, err := startChild(ctx, kind)
	if err != nil {
		return r, err
	}
	defer ch.stop()
	fmt.Fprintf(os.Stderr, "%s: server at %s\n", kind, ch.url)

	before, err := ch.rss()
	if err != nil {
		return r, err
	}
	var closers []func()
	defer func() {
		for _, f := range closers {
			f()
		}
	}()
	start := time.Now()
	holder, held, err := holdElsewhere(ctx, ch.url, kind, c)
	if holder != nil {
		closers = append(closers, holder.stop)
	}
	if err != nil {
		return r, err
	}
	after, err := ch.rss()
	if err != nil {
		return r, err
	}
	r.held = held
	if held > 0 {
		r.memPerConn = (after - before) / float64(held)
	}
	fmt.Fprintf(os.Stderr, "%s: %d connections held and checked in %v, server RSS %.0f MB → %.0f MB\n",
		kind, held, time.Since(start).Round(time.Millisecond), before/1e6, after/1e6)

	flows, err := openFlows(ctx, ch.url, kind, c.flows)
	closers = append(closers, func() {
		for _, f := range flows {
			f.close()
		}
	})
	if err != nil {
		return r, err
	}
	cpu0, err := ch.cpu()
	if err != nil {
		return r, err
	}
	own0 := ownCPU()
	n, lat, err := drive(ctx, flows, c.window, c.size, 0, c.duration)
	if err != nil {
		return r, err
	}
	cpu1, err := ch.cpu()
	if err != nil {
		return r, err
	}
	own1 := ownCPU()
	r.throughput = float64(n) / c.duration.Seconds()
	r.tputP50, r.tputP99 = percentile(lat, 50), percentile(lat, 99)
	var clientPerFrame time.Duration
	if n > 0 {
		r.cpuPerFrame = (cpu1 - cpu0) / time.Duration(n)
		clientPerFrame = (own1 - own0) / time.Duration(n)
	}
	fmt.Fprintf(os.Stderr, "%s: %.0f frames/s with %d flows × %d in flight, p50 %v p99 %v, CPU per frame: server %v, clients %v\n",
		kind, r.throughput, len(flows), c.window, r.tputP50, r.tputP99, r.cpuPerFrame, clientPerFrame)

	n, lat, err = drive(ctx, flows, 1, c.size, c.rate, c.duration)
	if err != nil {
		return r, err
	}
	r.modRate = float64(n) / c.duration.Seconds()
	r.modP50, r.modP99 = percentile(lat, 50), percentile(lat, 99)
	fmt.Fprintf(os.Stderr, "%s: moderate load %.0f frames/s, p50 %v p99 %v\n", kind, r.modRate, r.modP50, r.modP99)
	return r, nil
}

// hold opens n idle connections and checks that each carries a frame.
// The relay's come in rooms of a host and three guests; every
// connection keeps reading, as a game would.
func hold(ctx context.Context, url, kind string, n int) (int, func(), error) {
	var mu sync.Mutex
	var closers []func()
	closeAll := func() {
		mu.Lock()
		defer mu.Unlock()
		for _, f := range closers {
			f()
		}
	}
	var got atomic.Int64
	var want int64
	units := n
	if kind == "relay" {
		units = n / 4
		want = int64(units * 3)
	} else {
		want = int64(n)
	}
	all := make(chan struct{})
	seen := func() {
		if got.Add(1) == want {
			close(all)
		}
	}
	jobs := make(chan int)
	errc := make(chan error, 1)
	var wg sync.WaitGroup
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				cs, err := holdOne(ctx, url, kind, seen)
				if err != nil {
					select {
					case errc <- err:
					default:
					}
					continue
				}
				mu.Lock()
				closers = append(closers, cs...)
				mu.Unlock()
			}
		}()
	}
send:
	for i := range units {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break send
		case err := <-errc:
			close(jobs)
			wg.Wait()
			return 0, closeAll, err
		}
	}
	close(jobs)
	wg.Wait()
	select {
	case err := <-errc:
		return 0, closeAll, err
	default:
	}
	if want == 0 {
		close(all)
	}
	select {
	case <-all:
	case <-ctx.Done():
		return int(got.Load()), closeAll, fmt.Errorf("only %d of %d checks came back: %w", got.Load(), want, ctx.Err())
	}
	if kind == "relay" {
		return units * 4, closeAll, nil
	}
	return n, closeAll, nil
}

// holdOne opens one unit (a relay room of four, or one echo
// connection), starts its readers and sends the check frame.
func holdOne(ctx context.Context, url, kind string, seen func()) ([]func(), error) {
	if kind == "echo" {
		c, err := echo.Dial(ctx, url)
		if err != nil {
			return nil, err
		}
		go func() {
			for {
				if _, err := c.Read(); err != nil {
					return
				}
				seen()
			}
		}()
		if err := c.Write([]byte("check")); err != nil {
			return []func(){func() { c.Close() }}, err
		}
		return []func(){func() { c.Close() }}, nil
	}
	host, err := relay.Create(ctx, url, relay.DialOptions{})
	if err != nil {
		return nil, err
	}
	cs := []func(){func() { host.Close() }}
	var guests []*relay.Client
	for range 3 {
		g, err := relay.Join(ctx, url, host.Room(), "", relay.DialOptions{})
		if err != nil {
			return cs, err
		}
		cs = append(cs, func() { g.Close() })
		guests = append(guests, g)
	}
	for _, c := range append(guests, host) {
		go func() {
			for {
				m, err := c.ReadMessage()
				if err != nil {
					return
				}
				if m.Kind == relay.Data {
					seen()
				}
			}
		}()
	}
	return cs, host.WriteLine("check")
}

// relayFlow is a guest sending to its host, which sends every frame
// back; the latency recorded is the guest → host pass.
type relayFlow struct {
	host, guest *relay.Client
}

// echoFlow is a client and its echo.
type echoFlow struct{ c *echo.Conn }

func openFlows(ctx context.Context, url, kind string, n int) ([]flow, error) {
	var flows []flow
	for range n {
		if kind == "echo" {
			c, err := echo.Dial(ctx, url)
			if err != nil {
				return flows, err
			}
			flows = append(flows, echoFlow{c})
			continue
		}
		host, err := relay.Create(ctx, url, relay.DialOptions{})
		if err != nil {
			return flows, err
		}
		g, err := relay.Join(ctx, url, host.Room(), "", relay.DialOptions{})
		if err != nil {
			host.Close()
			return flows, err
		}
		if m, err := host.ReadMessage(); err != nil || m.Kind != relay.Joined {
			host.Close()
			g.Close()
			return flows, fmt.Errorf("no join notice: %v", err)
		}
		flows = append(flows, relayFlow{host, g})
	}
	return flows, nil
}

func (f echoFlow) send(b []byte) error    { return f.c.Write(b) }
func (f echoFlow) recv() ([]byte, error)  { return f.c.Read() }
func (f echoFlow) close()                 { f.c.Close() }
func (f relayFlow) send(b []byte) error   { return f.guest.WriteLine(string(b)) }
func (f relayFlow) close()                { f.host.Close(); f.guest.Close() }
func (f relayFlow) recv() ([]byte, error) { s, err := f.guest.ReadLine(); return []byte(s), err }

// echoAtHost makes a relay flow's host send frames back; it records
// the guest → host latency and counts the frame.
func (f relayFlow) echoAtHost(t0 time.Time, count *atomic.Int64, lat *[]time.Duration, stop <-chan struct{}) error {
	for {
		from, line, err := f.host.ReadFrom()
		if err != nil {
			return err
		}
		if line == "" {
			return nil // the end marker
		}
		select {
		case <-stop:
		default:
			count.Add(1)
			*lat = append(*lat, time.Since(t0)-stamp([]byte(line)))
		}
		if err := f.host.WriteTo(from, line); err != nil {
			return err
		}
	}
}

// drive runs every flow for d: with rate 0, each keeps window frames in
// flight; otherwise the flows share rate frames per second. It returns
// the frames that passed the server within d and their latencies.
func drive(ctx context.Context, flows []flow, window, size, rate int, d time.Duration) (int64, []time.Duration, error) {
	t0 := time.Now()
	var count atomic.Int64
	stop := make(chan struct{})
	lats := make([][]time.Duration, 2*len(flows))
	errc := make(chan error, 2*len(flows))
	var wg sync.WaitGroup
	for i, f := range flows {
		rf, isRelay := f.(relayFlow)
		if isRelay {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errc <- rf.echoAtHost(t0, &count, &lats[2*i+1], stop)
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errc <- runFlow(f, isRelay, t0, window, size, paceOf(rate, len(flows), i, isRelay), &count, &lats[2*i], stop)
		}()
	}
	timer := time.NewTimer(d)
	select {
	case <-timer.C:
	case <-ctx.Done():
	}
	n := count.Load()
	close(stop)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		return n, nil, errors.New("flows did not stop")
	}
	close(errc)
	for err := range errc {
		if err != nil {
			return n, nil, err
		}
	}
	var all []time.Duration
	for _, l := range lats {
		all = append(all, l...)
	}
	return n, all, ctx.Err()
}

// pace spaces a flow's frames under a rate: one every period, the first
// after phase.
type pace struct {
	every, phase time.Duration
}

// paceOf shares rate frames per second among nflows flows, flow i's
// frames offset by i/nflows of the period. Without the offsets every
// flow's ticker would fire at the same instant, and a "moderate" load
// would reach the server as bursts of nflows frames at once: the last
// of each burst would then wait for all the others, and the p99 would
// measure that queue rather than the server. Rate 0 is no pacing.
func paceOf(rate, nflows, i int, isRelay bool) pace {
	if rate <= 0 {
		return pace{}
	}
	every := time.Duration(float64(time.Second) * float64(nflows) / float64(rate))
	if isRelay {
		every *= 2 // each round trip is two passes through the relay
	}
	return pace{every: every, phase: every * time.Duration(i) / time.Duration(nflows)}
}

// runFlow is the sending side of one flow. For echo it also records
// latencies; for the relay the host does.
func runFlow(f flow, isRelay bool, t0 time.Time, window, size int, pc pace, count *atomic.Int64, lat *[]time.Duration, stop <-chan struct{}) error {
	buf := make([]byte, size)
	frame := func() []byte {
		s := strconv.FormatInt(int64(time.Since(t0)), 10)
		n := copy(buf, s)
		buf[n] = ' '
		for i := n + 1; i < len(buf); i++ {
			buf[i] = 'x'
		}
		return buf
	}
	var tick *time.Ticker
	if pc.every > 0 {
		select {
		case <-time.After(pc.phase):
		case <-stop:
			return finish(f, isRelay)
		}
		tick = time.NewTicker(pc.every)
		defer tick.Stop()
	}
	inflight := 0
	for range window {
		if err := f.send(frame()); err != nil {
			return err
		}
		inflight++
	}
	for inflight > 0 {
		b, err := f.recv()
		if err != nil {
			return err
		}
		inflight--
		stopped := false
		select {
		case <-stop:
			stopped = true
		default:
			if isRelay {
				count.Add(1) // the host → guest pass
			} else {
				count.Add(1)
				*lat = append(*lat, time.Since(t0)-stamp(b))
			}
		}
		if stopped {
			continue
		}
		if tick != nil {
			select {
			case <-tick.C:
			case <-stop:
				continue
			}
		}
		if err := f.send(frame()); err != nil {
			return err
		}
		inflight++
	}
	return finish(f, isRelay)
}

// finish ends a flow's run: a relay flow tells its host's echo loop to
// end.
func finish(f flow, isRelay bool) error {
	if isRelay {
		return f.send(nil)
	}
	return nil
}

// stamp reads the send time at the front of a frame.
func stamp(b []byte) time.Duration {
	s, _, _ := strings.Cut(string(b), " ")
	n, _ := strconv.ParseInt(s, 10, 64)
	return time.Duration(n)
}

func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	i := int(float64(len(d)-1) * p / 100)
	return d[i].Round(time.Microsecond)
}

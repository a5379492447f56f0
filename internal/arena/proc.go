package arena

import (
	"bytes"
	"os/exec"
	"sync"
)

// proc is a child process in its own process group, so that stopping it
// stops whatever it started and nothing else.
type proc struct {
	cmd    *exec.Cmd
	stdout syncBuffer
	stderr syncBuffer
	done   chan struct{}
	err    error // Wait's result, valid once done is closed
}

func startProc(dir, path string, args ...string) (*proc, error) {
	p := &proc{done: make(chan struct{})}
	p.cmd = exec.Command(path, args...)
	p.cmd.Dir = dir
	p.cmd.Stdout = &p.stdout
	p.cmd.Stderr = &p.stderr
	ownGroup(p.cmd)
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// stop kills the process's group if the process still runs, and waits
// for it.
func (p *proc) stop() {
	if !p.exited() {
		killGroup(p.cmd)
	}
	<-p.done
}

// syncBuffer is a bytes.Buffer written by a process while we read it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

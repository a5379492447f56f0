//go:build !unix

package arena

import "os/exec"

// Without process groups only the process itself is stopped.
func ownGroup(cmd *exec.Cmd) {}

func killGroup(cmd *exec.Cmd) { cmd.Process.Kill() }

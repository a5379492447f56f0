//go:build js

package lookahead

import "time"

// pause lets the page draw during a long search. A WebAssembly program
// runs on the page's only thread and its goroutines are never preempted,
// so without it the table would freeze until the search ended; a short
// sleep parks the goroutine and hands the thread back to the browser.
func pause() { time.Sleep(time.Millisecond) }

package arena

import (
	"os"
	"testing"
)

// NeedOriginals skips a test without the original programs, unless CI is
// set (then it fails: CI installs them). Exported for the package's
// external tests too.
func NeedOriginals(t *testing.T) {
	t.Helper()
	for _, p := range []string{OriginalServer, OriginalPlayer} {
		if _, err := os.Stat(p); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("original program missing: %v", err)
			}
			t.Skipf("original program missing (apt-get install mah-jong): %v", err)
		}
	}
}

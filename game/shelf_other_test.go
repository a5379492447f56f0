//go:build !js

package game

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestDirShelf: the desktop keeps a file per game in a directory, lists
// the older single save too, and deleting removes the file.
func TestDirShelf(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "autosave.json")
	if err := os.WriteFile(old, []byte(`{"version":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	sh := dirShelf{dir: filepath.Join(dir, "saved"), old: old}
	if err := sh.Slot("abc").Save("one"); err != nil {
		t.Fatal(err)
	}
	if err := sh.Slot("../evil").Save("two"); err != nil {
		t.Fatal(err)
	}
	names, err := sh.Slots()
	slices.Sort(names)
	if err != nil || !slices.Equal(names, []string{"", "abc", "evil"}) {
		t.Fatalf("slots %q, %v", names, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "evil.json")); err == nil {
		t.Error("a slot name escaped the directory")
	}
	for _, n := range names {
		if err := sh.Slot(n).Save(""); err != nil {
			t.Fatal(err)
		}
	}
	if names, err := sh.Slots(); err != nil || len(names) != 0 {
		t.Errorf("after deleting: %q, %v", names, err)
	}
	if err := sh.Slot("abc").Save(""); err != nil {
		t.Errorf("deleting a deleted game: %v", err)
	}
}

package prefs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Store keeps the preferences text somewhere.
type Store interface {
	// Load returns the stored text ("" and no error when nothing is stored).
	Load() (string, error)
	// Save replaces the stored text.
	Save(text string) error
	// Where says where the text is kept, for messages.
	Where() string
}

// Load reads and parses the preferences in s. With a Store error it
// returns the defaults and the error; with a parse error, the preferences
// read and the error (see Parse).
func Load(s Store) (Prefs, error) {
	text, err := s.Load()
	if err != nil {
		return Defaults(), fmt.Errorf("prefs: reading %s: %w", s.Where(), err)
	}
	p, err := Parse(text)
	if err != nil {
		return p, fmt.Errorf("prefs: %s: %w", s.Where(), err)
	}
	return p, nil
}

// Save formats p and stores it in s.
func Save(s Store, p Prefs) error {
	if err := s.Save(Format(p)); err != nil {
		return fmt.Errorf("prefs: writing %s: %w", s.Where(), err)
	}
	return nil
}

// File keeps the preferences in a file. Save writes a temporary file next
// to it and renames it over, so a failed write leaves the old file whole.
type File struct {
	Path string
}

// Load reads the file; a missing file is no preferences.
func (f File) Load() (string, error) {
	st, err := os.Stat(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if st.Size() > MaxSize {
		return "", fmt.Errorf("%d bytes is too large (at most %d)", st.Size(), MaxSize)
	}
	b, err := os.ReadFile(f.Path)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// Save writes the file (and its directory if need be).
func (f File) Save(text string) error {
	if f.Path == "" {
		return errors.New("no file name")
	}
	dir := filepath.Dir(f.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".xmjrc-*")
	if err != nil {
		return err
	}
	_, werr := tmp.WriteString(text)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), f.Path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}

// Where returns the file name.
func (f File) Where() string { return f.Path }

// FilePath returns the desktop preferences file: ~/.xmjrc when it exists
// (the original's file, shared with it), else mahjong/xmjrc in the user's
// configuration directory (os.UserConfigDir), else ~/.xmjrc.
func FilePath() string {
	home, herr := os.UserHomeDir()
	if herr == nil {
		rc := filepath.Join(home, ".xmjrc")
		if _, err := os.Stat(rc); err == nil {
			return rc
		}
	}
	if dir, err := os.UserConfigDir(); err == nil {
		return filepath.Join(dir, "mahjong", "xmjrc")
	}
	if herr == nil {
		return filepath.Join(home, ".xmjrc")
	}
	return ".xmjrc"
}

// Mem keeps the preferences in memory (tests, and programs that must not
// write anything). Its zero value is empty and ready.
type Mem struct {
	mu   sync.Mutex
	text string
	Err  error // if set, Load and Save fail with it
}

// NewMem returns a Mem holding text.
func NewMem(text string) *Mem { return &Mem{text: text} }

// Load returns the text.
func (m *Mem) Load() (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.text, m.Err
}

// Save replaces the text.
func (m *Mem) Save(text string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Err != nil {
		return m.Err
	}
	m.text = text
	return nil
}

// Where says "memory".
func (m *Mem) Where() string { return "memory" }

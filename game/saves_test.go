package game

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mahjong/game/client/clienttest"
	"mahjong/game/prefs"
)

func TestCleanFileName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"game", "game.mjs"},
		{"game.mjs", "game.mjs"},
		{"Game.MJS", "Game.MJS"},
		{"  a b ", "a b.mjs"},
		{"../../etc/passwd", "passwd.mjs"},
		{`c:\x\y.mjs`, "y.mjs"},
		{"", "mahjong.mjs"},
		{"..", "mahjong.mjs"},
		{"dir/", "mahjong.mjs"},
	} {
		if got := cleanFileName(tc.in); got != tc.want {
			t.Errorf("cleanFileName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSaveAndResumeFile saves a local game as a .mjs file (desktop: in
// the working directory), resumes it through Resume game…, and refuses
// damaged files with a message, the game in progress going on unchanged.
func TestSaveAndResumeFile(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)

	var said []string
	cfg := Config{Name: "Ann", Store: prefs.NewMem(""), RobotDelay: -1, Seed: 12, AutoStart: true,
		Announce: func(s string) { said = append(said, s) }}
	a := NewApp(cfg)
	a.scr = Screen{W: 1024, H: 768, Scale: 1}
	ts := a.scene.(*tableScene)
	defer ts.close()
	if _, ok := tablePrompt(t, a, ts, clienttest.New(ts.cl, 12), 10, false); !ok {
		t.Fatal("no game")
	}
	fileCommand(a, "save")
	if len(said) == 0 || !strings.HasPrefix(said[len(said)-1], "Game saved as ") {
		t.Fatalf("said %q", said)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.mjs"))
	if len(files) != 1 {
		t.Fatalf("files %v", files)
	}
	fileCommand(a, "saveas")
	files, _ = filepath.Glob(filepath.Join(dir, "*.mjs"))
	if len(files) != 2 {
		t.Fatalf("Save as did not write a second file: %v", files)
	}
	good, err := os.ReadFile(files[1]) // the first save (Glob sorts "-2.mjs" first)
	if err != nil {
		t.Fatal(err)
	}

	// Damaged files: refused, the game goes on as it was.
	before, _ := json.Marshal(summarise(ts))
	if st := summarise(ts); !slices.ContainsFunc(st.Players, func(p PlayerState) bool { return p.Name == "Ann" && p.ID == ts.cl.ID() }) {
		t.Errorf("the table's state does not name us: %+v", st.Players)
	}
	for _, bad := range []string{"", "garbage\r\n", strings.Replace(string(good), "Wall ", "Wall 9Z ", 1),
		string(good[:len(good)/2]), `{"version":1}`} {
		said = said[:0]
		resumeFile(a, openedFile{name: "bad.mjs", text: bad})
		if a.next != nil {
			t.Fatalf("%.40q: a damaged file started a game", bad)
		}
		if len(said) != 1 || !strings.HasPrefix(said[0], "The file bad.mjs cannot be resumed: ") {
			t.Errorf("%.40q: said %q", bad, said)
		}
		if after, _ := json.Marshal(summarise(ts)); string(after) != string(before) {
			t.Errorf("%.40q: the table changed", bad)
		}
	}

	// The good file, from the newest in the directory.
	os.Remove(files[0])
	pickFile(fileSave)
	said = said[:0]
	pollOpened(a)
	ts2, ok := a.next.(*tableScene)
	if !ok {
		t.Fatalf("the saved file did not resume: %q", said)
	}
	defer ts2.close()
	if ts2.set.name != "Ann" || ts2.set.robots[0].Name != ts.set.robots[0].Name {
		t.Errorf("resumed as %q with %v", ts2.set.name, ts2.set.robots)
	}
	a.scene, a.next = ts2, nil
	if _, ok := tablePrompt(t, a, ts2, nil, 0, true); !ok {
		t.Fatal("the resumed game did not go on")
	}
}

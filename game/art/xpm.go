package art

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"strconv"
	"strings"
)

// XPM limits: the original's tiles are about 25×35 with a few dozen
// colours; anything far bigger is not a tile.
const (
	maxXPMSide   = 1024
	maxXPMColors = 4096
)

// DecodeXPM reads an XPM 3 image (the C source form the original's tile
// directories hold: a header "w h ncolors cpp", ncolors colour lines
// "chars c #RRGGBB" or "c None", then h pixel rows), as X11's tools write
// them. Colours may be #RGB, #RRGGBB, #RRRRGGGGBBBB, None (transparent) or
// a few common names; the c (colour) key is used, else the first key.
func DecodeXPM(data []byte) (*image.NRGBA, error) {
	if !bytes.Contains(data[:min(len(data), 64)], []byte("XPM")) {
		return nil, errors.New("art: not an XPM image")
	}
	strs, err := xpmStrings(data)
	if err != nil {
		return nil, err
	}
	if len(strs) == 0 {
		return nil, errors.New("art: XPM: no header")
	}
	hdr := strings.Fields(strs[0])
	if len(hdr) < 4 {
		return nil, fmt.Errorf("art: XPM: bad header %q", strs[0])
	}
	var v [4]int
	for i := range v {
		n, err := strconv.Atoi(hdr[i])
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("art: XPM: bad header %q", strs[0])
		}
		v[i] = n
	}
	w, h, nc, cpp := v[0], v[1], v[2], v[3]
	if w > maxXPMSide || h > maxXPMSide || nc > maxXPMColors || cpp > 4 {
		return nil, fmt.Errorf("art: XPM: %d×%d with %d colours of %d characters is too big", w, h, nc, cpp)
	}
	if len(strs) < 1+nc+h {
		return nil, fmt.Errorf("art: XPM: %d lines, want %d", len(strs), 1+nc+h)
	}
	pal := make(map[string]color.NRGBA, nc)
	for _, ln := range strs[1 : 1+nc] {
		if len(ln) < cpp {
			return nil, fmt.Errorf("art: XPM: bad colour line %q", ln)
		}
		c, err := xpmColour(ln[cpp:])
		if err != nil {
			return nil, err
		}
		pal[ln[:cpp]] = c
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y, ln := range strs[1+nc : 1+nc+h] {
		if len(ln) < w*cpp {
			return nil, fmt.Errorf("art: XPM: row %d is %d characters, want %d", y+1, len(ln), w*cpp)
		}
		for x := range w {
			c, ok := pal[ln[x*cpp:(x+1)*cpp]]
			if !ok {
				return nil, fmt.Errorf("art: XPM: row %d: unknown colour %q", y+1, ln[x*cpp:(x+1)*cpp])
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img, nil
}

// xpmStrings returns the C string literals of data, in order (comments
// skipped; escapes \" and \\ understood).
func xpmStrings(data []byte) ([]string, error) {
	var out []string
	for i := 0; i < len(data); i++ {
		switch {
		case data[i] == '/' && i+1 < len(data) && data[i+1] == '*':
			end := bytes.Index(data[i+2:], []byte("*/"))
			if end < 0 {
				return nil, errors.New("art: XPM: unterminated comment")
			}
			i += 2 + end + 1
		case data[i] == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(data) && data[j] != '"'; j++ {
				if data[j] == '\\' && j+1 < len(data) {
					j++
				}
				if data[j] == '\n' {
					return nil, errors.New("art: XPM: unterminated string")
				}
				b.WriteByte(data[j])
			}
			if j >= len(data) {
				return nil, errors.New("art: XPM: unterminated string")
			}
			out = append(out, b.String())
			i = j
		}
	}
	return out, nil
}

// xpmColour reads the keys of a colour line ("c #RRGGBB", "s name c None").
func xpmColour(keys string) (color.NRGBA, error) {
	f := strings.Fields(keys)
	val := ""
	for i := 0; i+1 < len(f); i += 2 {
		if f[i] == "c" || val == "" {
			val = f[i+1]
		}
		if f[i] == "c" {
			break
		}
	}
	if val == "" {
		return color.NRGBA{}, fmt.Errorf("art: XPM: bad colour %q", keys)
	}
	switch strings.ToLower(val) {
	case "none", "transparent":
		return color.NRGBA{}, nil
	case "black":
		return color.NRGBA{0, 0, 0, 0xff}, nil
	case "white":
		return color.NRGBA{0xff, 0xff, 0xff, 0xff}, nil
	case "red":
		return color.NRGBA{0xff, 0, 0, 0xff}, nil
	case "green":
		return color.NRGBA{0, 0xff, 0, 0xff}, nil
	case "blue":
		return color.NRGBA{0, 0, 0xff, 0xff}, nil
	case "gray", "grey":
		return color.NRGBA{0xbe, 0xbe, 0xbe, 0xff}, nil
	}
	if val[0] != '#' {
		return color.NRGBA{}, fmt.Errorf("art: XPM: colour %q is not supported (use #RRGGBB)", val)
	}
	hex := val[1:]
	if len(hex) == 0 || len(hex)%3 != 0 || len(hex) > 12 {
		return color.NRGBA{}, fmt.Errorf("art: XPM: bad colour %q", val)
	}
	n := len(hex) / 3
	var rgb [3]uint8
	for i := range rgb {
		part := hex[i*n : (i+1)*n]
		u, err := strconv.ParseUint(part, 16, 64)
		if err != nil {
			return color.NRGBA{}, fmt.Errorf("art: XPM: bad colour %q", val)
		}
		// Scale an n-digit value to 8 bits.
		maxv := uint64(1)<<(4*n) - 1
		rgb[i] = uint8((u*255 + maxv/2) / maxv)
	}
	return color.NRGBA{rgb[0], rgb[1], rgb[2], 0xff}, nil
}

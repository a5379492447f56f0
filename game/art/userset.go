package art

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"path"
	"sort"
	"strings"

	"mahjong/engine"
)

// A UserSet is a tileset of pictures the player supplies, one image file
// per tile named as the original's tile directories name them: the tile's
// code and an extension (1B.xpm, 5C.png, EW.gif, RD.jpg, 1F.png, 3S.png;
// "--" is the back). PNG, GIF, JPEG and XPM files are read. Each picture
// is drawn on the face (or back) of a tile of ours, so a set need not
// draw the tiles' edges; tiles the set lacks are drawn by the compiled-in
// art. A UserSet is not changed after NewUserSet and is safe for
// concurrent use.
type UserSet struct {
	imgs map[string]*image.NRGBA // by code, at most MaxUserTile pixels a side
}

// User tileset limits.
const (
	// MaxUserTile is the largest side a tile's picture is kept at (bigger
	// pictures are scaled down when loaded): a tile on a 4K screen.
	MaxUserTile = 160
	// MaxUserFile is the largest image file read.
	MaxUserFile = 2 << 20
	// MaxUserPixels is the largest picture decoded (width × height).
	MaxUserPixels = 4096 * 4096
)

// BackCode is the file name (without extension) of a tile's back.
const BackCode = "--"

// userCodes are the file names of a set: every tile's code and the back.
var userCodes = func() map[string]bool {
	m := map[string]bool{BackCode: true}
	for _, t := range engine.AllTiles {
		m[t.String()] = true
	}
	return m
}()

// TileCode returns the tile code a file name stands for ("1B.png" and
// "dir/1b.XPM" give "1B"), or "" if it is not a tile picture's name.
func TileCode(name string) string {
	base := path.Base(strings.ReplaceAll(name, "\\", "/"))
	ext := strings.ToLower(path.Ext(base))
	switch ext {
	case ".png", ".gif", ".jpg", ".jpeg", ".xpm":
	default:
		return ""
	}
	code := strings.ToUpper(strings.TrimSuffix(base, path.Ext(base)))
	if !userCodes[code] {
		return ""
	}
	return code
}

// DecodeTileImage decodes one picture (PNG, GIF, JPEG or XPM, by its
// content) and scales it down to at most MaxUserTile pixels a side.
func DecodeTileImage(data []byte) (*image.NRGBA, error) {
	if len(data) > MaxUserFile {
		return nil, fmt.Errorf("art: the file is too large (%d bytes; at most %d)", len(data), MaxUserFile)
	}
	var img image.Image
	if bytes.Contains(data[:min(len(data), 64)], []byte("XPM")) {
		x, err := DecodeXPM(data)
		if err != nil {
			return nil, err
		}
		img = x
	} else {
		cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return nil, errors.New("art: not a PNG, GIF, JPEG or XPM image")
		}
		if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > MaxUserPixels {
			return nil, fmt.Errorf("art: the picture is %d×%d pixels, too large", cfg.Width, cfg.Height)
		}
		img, _, err = image.Decode(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("art: a damaged image: %v", err)
		}
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		return nil, errors.New("art: an empty picture")
	}
	if s := float64(MaxUserTile) / float64(max(w, h)); s < 1 {
		w, h = max(1, int(math.Round(float64(w)*s))), max(1, int(math.Round(float64(h)*s)))
	}
	return scaleImage(img, w, h), nil
}

// UserFile is one file offered as part of a user tileset.
type UserFile struct {
	Name string // the file's name (a directory part is ignored)
	Data []byte
}

// NewUserSet reads the pictures among files. Files whose names are not
// tile codes (README, GPL, tong boxes) are skipped; a picture that cannot
// be read is an error naming the file, and no set is made. It is an error
// if no file is a tile picture.
func NewUserSet(files []UserFile) (*UserSet, error) {
	s := &UserSet{imgs: map[string]*image.NRGBA{}}
	for _, f := range files {
		code := TileCode(f.Name)
		if code == "" {
			continue
		}
		img, err := DecodeTileImage(f.Data)
		if err != nil {
			return nil, fmt.Errorf("%s: %s", path.Base(f.Name), strings.TrimPrefix(err.Error(), "art: "))
		}
		s.imgs[code] = img
	}
	if len(s.imgs) == 0 {
		return nil, errors.New("art: no tile pictures: the files must be named by tile code, as 1B.png, 5C.xpm, EW.gif, RD.jpg, 1F.png, --.png (the back)")
	}
	return s, nil
}

// Len returns the number of pictures in the set.
func (s *UserSet) Len() int {
	if s == nil {
		return 0
	}
	return len(s.imgs)
}

// Missing returns the codes of the tiles (not the back) the set has no
// picture for, in the canonical order.
func (s *UserSet) Missing() []string {
	var out []string
	for _, t := range engine.AllTiles {
		if s == nil || s.imgs[t.String()] == nil {
			out = append(out, t.String())
		}
	}
	return out
}

// Codes returns the codes the set has pictures for, sorted.
func (s *UserSet) Codes() []string {
	if s == nil {
		return nil
	}
	out := make([]string, 0, len(s.imgs))
	for c := range s.imgs {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// Files returns the set as PNG files named by code ("1B.png"), for
// storing; NewUserSet reads them back.
func (s *UserSet) Files() ([]UserFile, error) {
	var out []UserFile
	for _, c := range s.Codes() {
		var b bytes.Buffer
		if err := png.Encode(&b, s.imgs[c]); err != nil {
			return nil, fmt.Errorf("art: encoding %s: %w", c, err)
		}
		out = append(out, UserFile{Name: c + ".png", Data: b.Bytes()})
	}
	return out, nil
}

// Tile returns tile t (face up, or its back if back or t is not a valid
// tile) drawn with the set's picture, w×h pixels as Tile and TileBack
// draw them; nil if the set has no picture for it.
func (s *UserSet) Tile(t engine.Tile, back bool, w, h int) *image.RGBA {
	if s == nil {
		return nil
	}
	code := BackCode
	if !back && t.Valid() {
		code = t.String()
	}
	pic := s.imgs[code]
	if pic == nil {
		return nil
	}
	w, h = clampSize(w), clampSize(h)
	var cv *canvas
	var g geometry
	if code == BackCode {
		cv, g = body(w, h, BackGreen, backDeep, backBorder, backDeep, ivorySide)
	} else {
		cv, g = body(w, h, Ivory, ivoryDeep, faceBorder, ivorySide, BackGreen)
	}
	// The picture fills the face inside its border, keeping its shape.
	in := g.border + g.radius*0.3
	fx0, fy0, fx1, fy1 := in, in, g.w-in, g.faceBottom()-in
	pb := pic.Bounds()
	sc := math.Min((fx1-fx0)/float64(pb.Dx()), (fy1-fy0)/float64(pb.Dy()))
	pw, ph := max(1, int(math.Round(float64(pb.Dx())*sc))), max(1, int(math.Round(float64(pb.Dy())*sc)))
	x0 := int(math.Round((fx0 + fx1 - float64(pw)) / 2))
	y0 := int(math.Round((fy0 + fy1 - float64(ph)) / 2))
	scaled := scaleImage(pic, pw, ph)
	draw.Draw(cv.img, image.Rect(x0, y0, x0+pw, y0+ph), scaled, image.Point{}, draw.Over)
	return cv.img
}

// scaleImage returns img resampled to w×h: each target pixel averages a
// grid of bilinear samples over the source area it covers, which is
// smooth when enlarging and does not alias when shrinking.
func scaleImage(img image.Image, w, h int) *image.NRGBA {
	src := image.NewNRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(src, src.Rect, img, img.Bounds().Min, draw.Src)
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	if sw == w && sh == h {
		copy(out.Pix, src.Pix)
		return out
	}
	fx, fy := float64(sw)/float64(w), float64(sh)/float64(h)
	nx, ny := min(4, int(math.Ceil(fx))+1), min(4, int(math.Ceil(fy))+1)
	// at returns the premultiplied colour of src at (x, y) in pixel
	// centres' coordinates, interpolated.
	at := func(x, y float64) (r, g, b, a float64) {
		x = math.Max(0, math.Min(float64(sw-1), x))
		y = math.Max(0, math.Min(float64(sh-1), y))
		x0, y0 := int(x), int(y)
		x1, y1 := min(x0+1, sw-1), min(y0+1, sh-1)
		dx, dy := x-float64(x0), y-float64(y0)
		for _, p := range [4]struct {
			x, y int
			wt   float64
		}{{x0, y0, (1 - dx) * (1 - dy)}, {x1, y0, dx * (1 - dy)}, {x0, y1, (1 - dx) * dy}, {x1, y1, dx * dy}} {
			if p.wt == 0 {
				continue
			}
			i := src.PixOffset(p.x, p.y)
			al := float64(src.Pix[i+3]) / 255
			r += float64(src.Pix[i]) * al * p.wt
			g += float64(src.Pix[i+1]) * al * p.wt
			b += float64(src.Pix[i+2]) * al * p.wt
			a += al * p.wt
		}
		return
	}
	for y := range h {
		for x := range w {
			var r, g, b, a float64
			for j := range ny {
				for i := range nx {
					sx := (float64(x)+(float64(i)+0.5)/float64(nx))*fx - 0.5
					sy := (float64(y)+(float64(j)+0.5)/float64(ny))*fy - 0.5
					pr, pg, pb, pa := at(sx, sy)
					r, g, b, a = r+pr, g+pg, b+pb, a+pa
				}
			}
			n := float64(nx * ny)
			a /= n
			o := out.PixOffset(x, y)
			if a <= 0 {
				continue
			}
			out.Pix[o] = uint8(math.Min(255, math.Round(r/n/a)))
			out.Pix[o+1] = uint8(math.Min(255, math.Round(g/n/a)))
			out.Pix[o+2] = uint8(math.Min(255, math.Round(b/n/a)))
			out.Pix[o+3] = uint8(math.Min(255, math.Round(a*255)))
		}
	}
	return out
}

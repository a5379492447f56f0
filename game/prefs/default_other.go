//go:build !js

package prefs

// Default returns the platform's store: the preferences file (FilePath).
func Default() Store { return File{Path: FilePath()} }

//go:build !js

package game

// quitEnds: on the desktop Quit ends the program.
const quitEnds = true

// exposeUI: the desktop has no page to read UIJSON.
const exposeUI = false

func exposeUIFunc() {}

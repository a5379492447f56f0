//go:build js

package game

import "syscall/js"

// onlineStore is the page's localStorage.
var onlineStore kvStore = localStorage{}

type localStorage struct{}

func (localStorage) get(key string) string {
	ls := js.Global().Get("localStorage")
	if ls.Type() != js.TypeObject {
		return ""
	}
	v := ls.Call("getItem", key)
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

func (localStorage) set(key, value string) {
	ls := js.Global().Get("localStorage")
	if ls.Type() != js.TypeObject {
		return
	}
	if value == "" {
		ls.Call("removeItem", key)
		return
	}
	ls.Call("setItem", key, value)
}

//go:build js

package game

import "syscall/js"

// onlineStore is the page's localStorage.
var onlineStore kvStore = pageStore{}

// pageStore keeps the online sessions in the page's localStorage. A
// private mode or a full quota makes localStorage throw: the session is
// then not kept (a reload starts afresh), never a panic.
type pageStore struct{}

func storage() js.Value {
	ls := js.Global().Get("localStorage")
	if ls.Type() != js.TypeObject {
		return js.Undefined()
	}
	return ls
}

func (pageStore) get(key string) (s string) {
	defer func() {
		if recover() != nil { // SecurityError
			s = ""
		}
	}()
	ls := storage()
	if ls.IsUndefined() {
		return ""
	}
	v := ls.Call("getItem", key)
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

func (pageStore) set(key, value string) {
	defer func() { _ = recover() }() // QuotaExceededError, SecurityError
	ls := storage()
	if ls.IsUndefined() {
		return
	}
	if value == "" {
		ls.Call("removeItem", key)
		return
	}
	ls.Call("setItem", key, value)
}

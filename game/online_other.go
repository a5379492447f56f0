//go:build !js

package game

import "sync"

// onlineStore keeps the online sessions in memory: a desktop program
// that stops has no page to reload.
var onlineStore kvStore = &memStore{m: map[string]string{}}

type memStore struct {
	mu sync.Mutex
	m  map[string]string
}

func (s *memStore) get(key string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.m[key]
}

func (s *memStore) set(key, value string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if value == "" {
		delete(s.m, key)
		return
	}
	s.m[key] = value
}

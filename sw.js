// sw.js is the service worker of the static site that `make dist` builds
// (scripts/build-dist.sh puts a first line before this one that sets
// self.MJ_BUILD = {version, assets}: the build's version, derived from the
// content hashes, and the app shell's files, relative to this script).
//
// - install: the whole app shell is fetched into the cache
//   "mahjong-<version>"; the new worker then waits. It takes over when no
//   page of the old version is left (the next start), or when the page
//   posts {type: "skipWaiting"} (the player's word), never on its own in
//   the middle of a hand.
// - activate: caches of other versions are deleted.
// - fetch: the page (a navigation, or index.html) is network-first, falling
//   back to this version's cached copy when the network fails or is slow;
//   every other file of the shell is cache-first (their names carry their
//   content hash, so a cached copy is never stale). Other requests (the
//   relay's WebSocket, other origins) are left alone.
"use strict";

const BUILD = self.MJ_BUILD || { version: "dev", assets: [] };
const PREFIX = "mahjong-";
const CACHE = PREFIX + BUILD.version;
// How long a navigation waits for the network before the cached page.
const NETWORK_WAIT_MS = 4000;

const shell = new Set(BUILD.assets.map((a) => new URL(a, self.registration.scope).href));
const indexURL = new URL("index.html", self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // "reload": bypass the HTTP cache, so the shell is what the server has.
      cache.addAll(BUILD.assets.map((a) => new Request(a, { cache: "reload" })))
    )
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)))
      )
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skipWaiting") {
    self.skipWaiting();
  }
});

// isPage reports whether req asks for the app's page.
function isPage(req, url) {
  if (req.mode === "navigate") return true;
  const u = new URL(url.href);
  u.search = "";
  return u.href === indexURL || u.href === self.registration.scope;
}

async function cachedPage() {
  const cache = await caches.open(CACHE);
  return (await cache.match(indexURL)) || (await cache.match(self.registration.scope));
}

// page: network first, this version's copy when the network fails or
// takes too long. The cached copy is not replaced: it matches the cached
// files it names; a newer page comes with a newer worker.
async function page(req) {
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(resolve, NETWORK_WAIT_MS);
  });
  const net = fetch(req).then(
    (resp) => (resp.ok ? resp : null),
    () => null
  );
  const first = await Promise.race([net, slow.then(() => undefined)]);
  clearTimeout(timer);
  if (first) return first;
  const cached = await cachedPage();
  if (cached) return cached;
  const late = first === undefined ? await net : null;
  return late || Response.error();
}

// asset: cache first; a miss is fetched and kept.
async function asset(req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req, { ignoreSearch: true });
  if (hit) return hit;
  const resp = await fetch(req);
  if (resp.ok) cache.put(req, resp.clone());
  return resp;
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(self.registration.scope)) return;
  if (isPage(req, url)) {
    event.respondWith(page(req));
    return;
  }
  const bare = new URL(url.href);
  bare.search = "";
  if (shell.has(bare.href)) {
    event.respondWith(asset(req));
  }
});

// sw.js is the service worker of the static site that `make dist` builds
// (scripts/build-dist.sh puts a first line before this one that sets
// self.MJ_BUILD = {version, assets}: the build's version, derived from the
// content hashes, and the app shell's files, relative to this script).
//
// - install: the whole app shell is put into the cache
//   "mahjong-<version>": a file whose name carries its content hash is
//   taken from the copy the page kept while it loaded (the cache
//   "mahjong-prefill", index.html's keepForWorker: the first visit does
//   not download the wasm twice) or else from the HTTP cache, every other
//   file (the page once, for both its names) is fetched; the new
//   worker then waits. It takes over when no
//   page of the old version is left (the next start), or when the page
//   posts {type: "skipWaiting"} (the player's word), never on its own in
//   the middle of a hand.
// - message {type: "version"} with a port: the worker answers
//   {version} on it (which version controls a page, for tests and tools).
// - activate: caches of other versions are deleted.
// - fetch: the whole shell, the page (a navigation, or index.html)
//   included, is served from this version's cache, the network only when a
//   file is missing there: a repeat visit needs no network at all, and the
//   page always matches the files it names. A new version comes with a new
//   worker (the browser checks sw.js on each visit). Other requests (the
//   relay's WebSocket, other origins) are left alone.
"use strict";

const BUILD = self.MJ_BUILD || { version: "dev", assets: [] };
const PREFIX = "mahjong-";
const CACHE = PREFIX + BUILD.version;

const shell = new Set(BUILD.assets.map((a) => new URL(a, self.registration.scope).href));
const indexURL = new URL("index.html", self.registration.scope).href;

// PREFILL is the cache the page keeps its copy of the wasm in (the
// activation of this worker deletes it with the other old caches).
const PREFILL = PREFIX + "prefill";

// hashed reports whether a shell file's name carries its content hash
// (name.<12 hex digits>.ext): such a file never changes.
const hashed = (a) => /\.[0-9a-f]{12}\.[a-z]+$/.test(a);

async function install() {
  const cache = await caches.open(CACHE);
  // (caches.match with a cacheName: opening PREFILL would create it.)
  const keep = { cacheName: PREFILL, ignoreSearch: true };
  // The page is one file under two names ("./" and index.html): it is
  // fetched once, as the server has it now, and kept under both.
  const pages = BUILD.assets.filter((a) => a === "./" || a === "index.html");
  const others = BUILD.assets.filter((a) => !pages.includes(a));
  const fetchPage = async () => {
    if (!pages.length) return;
    const resp = await fetch(new Request(pages[0], { cache: "reload" }));
    if (!resp.ok) throw new Error(`sw.js: ${pages[0]}: ${resp.status}`);
    await Promise.all(pages.map((a, i) => cache.put(new Request(a), i < pages.length - 1 ? resp.clone() : resp)));
  };
  await Promise.all([
    fetchPage(),
    ...others.map(async (a) => {
      // A hashed file never changes: the page's kept copy, or else the
      // HTTP cache's (the page has usually just loaded it), will do. Any
      // other file is fetched as the server has it now.
      const req = new Request(a, { cache: hashed(a) ? "force-cache" : "reload" });
      const copy = hashed(a) ? await caches.match(req.url, keep) : undefined;
      if (copy && copy.ok) {
        await cache.put(req, copy);
        return;
      }
      const resp = await fetch(req);
      if (!resp.ok) throw new Error(`sw.js: ${a}: ${resp.status}`);
      await cache.put(req, resp);
    }),
  ]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(install());
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
    event.waitUntil(self.skipWaiting()); // the worker lives until it is done
  } else if (event.data && event.data.type === "version" && event.ports && event.ports[0]) {
    event.ports[0].postMessage({ version: BUILD.version });
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

// page: this version's copy; the network only when it is missing.
async function page(req) {
  const cached = await cachedPage();
  if (cached) return cached;
  return fetch(req);
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

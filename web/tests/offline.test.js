// (a) Offline-first: the static site `make dist` builds (dist/, or
// MJ_DIST_DIR) is served by a plain static file server under a sub-path;
// the page is loaded once, the service worker takes control, the server is
// stopped and the browser context goes offline, and the page still loads, a
// new local game starts and a hand is played by keyboard to the Scoring
// window. The installability checks a Lighthouse-style audit makes are made
// here too (manifest fields, icons fetched and decoded at their declared
// sizes, a maskable icon, the worker controlling the page and the whole app
// shell precached). Bytes sent by the server on the first and on a repeat
// visit go to test-output/web/figures-offline.json.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {
  outDir, launch, followAnnouncements, waitForMark,
  skipReason, staticServer, distDir, distMissing, pressUntil,
} from "./lib.js";
import { playHands, pressKey } from "./play.js";

const skip = skipReason() || distSkip();
const base = "/games/mah-jong/v1/"; // any sub-path: the site's URLs are relative
let server, browser;

function distSkip() {
  const why = distMissing();
  if (why && process.env.CI) throw new Error(`offline test: ${why}`);
  return why || false;
}

before(async () => {
  if (skip) return;
  server = await staticServer(distDir, base);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// waitForControl waits until a service worker controls the page and
// returns its script URL.
async function waitForControl(page, timeout = 120_000) {
  const h = await page.waitForFunction(
    () => navigator.serviceWorker && navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL,
    null, { timeout, polling: 100 });
  return h.jsonValue();
}

test("offline: installable, precached, a hand played with no network", { skip, timeout: 900_000 }, async () => {
  const figures = { base };
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));

  // First visit: the start dialog; the worker installs and takes control.
  const t0 = Date.now();
  await page.goto(server.url, { waitUntil: "load", timeout: 300_000 });
  await waitForMark(page, "mj:wasm-ready", 120_000);
  const script = await waitForControl(page);
  assert.equal(script, server.url + "sw.js");
  figures.firstVisit = server.take();
  figures.firstVisitMs = Date.now() - t0;

  // Installability: the manifest's fields, its icons and the cache.
  const audit = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    const resp = await fetch(link.href);
    const m = await resp.json();
    const icons = [];
    for (const icon of m.icons || []) {
      const r = await fetch(new URL(icon.src, link.href));
      const bmp = await createImageBitmap(await r.blob());
      icons.push({ ...icon, ok: r.ok, width: bmp.width, height: bmp.height, type: r.headers.get("Content-Type") });
    }
    const reg = await navigator.serviceWorker.getRegistration();
    const keys = await caches.keys();
    const cached = [];
    for (const k of keys) {
      const c = await caches.open(k);
      for (const req of await c.keys()) cached.push(req.url);
    }
    return {
      manifestType: resp.headers.get("Content-Type"),
      manifest: m,
      manifestURL: link.href,
      icons,
      scope: reg && reg.scope,
      active: reg && reg.active && reg.active.state,
      keys,
      cached,
      themeMeta: document.querySelector('meta[name="theme-color"]')?.content,
      viewport: !!document.querySelector('meta[name="viewport"]'),
      pageURL: location.href,
    };
  });
  const m = audit.manifest;
  assert.ok(m.name && m.short_name, `manifest names: ${JSON.stringify(m)}`);
  assert.equal(m.display, "standalone");
  assert.match(m.theme_color, /^#[0-9a-f]{6}$/i);
  assert.match(m.background_color, /^#[0-9a-f]{6}$/i);
  assert.equal(audit.themeMeta.toLowerCase(), m.theme_color.toLowerCase());
  assert.ok(audit.viewport, "a viewport meta tag");
  const startURL = new URL(m.start_url, audit.manifestURL).href;
  assert.equal(startURL, server.url, "start_url is the page, relative to the manifest");
  assert.ok(startURL.startsWith(audit.scope), `start_url ${startURL} is in the worker's scope ${audit.scope}`);
  assert.equal(audit.active, "activated");
  const sizes = (purpose) => audit.icons.filter((i) => (i.purpose || "any").split(/\s+/).includes(purpose)).map((i) => i.width);
  for (const icon of audit.icons) {
    assert.ok(icon.ok, `icon ${icon.src} fetched`);
    assert.equal(icon.sizes, `${icon.width}x${icon.height}`, `icon ${icon.src} decodes at its declared size`);
    assert.equal(icon.type, "image/png");
  }
  assert.ok(sizes("any").includes(192) && sizes("any").includes(512), `icons of 192 and 512 px: ${JSON.stringify(audit.icons)}`);
  assert.ok(sizes("maskable").some((w) => w >= 512 - 1), "a maskable icon");
  assert.equal(audit.keys.length, 1, `one cache: ${audit.keys}`);
  const shell = fs.readdirSync(distDir).filter((f) => /^(index\.html|manifest\.webmanifest|icon-.*\.png|mahjong\.[0-9a-f]+\.wasm|wasm_exec\.[0-9a-f]+\.js)$/.test(f));
  for (const f of shell) {
    assert.ok(audit.cached.includes(server.url + f), `${f} is precached: ${audit.cached}`);
  }
  figures.cache = audit.keys[0];

  // A repeat visit, online: everything but the page itself (network
  // first) and the worker's update check comes from the cache.
  const t1 = Date.now();
  await page.reload({ waitUntil: "load", timeout: 300_000 });
  await waitForMark(page, "mj:wasm-ready", 120_000);
  await waitForControl(page);
  figures.repeatVisit = server.take();
  figures.repeatVisitMs = Date.now() - t1;

  // Offline: the server is gone and the context offline.
  await server.close();
  await ctx.setOffline(true);
  const t2 = Date.now();
  await page.goto(server.url + "?seed=11&name=Traveller", { waitUntil: "load", timeout: 300_000 });
  await waitForMark(page, "mj:wasm-ready", 120_000);
  figures.offlineVisitMs = Date.now() - t2;
  assert.equal(await page.evaluate(() => navigator.onLine), false);
  await page.locator("canvas").focus();
  await pressUntil(page, "Enter", /^Starting a new local game\.|^The game begins\./);
  await waitForMark(page, "mj:first-frame");
  const t3 = Date.now();
  const seen = await playHands(page, async (p, i) => {
    const b = p.buttons[i];
    if (b.needsTile) await pressKey(page, "ArrowRight");
    await pressKey(page, b.key.toLowerCase());
  }, { name: "offline", count: 1 });
  figures.offlineHand = { hands: seen.hands, prompts: seen.prompts, seconds: Math.round((Date.now() - t3) / 1000) };
  assert.ok(seen.hands >= 1, "a hand was played to the Scoring window");
  assert.ok(seen.scoring.some((l) => /^Scoring: settlement /.test(l)), `no settlement in ${JSON.stringify(seen.scoring)}`);
  figures.offlineRequests = server.take().requests;
  assert.equal(figures.offlineRequests, 0);
  assert.deepEqual(errors, []);

  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, "figures-offline.json"), JSON.stringify(figures, null, 2) + "\n");
  console.log(`# figures offline: ${JSON.stringify(figures)}`);
  assert.ok(figures.repeatVisit.bytes < figures.firstVisit.bytes / 100, `repeat visit ${figures.repeatVisit.bytes} bytes`);
  await ctx.close();
});

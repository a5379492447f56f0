// Safe updates of the installed site (issue 6, item 2): two versions of the
// static site `make dist` builds (scripts/build-dist.sh run twice on the same
// game with different MJ_DIST_STAMP values, so only the version differs) are
// served one after the other at the same sub-path by a plain static file
// server. A game is started on version 1 and played a few moves; the server
// then has version 2 and the page looks for an update. Version 2's worker
// installs and waits: the page goes on with version 1, the game in progress
// is untouched, mahjong.updateReady() is true and version 1's cache is kept.
// Then the new version is taken into use
//   (a) at the next start: every page of the site is closed, a new one is
//       opened: version 2 controls it, version 1's cache is gone, and the
//       start dialog resumes the saved game to the same state;
//   (b) on the player's word, in another browser context: the page is
//       reloaded (still version 1, as the open page keeps it), the start
//       dialog says "A new version is ready", key U (Update now) switches to
//       version 2 and the saved game resumes to the same state.
// Figures go to test-output/web/figures.json ("update").

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  skipReason, siteDir, repoRoot, launch, followAnnouncements, waitForMark, waitForLine, lines,
  pressUntil, onStartDialog, staticServer, record, shot,
} from "./lib.js";
import { nextPrompt, choose, pressKey, frames, promptRe, parsePrompt } from "./play.js";

const skip = skipReason();
const base = "/apps/mah-jong/";
const query = "?name=Una&animate=0";
let server, browser, tmp, v1, v2;
const figures = {};

// build runs build-dist.sh on the site with a stamp into a folder of tmp
// and returns { dir, stamp, version } (the version sw.js was given).
function build(stamp) {
  const dir = path.join(tmp, stamp);
  const r = spawnSync("nice", ["-n", "10", path.join(repoRoot, "scripts/build-dist.sh"), dir], {
    cwd: repoRoot, encoding: "utf8", env: { ...process.env, MJ_SITE: siteDir, MJ_DIST_STAMP: stamp },
  });
  if (r.status !== 0) throw new Error(`build-dist.sh ${stamp}: ${r.status} ${r.stderr}`);
  const m = /version: "([0-9a-f]+)"/.exec(fs.readFileSync(path.join(dir, "sw.js"), "utf8").split("\n")[0]);
  if (!m) throw new Error(`build-dist.sh ${stamp}: no version in sw.js`);
  return { dir, stamp, version: m[1] };
}

// serve makes the server send version v's files from now on (a symbolic
// link renamed over the old one: no request sees a missing folder).
function serve(v) {
  const link = path.join(tmp, "site");
  const next = link + ".next";
  fs.rmSync(next, { force: true });
  fs.symlinkSync(v.dir, next);
  fs.renameSync(next, link);
}

before(async () => {
  if (skip) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mj-update-"));
  const t0 = Date.now();
  v1 = build("update-test-1");
  v2 = build("update-test-2");
  figures.buildMs = Date.now() - t0;
  assert.notEqual(v1.version, v2.version);
  serve(v1);
  server = await staticServer(path.join(tmp, "site"), base);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  if (!skip) record("update", figures);
});

// version returns { meta, worker }: the build stamp of the page's own
// index.html and the version of the worker controlling it ("" if none).
async function version(page) {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const meta = document.querySelector('meta[name="mahjong-build"]')?.content || "";
    const c = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!c) {
      resolve({ meta, worker: "" });
      return;
    }
    const ch = new MessageChannel();
    const timer = setTimeout(() => reject(new Error("the worker did not say its version")), 10_000);
    ch.port1.onmessage = (e) => {
      clearTimeout(timer);
      resolve({ meta, worker: e.data.version });
    };
    c.postMessage({ type: "version" }, [ch.port2]);
  }));
}

// runs waits until the page is version v (its index.html and its worker),
// through reloads, and returns the time it took.
async function runs(page, v, timeout = 120_000) {
  const t0 = Date.now();
  let last;
  for (;;) {
    try {
      last = await version(page);
      if (last.meta === v.stamp && last.worker === v.version) return Date.now() - t0;
    } catch (err) {
      last = String(err); // a page on its way (a reload)
    }
    if (Date.now() - t0 > timeout) throw new Error(`the page is not ${v.stamp} (${v.version}): ${JSON.stringify(last)}`);
    await page.waitForLoadState("load", { timeout: 60_000 }).catch(() => {});
    await frames(page, 4).catch(() => {}); // fails when the page goes meanwhile
  }
}

// cacheNames lists the site's caches.
async function cacheNames(page) {
  return (await page.evaluate(() => caches.keys())).sort();
}

// state reads mahjong.state() as an object, or null.
async function state(page) {
  const s = await page.evaluate(() => (globalThis.mahjong && globalThis.mahjong.state ? globalThis.mahjong.state() : ""));
  return s ? JSON.parse(s) : null;
}

// settled waits until the table's state has a prompt and stays the same
// over a few frames, and returns it.
async function settled(page, { want, timeout = 60_000 } = {}) {
  const by = Date.now() + timeout;
  let last = "", same = 0;
  for (;;) {
    const s = await state(page);
    const text = JSON.stringify(s);
    if (s && s.prompt !== "None" && (!want || s.prompt === want)) {
      same = text === last ? same + 1 : 0;
      if (same >= 3) return s;
    }
    last = text;
    if (Date.now() > by) throw new Error(`the table did not settle (want ${want || "a prompt"}): ${text}`);
    await frames(page, 4);
  }
}

// playTo plays by keyboard from the start of a game until at least moves
// prompts are answered and we are asked to discard (no claim timer runs
// then), and returns the settled state there.
async function playTo(page, moves) {
  let from = 0;
  for (let n = 0; n < 400; n++) {
    let p = await nextPrompt(page, from, 120_000);
    const all = await lines(page);
    for (let i = all.length - 1; i > p.index; i--) {
      if (promptRe.test(all[i])) {
        p = { index: i, text: all[i], ...parsePrompt(all[i]) };
        break;
      }
    }
    from = p.index + 1;
    if (/^Game over/.test(p.text)) throw new Error("the game ended");
    if (n >= moves) {
      const s = await settled(page);
      if (s.prompt === "Discard") return s;
    }
    const b = p.buttons[choose(p)];
    if (b.needsTile) await pressKey(page, "ArrowRight");
    await pressKey(page, b.key.toLowerCase());
  }
  throw new Error("no Discard prompt in 400 moves");
}

// startOnV1 opens a new context, starts a local game on version 1, plays
// a few moves, and returns { ctx, page, errors, before } (the state
// reached).
async function startOnV1(seed) {
  serve(v1);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  server.take();
  await page.goto(server.url + query + `&seed=${seed}&start=1`, { waitUntil: "load", timeout: 300_000 });
  await waitForMark(page, "mj:first-frame", 120_000);
  await runs(page, v1);
  // The worker's install took the page's copy of the wasm.
  const wasm = server.take().paths.filter((p) => /\.wasm$/.test(p));
  assert.equal(wasm.length, 1, `the wasm was downloaded once on the first visit: ${wasm}`);
  assert.deepEqual(await cacheNames(page), [`mahjong-${v1.version}`]);
  await page.locator("canvas").focus();
  const before = await playTo(page, 4);
  return { ctx, page, errors, before };
}

// updateWaits switches the server to version 2, has the page look for an
// update, and checks that version 2 waits while the game goes on with
// version 1, untouched.
async function updateWaits(page, before) {
  await page.evaluate(() => { window.__mjSamePage = true; });
  serve(v2);
  const t0 = Date.now();
  await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration()).update(); });
  await page.waitForFunction(() => globalThis.mahjong.updateReady(), null, { timeout: 120_000, polling: 100 });
  const installMs = Date.now() - t0;
  const reg = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { waiting: r.waiting && r.waiting.state, active: r.active && r.active.state, same: window.__mjSamePage === true };
  });
  assert.deepEqual(reg, { waiting: "installed", active: "activated", same: true }, "version 2 waits; the page was not reloaded");
  assert.deepEqual(await version(page), { meta: v1.stamp, worker: v1.version }, "the page goes on with version 1");
  assert.deepEqual(await cacheNames(page), [`mahjong-${v1.version}`, `mahjong-${v2.version}`].sort(), "both versions' caches");
  assert.deepEqual(await settled(page), before, "the game in progress is untouched");
  return installMs;
}

// resumes resumes the saved game from the start dialog (key R) and checks
// it is where it was.
async function resumes(page, before) {
  await waitForMark(page, "mj:wasm-ready", 120_000);
  await page.locator("canvas").focus();
  await pressUntil(page, "r", /^Resuming the saved game\./, { again: () => onStartDialog(page) });
  const after_ = await settled(page, { want: before.prompt });
  assert.deepEqual(after_, before, "the resumed game is the same");
}

test("update: a new version waits, and is used at the next start", { skip, timeout: 900_000 }, async () => {
  const t0 = Date.now();
  const { ctx, page, errors, before } = await startOnV1(2026);
  figures.nextStart = { installMs: await updateWaits(page, before) };

  // The next start: every page of the site closes; version 2 activates
  // (seen from a page of the same origin outside the site's scope, which
  // no worker controls), then a new page opens.
  await page.close();
  const t1 = Date.now();
  const probe = await ctx.newPage();
  probe.on("pageerror", (e) => errors.push(String(e)));
  await probe.goto(server.url.replace(base, "/probe"), { waitUntil: "load" });
  await probe.waitForFunction(async (scope) => {
    const r = await navigator.serviceWorker.getRegistration(scope);
    return r && !r.waiting && r.active && r.active.state === "activated" && (await caches.keys()).length === 1;
  }, base, { timeout: 120_000, polling: 100 });
  figures.nextStart.activateMs = Date.now() - t1;
  const t2 = Date.now();
  await probe.goto(server.url + query, { waitUntil: "load", timeout: 300_000 });
  await runs(probe, v2);
  figures.nextStart.loadMs = Date.now() - t2;
  assert.deepEqual(await cacheNames(probe), [`mahjong-${v2.version}`], "version 1's cache is deleted");
  await resumes(probe, before);
  assert.equal(await probe.evaluate(() => globalThis.mahjong.updateReady()), false);
  assert.deepEqual(errors, []);
  figures.nextStart.seconds = Math.round((Date.now() - t0) / 1000);
  await ctx.close();
});

test("update: on the player's word (Update now in the start dialog)", { skip, timeout: 900_000 }, async () => {
  const t0 = Date.now();
  const { ctx, page, errors, before } = await startOnV1(77);
  figures.playersWord = { installMs: await updateWaits(page, before) };

  // A reload keeps version 1 (its page is open while the new one loads);
  // the start dialog says a new version is ready.
  await page.goto(server.url + query, { waitUntil: "load", timeout: 300_000 });
  await waitForMark(page, "mj:wasm-ready", 120_000);
  await runs(page, v1);
  assert.deepEqual(await cacheNames(page), [`mahjong-${v1.version}`, `mahjong-${v2.version}`].sort());
  await waitForLine(page, /^A new version is ready: Update now \(U\)/, { timeout: 60_000 });
  await frames(page, 2);
  await shot(page, "update-ready");
  await page.locator("canvas").focus();
  const t1 = Date.now();
  // U again if the press was missed (the page may reload while the key is
  // down; on version 2 the key does nothing). Each miss is logged.
  for (let tries = 1; ; tries++) {
    await pressKey(page, "u").catch(() => {});
    try {
      await runs(page, v2, 60_000);
      break;
    } catch (err) {
      const why = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return { waiting: r && r.waiting && r.waiting.state, active: r && r.active && r.active.state,
          ready: globalThis.mahjong.updateReady(), lines: window.__mjLines.slice(-4) };
      }).catch((e) => String(e));
      console.log(`# update: still version 1 after ${tries} presses of U: ${JSON.stringify(why)}`);
      if (tries < 4) continue;
      await shot(page, "update-failure");
      err.message += `\nafter ${tries} presses of U: ${JSON.stringify(why)}`;
      throw err;
    }
  }
  figures.playersWord.switchMs = Date.now() - t1;
  assert.deepEqual(await cacheNames(page), [`mahjong-${v2.version}`], "version 1's cache is deleted");
  await resumes(page, before);
  assert.equal(await page.evaluate(() => globalThis.mahjong.updateReady()), false);
  assert.equal((await lines(page)).filter((l) => /^A new version is ready/.test(l)).length, 0, "no notice on version 2");
  assert.deepEqual(errors, []);
  figures.playersWord.seconds = Math.round((Date.now() - t0) / 1000);
  await ctx.close();
});

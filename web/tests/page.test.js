// The page itself: it loads the wasm with a progress bar, draws the first
// table frame (mj:first-frame), has the live region, does not scroll, and
// costs little when idle; a repeat visit takes the wasm from the cache.
// Figures are written to test-output/figures.json.

import { test } from "node:test";
import assert from "node:assert/strict";
import { skipReason, siteUnderTest, followAnnouncements, openTable, shot, record, browserCPU, waitForLine } from "./lib.js";

const skip = skipReason();
const site = siteUnderTest(skip);

test("desktop page: first frame, live region, no scrolling; figures", { skip, timeout: 180_000 }, async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));

  // The progress bar moves while the wasm streams in.
  const progress = [];
  await page.exposeFunction("__mjProgress", (v, max) => progress.push([v, max]));
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const bar = document.getElementById("progress");
      new MutationObserver(() => window.__mjProgress(bar.value, bar.max))
        .observe(bar, { attributes: true });
    });
  });

  await openTable(page, site.server.url + "?start=1&seed=1");
  await shot(page, "desktop-first-frame");

  const facts = await page.evaluate(() => {
    const log = document.getElementById("announcements");
    const canvas = document.querySelector("canvas");
    const nav = performance.getEntriesByType("navigation")[0];
    const res = performance.getEntriesByType("resource");
    // The largest: a failed look in the cache (index.html, fromCache) comes first.
    const wasm = res.filter((r) => r.name.endsWith("mahjong.wasm")).sort((a, b) => b.decodedBodySize - a.decodedBodySize)[0];
    return {
      role: log.getAttribute("role"),
      live: log.getAttribute("aria-live"),
      logOffscreen: log.getBoundingClientRect().right <= 0,
      canvas: !!canvas,
      touchAction: canvas && getComputedStyle(canvas).touchAction,
      scrollW: document.scrollingElement.scrollWidth,
      scrollH: document.scrollingElement.scrollHeight,
      innerW: innerWidth,
      innerH: innerHeight,
      loadingHidden: document.getElementById("loading").hidden,
      firstFrame: performance.getEntriesByName("mj:first-frame")[0].startTime,
      wasmReady: performance.getEntriesByName("mj:wasm-ready")[0]?.startTime,
      transfer: (nav ? nav.transferSize : 0) + res.reduce((n, r) => n + r.transferSize, 0),
      wasmTransfer: wasm ? wasm.transferSize : 0,
      wasmDecoded: wasm ? wasm.decodedBodySize : 0,
    };
  });
  assert.equal(facts.role, "log");
  assert.equal(facts.live, "polite");
  assert.ok(facts.logOffscreen, "the live region is offscreen");
  assert.ok(facts.canvas, "Ebitengine's canvas is on the page");
  assert.equal(facts.touchAction, "none");
  assert.ok(facts.scrollW <= facts.innerW && facts.scrollH <= facts.innerH, `page scrolls: ${JSON.stringify(facts)}`);
  assert.ok(facts.loadingHidden, "the loading screen is gone once the game runs");
  assert.ok(progress.some(([v, max]) => max > 1 && v > 0 && v < max), `progress bar never moved part way: ${JSON.stringify(progress.slice(0, 5))}`);
  assert.deepEqual(errors, []);

  // Idle cost: the table waits for us (our prompt is announced, the robots
  // have nothing to do) and nothing moves, for 5 s. The App has slowed
  // down to frames on demand by then (game/idle.go).
  await waitForLine(page, /You may:/);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Performance.enable");
  const metric = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  };
  const m0 = await metric();
  const c0 = browserCPU();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, 5000)); // the measuring window, not a wait for an event
  const m1 = await metric();
  const c1 = browserCPU();
  const secs = (performance.now() - t0) / 1000;
  record("desktop-load", {
    transferBytes: facts.transfer,
    wasmTransferBytes: facts.wasmTransfer,
    wasmDecodedBytes: facts.wasmDecoded,
    navToWasmReadyMs: Math.round(facts.wasmReady),
    navToFirstFrameMs: Math.round(facts.firstFrame),
    idleMainThreadPct: Math.round(((m1.TaskDuration - m0.TaskDuration) / secs) * 1000) / 10,
    idleBrowserCPUPct: Math.round(((c1 - c0) / secs) * 1000) / 10,
  });

  // The screen's buffer is not multisampled: Ebitengine only copies its
  // finished frame there, and sizing a multisampled one cost 0.1-0.2 s of
  // the start.
  const attrs = await page.evaluate(() => document.querySelector("canvas").getContext("webgl2").getContextAttributes());
  assert.equal(attrs.antialias, false, `screen buffer attributes: ${JSON.stringify(attrs)}`);

  // A repeat visit finds the wasm in the browser's cache and does not feed a
  // progress bar with a copy of it.
  progress.length = 0;
  await openTable(page, site.server.url + "?start=1&seed=1");
  const again = await page.evaluate(() => ({
    firstFrame: performance.getEntriesByName("mj:first-frame")[0].startTime,
    wasmReady: performance.getEntriesByName("mj:wasm-ready")[0]?.startTime,
  }));
  assert.deepEqual(progress, [], "progress bar driven on a repeat visit");
  record("desktop-repeat-load", {
    navToWasmReadyMs: Math.round(again.wasmReady),
    navToFirstFrameMs: Math.round(again.firstFrame),
  });
  assert.deepEqual(errors, []);
  await ctx.close();
});

// (c) A phone: a 390x844 touch viewport, played by held taps (tap a tile to
// select it and tap Discard, or double-tap it), checking at every turn that
// the dialog's buttons and our tiles are on screen whole, at least 44 CSS
// px for buttons, and that the page does not scroll or zoom.

import { test } from "node:test";
import assert from "node:assert/strict";
import { skipReason, siteUnderTest, followAnnouncements, openTable, shot, lines, record } from "./lib.js";
import { playHands, pointerPlayer, tap } from "./play.js";

const skip = skipReason();
const site = siteUnderTest(skip);

test("touch: a phone in portrait plays a hand by held taps, nothing cut off", { skip, timeout: 900_000 }, async () => {
  const width = 390, height = 844;
  const ctx = await site.browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await openTable(page, site.server.url + "?start=1&seed=5&name=Thumb");
  await shot(page, "touch-table");
  const cdp = await ctx.newCDPSession(page);

  const problems = [];
  let checks = 0;
  let shotTurn = false;
  const act = pointerPlayer(page, (x, y, o) => tap(page, cdp, x, y, o), {
    check: async ({ buttons, tiles }, p) => {
      checks++;
      for (const b of buttons) {
        if (b.x < 0 || b.y < 0 || b.x + b.w > width || b.y + b.h > height) problems.push(`button off screen: ${JSON.stringify(b)} (${p.text})`);
        if (Math.min(b.w, b.h) < 43) problems.push(`button smaller than 44 px: ${JSON.stringify(b)} (${p.text})`);
      }
      for (const t of tiles) {
        if (t.x <= 0 || t.y <= 0 || t.x + t.w >= width || t.y + t.h >= height) problems.push(`tile at the screen's edge: ${JSON.stringify(t)}`);
      }
      if (/^Your turn: discard/.test(p.lead)) {
        if (tiles.length < 5) problems.push(`only ${tiles.length} tiles of ours found on our turn`);
        if (!shotTurn) {
          shotTurn = true;
          await shot(page, "touch-our-turn");
        }
      }
    },
  });
  const t0 = Date.now();
  const seen = await playHands(page, act, {
    name: "touch",
    count: 1,
    onScoring: async (n) => { await shot(page, `touch-scoring-${n}`); },
  });
  record("touch", { hands: seen.hands, prompts: seen.prompts, checks, doubleTaps: act.doubles, seconds: Math.round((Date.now() - t0) / 1000) });

  const scroll = await page.evaluate(() => ({
    w: document.scrollingElement.scrollWidth, h: document.scrollingElement.scrollHeight,
    x: scrollX, y: scrollY, zoom: visualViewport ? visualViewport.scale : 1,
  }));
  assert.ok(scroll.w <= width && scroll.h <= height && scroll.x === 0 && scroll.y === 0, `the page scrolled: ${JSON.stringify(scroll)}`);
  assert.equal(scroll.zoom, 1, "the page zoomed");
  assert.deepEqual(problems.slice(0, 10), []);
  const all = await lines(page);
  assert.ok(seen.hands >= 1, "no hand scored");
  assert.ok(all.some((l) => /^You discard /.test(l)), "we never discarded");
  // One double tap may come too slowly on a busy machine; not all of them.
  assert.ok(act.doubles.taken > 0 || act.doubles.tried < 2, `no double tap discarded: ${JSON.stringify(act.doubles)}`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

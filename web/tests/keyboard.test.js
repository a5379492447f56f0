// (a) Keyboard alone: start a new local game from the start dialog and play
// complete hands to the Scoring window, following the game through the live
// region and answering every prompt with its underlined key.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  skipReason, siteUnderTest, followAnnouncements, waitForMark, waitForLine, shot, lines, record, startFrameMeter,
} from "./lib.js";
import { playHands, pressKey } from "./play.js";

const skip = skipReason();
const hands = Number(process.env.MJ_TEST_HANDS || 2);
const site = siteUnderTest(skip);

test("keyboard: start a local game and play hands to the Scoring window", { skip, timeout: 900_000 }, async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(site.server.url + "?seed=7&name=Keys", { waitUntil: "load" });
  await waitForMark(page, "mj:wasm-ready");
  await page.locator("canvas").focus();

  // The start dialog: Return starts the game. The game's first frame may
  // not have run yet when the page is ready, so press until it answers.
  const startBy = Date.now() + 60_000;
  for (;;) {
    await pressKey(page, "Enter");
    try {
      await waitForLine(page, /^Starting a new local game\.|^The game begins\./, { timeout: 3_000 });
      break;
    } catch (err) {
      if (Date.now() > startBy) throw err;
    }
  }
  await waitForMark(page, "mj:first-frame");
  await shot(page, "keyboard-table");

  const t0 = Date.now();
  const stopMeter = await startFrameMeter(page);
  const seen = await playHands(page, async (p, i) => {
    const b = p.buttons[i];
    if (b.needsTile) await pressKey(page, "ArrowRight"); // select a tile first
    await pressKey(page, b.key.toLowerCase());
  }, {
    name: "keyboard",
    count: hands,
    onScoring: async (n) => { await shot(page, `keyboard-scoring-${n}`); },
  });
  const playFrames = await stopMeter();
  record("keyboard", { hands: seen.hands, prompts: seen.prompts, seconds: Math.round((Date.now() - t0) / 1000), playFrames });

  const all = await lines(page);
  assert.ok(seen.hands >= Math.min(hands, 1), `no hand scored; last lines:\n${all.slice(-10).join("\n")}`);
  assert.ok(seen.scoring.some((l) => /^Scoring: settlement /.test(l)), `no settlement in ${JSON.stringify(seen.scoring)}`);
  assert.ok(all.some((l) => /^You discard /.test(l)), "we never discarded");
  assert.deepEqual(errors, []);
  await ctx.close();
});

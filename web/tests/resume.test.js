// (b) A game is never lost: twenty trials play a local game by keyboard to a
// random point (some inside a claim window, some in a declaration dialog,
// some with the Scoring window open), reload the page there, resume the
// saved game from the start dialog (key R), and find the same game: the
// table's state (mahjong.state(): the seat's view, our hand in our order,
// what we are asked, the scores and history, the Scoring window) and the
// live region's hand description (key H) are the same before and after.
// One browser context is reused; the number of trials is MJ_RESUME_TRIALS
// (default 20). Figures go to test-output/web/figures.json ("resume").

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  skipReason, siteUnderTest, followAnnouncements, waitForMark, waitForLine, lines, record, shot, pressUntil, onStartDialog,
} from "./lib.js";
import { nextPrompt, choose, pressKey, frames, promptRe, parsePrompt } from "./play.js";

const skip = skipReason();
const trials = Number(process.env.MJ_RESUME_TRIALS || 20);
const site = siteUnderTest(skip);

// rng is a small seeded generator (mulberry32): the trials are repeatable.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// state reads mahjong.state() (JSON text) as an object, or null.
async function state(page) {
  const s = await page.evaluate(() => (globalThis.mahjong && globalThis.mahjong.state ? globalThis.mahjong.state() : ""));
  return s ? JSON.parse(s) : null;
}

// settled waits until the table's state has a prompt (not None) and stays
// the same over a few frames, and returns it.
async function settled(page, { want, timeout = 60_000 } = {}) {
  const by = Date.now() + timeout;
  let last = "";
  let same = 0;
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

// handLine presses H and returns the hand description it announces.
async function handLine(page) {
  const from = (await lines(page)).length;
  await pressKey(page, "h");
  return (await waitForLine(page, /^Your hand: |^You have no tiles\./, { from, timeout: 20_000 })).text;
}

// latestPrompt returns the newest prompt line at or after from.
async function latestPrompt(page, from) {
  let p = await nextPrompt(page, from, 120_000);
  const all = await lines(page);
  for (let i = all.length - 1; i > p.index; i--) {
    if (promptRe.test(all[i])) {
      p = { index: i, text: all[i], ...parsePrompt(all[i]) };
      break;
    }
  }
  return p;
}

// What each trial aims to stop in (the first prompt of that kind after a
// few random moves; any prompt when it does not come soon). "Scoring" is
// between hands, the finished hand on the table and its Scoring window
// open: the save made there carries that hand for the table to show.
const targets = ["any", "Claim", "Declare", "Scoring", "Claim", "DeclareSets", "any"];

test("resume: twenty reloads at random points each resume the same game", { skip, timeout: 1_800_000 }, async () => {
  const rand = rng(61);
  const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const query = "?name=Rita&animate=0";
  await page.goto(site.server.url + query + "&seed=4242&start=1", { waitUntil: "load", timeout: 300_000 });
  await waitForMark(page, "mj:first-frame", 120_000);
  await page.locator("canvas").focus();

  const t0 = Date.now();
  const stops = {};
  const reloadMs = [];
  let done = 0;
  let from = 0;
  for (let trial = 0; trial < trials; trial++) {
    const target = targets[trial % targets.length];
    const moves = Math.floor(rand() * 4);
    const claim = rand() < 0.5;
    // Play on to the stopping point.
    let p;
    for (let n = 0; ; n++) {
      p = await latestPrompt(page, from);
      from = p.index + 1;
      if (/^Game over/.test(p.text)) break;
      const s = await state(page);
      const kind = s && s.scoring && /^Ready/.test(p.lead) ? "Scoring" : s && s.prompt;
      const hit = target === "any" || kind === target || (target === "Declare" && /^Declare/.test(kind));
      // A hand takes a hundred prompts or so: the end of one may be far.
      const patience = target === "Scoring" ? 200 : 30;
      if (n >= moves && (hit || n >= moves + patience)) break;
      const i = choose(p, { claim });
      const b = p.buttons[i];
      if (b.needsTile) await pressKey(page, "ArrowRight");
      await pressKey(page, b.key.toLowerCase());
    }
    if (/^Game over/.test(p.text)) break;

    // The state before: settled, and the same after asking for the hand.
    let before, hand;
    for (;;) {
      before = await settled(page);
      hand = await handLine(page);
      if (JSON.stringify(await settled(page)) === JSON.stringify(before)) break;
    }
    const kind = before.scoring ? "Scoring" : before.prompt;
    stops[kind] = (stops[kind] || 0) + 1;

    // Reload, and resume from the start dialog.
    const r0 = Date.now();
    await page.goto(site.server.url + query, { waitUntil: "load", timeout: 300_000 });
    await waitForMark(page, "mj:wasm-ready", 120_000);
    await page.locator("canvas").focus();
    try {
      await pressUntil(page, "r", /^Resuming the saved game\./, { again: () => onStartDialog(page) });
    } catch (err) {
      await shot(page, `resume-failure-${trial}`);
      const ls = await lines(page);
      throw new Error(`trial ${trial} (${kind}): no resume offered; last lines: ${JSON.stringify(ls.slice(-6))}: ${err.message}`);
    }
    let after_;
    try {
      after_ = await settled(page, { want: before.prompt, timeout: 60_000 });
      // The Scoring window opens when its text arrives: give it the time.
      if (before.scoring && !after_.scoring) after_ = await settled(page, { want: before.prompt, timeout: 10_000 });
    } catch (err) {
      await shot(page, `resume-failure-${trial}`);
      console.log(`trial ${trial} (${kind}): the last announcements:`, JSON.stringify((await lines(page)).slice(-40), null, 1));
      throw err;
    }
    reloadMs.push(Date.now() - r0);
    // Everything is compared: the seat's view, our hand, the prompt, the
    // scores, the Scoring history and the Scoring window.
    if (JSON.stringify(after_) !== JSON.stringify(before)) {
      await shot(page, `resume-failure-${trial}`);
      assert.deepEqual(after_, before, `trial ${trial} (${kind}): the resumed table differs`);
    }
    assert.equal(await handLine(page), hand, `trial ${trial} (${kind}): the hand description differs`);
    from = 0; // a new page: the live region's lines start again
    done++;
  }
  reloadMs.sort((a, b) => a - b);
  record("resume", {
    trials: done,
    stops,
    seconds: Math.round((Date.now() - t0) / 1000),
    reloadToSameStateMedianMs: reloadMs[Math.floor(reloadMs.length / 2)] || 0,
  });
  assert.ok(done >= trials, `only ${done} trials before the game ended`);
  assert.ok(stops.Claim > 0, `no stop in a claim window: ${JSON.stringify(stops)}`);
  assert.ok(stops.Scoring > 0, `no stop between hands with the Scoring window open: ${JSON.stringify(stops)}`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Playing with the preferences in force, in the browser, by keyboard:
//
//   - auto-declare: with the Playing preferences (flowers and seasons,
//     losing hands, winning hands) switched on through their panel, whole
//     hands are played without a single declaring prompt announced to us,
//     and our flowers and seasons are declared all the same;
//   - the Scoring history: after several hands its running totals are the
//     sums of the settlements announced hand by hand, and the players'
//     cumulative scores in the game's state.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  skipReason, siteUnderTest, followAnnouncements, waitForMark, waitForLine, shot, lines, record,
} from "./lib.js";
import { playHands, pressKey, frames, alt } from "./play.js";

const skip = skipReason();
const site = siteUnderTest(skip);

// announced runs fn and waits for an announcement after it matching re.
async function announced(page, fn, re) {
  const from = (await lines(page)).length;
  await fn();
  try {
    return (await waitForLine(page, re, { from, timeout: 30_000 })).text;
  } catch (err) {
    console.log("# last lines:", (await lines(page)).slice(-8));
    throw err;
  }
}

// openPanel opens menu > entry by their mnemonics and returns the window's
// announced text (it starts with the title).
async function openPanel(page, menu, entry, title) {
  return announced(page, async () => {
    await alt(page, menu);
    await waitForLine(page, /menu: /, { from: (await lines(page)).length - 1, timeout: 10_000 });
    await frames(page, 2); // the menu is drawn before its entry is chosen
    await pressKey(page, entry);
  }, new RegExp("^" + title + "\\."));
}

async function startTable(page, url) {
  await page.goto(url, { waitUntil: "load" });
  await waitForMark(page, "mj:first-frame", 90_000);
  await page.locator("canvas").focus();
  await waitForLine(page, /^The game begins\./, { timeout: 60_000 });
}

// byKeys answers a prompt with its underlined key (a tile first when the
// button needs one).
function byKeys(page) {
  return async (p, i) => {
    const b = p.buttons[i];
    if (b.needsTile) await pressKey(page, "ArrowRight");
    await pressKey(page, b.key.toLowerCase());
  };
}

// declaring tells whether a prompt line asks us to declare: flowers and
// seasons (the declaring turn, or a Declare button offered for a drawn
// special) or the concealed sets of a finished hand.
function declaring(text) {
  return /^Your turn: declare flowers/.test(text) ||
    /^Declare your concealed sets/.test(text) ||
    /You may: .*\bDeclare \(/.test(text);
}

const specialName = /^You declare (Plum|Orchid|Chrysanthemum|Bamboo|Spring|Summer|Autumn|Winter)\.$/;

test("auto-declare: set in the Playing preferences, no declaring prompt for us in whole hands", { skip, timeout: 900_000 }, async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const seed = Number(process.env.MJ_TEST_AUTO_SEED || 3);
  await startTable(page, site.server.url + `?seed=${seed}&start=1&name=Pat&animate=0`);

  // The three auto-declare preferences, switched on through their panel.
  let text = await openPanel(page, "o", "p", "Playing Preferences");
  assert.match(text, /Flowers and seasons: off\. Losing hands: off\. Winning hands: off\./);
  await announced(page, () => pressKey(page, "f"), /^Flowers and seasons: off$/);
  await announced(page, () => pressKey(page, " "), /^Flowers and seasons: on$/);
  await announced(page, () => pressKey(page, "Tab"), /^Losing hands: off$/);
  await announced(page, () => pressKey(page, " "), /^Losing hands: on$/);
  await announced(page, () => pressKey(page, "Tab"), /^Winning hands: off$/);
  await announced(page, () => pressKey(page, " "), /^Winning hands: on$/);
  await shot(page, "playing-auto-prefs");
  await announced(page, () => alt(page, "s"), /^Preferences saved\./);
  const rc = await page.evaluate(() => localStorage.getItem("mahjong.xmjrc"));
  for (const want of [/^Playing AutoSpecials 1$/m, /^Playing AutoLosing 1$/m, /^Playing AutoWinning 1$/m]) {
    assert.match(rc, want);
  }

  const t0 = Date.now();
  const from = (await lines(page)).length;
  const hands = Number(process.env.MJ_TEST_AUTO_HANDS || 2);
  const keys = byKeys(page);
  let ourSpecials = "";
  const seen = await playHands(page, async (p, i) => {
    // Fail at once: a declaring prompt would wait for us for ever.
    assert.ok(!declaring(p.text), `a declaring prompt was announced to us: ${p.text}`);
    await keys(p, i);
  }, {
    name: "playing-auto",
    count: hands,
    onScoring: async (n) => {
      const st = JSON.parse(await page.evaluate(() => globalThis.mahjong.state()));
      const me = st.players.find((x) => x.name === "Pat");
      ourSpecials += ` ${me ? me.tiles : ""}`;
      await shot(page, `playing-auto-scoring-${n}`);
    },
  });
  const all = (await lines(page)).slice(from);
  record("playing-auto", { seed, hands: seen.hands, prompts: seen.prompts, seconds: Math.round((Date.now() - t0) / 1000) });
  assert.ok(seen.hands >= 1, `no hand scored; last lines:\n${all.slice(-10).join("\n")}`);
  const asked = all.filter((l) => / You may: /.test(l) && declaring(l));
  assert.deepEqual(asked, [], "declaring prompts were announced to us");
  // Our flowers and seasons were declared for us.
  const ours = all.filter((l) => specialName.test(l));
  assert.ok(ours.length > 0, `we declared no flower or season (seed ${seed}); our tiles at scoring:${ourSpecials}`);
  // Somebody went out, and our hand was set out and shown without us.
  assert.ok(all.some((l) => /^Scoring: settlement /.test(l)), "no settlement");
  assert.ok(all.some((l) => /^You (show|set out|declare a special)/.test(l)), "our hand was never set out");
  assert.deepEqual(errors, []);
  await ctx.close();
});

// parseSettlement reads "Scoring: settlement A +8, You -4, ..." into
// [[name, gain], ...].
function parseSettlement(line) {
  const body = line.replace(/^Scoring: settlement /, "").replace(/\.$/, "");
  return body.split(", ").map((part) => {
    const m = /^(.*) ([+-]?\d+)$/.exec(part);
    assert.ok(m, `settlement part ${JSON.stringify(part)} in ${line}`);
    return [m[1], Number(m[2])];
  });
}

test("scoring history: running totals are the sums of the settlements after several hands", { skip, timeout: 900_000 }, async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const seed = Number(process.env.MJ_TEST_HISTORY_SEED || 7);
  const me = "Pat";
  await startTable(page, site.server.url + `?seed=${seed}&start=1&name=${me}&animate=0`);

  const want = Number(process.env.MJ_TEST_HISTORY_HANDS || 3);
  const t0 = Date.now();
  const settledByHand = []; // mahjong.state().settled at each hand's end
  const seen = await playHands(page, byKeys(page), {
    name: "playing-history",
    count: want,
    onScoring: async () => {
      const st = JSON.parse(await page.evaluate(() => globalThis.mahjong.state()));
      settledByHand.push(st.settled);
    },
  });
  assert.ok(seen.hands >= want, `only ${seen.hands} hands scored`);

  // The settlements as announced, summed by player.
  const settlements = seen.scoring.filter((l) => /^Scoring: settlement /.test(l)).map(parseSettlement);
  assert.ok(settlements.length >= want, `${settlements.length} settlements announced: ${JSON.stringify(seen.scoring)}`);
  const sums = new Map();
  for (const s of settlements) {
    let total = 0;
    for (const [name, gain] of s) {
      const n = name === "You" ? me : name;
      sums.set(n, (sums.get(n) || 0) + gain);
      total += gain;
    }
    assert.equal(total, 0, `a settlement that does not add up to zero: ${JSON.stringify(s)}`);
  }
  // The state's settlements are the announced ones (East..North).
  assert.deepEqual(settledByHand.filter(Boolean).map((g) => g.slice().sort((a, b) => a - b)),
    settlements.map((s) => s.map(([, g]) => g).sort((a, b) => a - b)));

  // The Scoring history window, read from the live region.
  const text = await openPanel(page, "s", "h", "Scoring history");
  await shot(page, "playing-history");
  const st = JSON.parse(await page.evaluate(() => globalThis.mahjong.state()));
  await announced(page, () => pressKey(page, "Escape"), /^Scoring history closed\./);
  assert.match(text, /Players in board order: /);
  const heads = [...text.matchAll(/Hand (\d+), (\w+) round, East ([^ ]+)/g)];
  assert.ok(heads.length >= want, `${heads.length} hands in the history: ${text}`);
  // Every row: "NAME (SCORE) GAIN = TOTAL"; the last hand's totals are the
  // running totals.
  // Our own seat may carry no name in the state: we are the one the
  // history marks "(you)".
  const isUs = (x) => x.name === me || x.name === "";
  const names = [me, ...st.players.filter((x) => !isUs(x)).map((x) => x.name)]
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const rowRe = new RegExp(`@?(${names})(?: \\(you\\))? \\((\\d+|–)\\) ([+-]\\d+) = (-?\\d+)`, "g");
  const rows = [...text.matchAll(rowRe)].map((m) => ({ name: m[1], gain: Number(m[3]), total: Number(m[4]) }));
  const players = st.players.length;
  assert.equal(rows.length, heads.length * players, `history rows: ${JSON.stringify(rows)} in ${text}`);
  const running = new Map();
  for (let h = 0; h < heads.length; h++) {
    for (const r of rows.slice(h * players, (h + 1) * players)) {
      running.set(r.name, (running.get(r.name) || 0) + r.gain);
      assert.equal(r.total, running.get(r.name), `hand ${h + 1}: ${r.name}'s total ${r.total}, the gains add up to ${running.get(r.name)}`);
    }
  }
  const last = rows.slice(-players);
  for (const r of last) {
    assert.equal(r.total, sums.get(r.name) || 0, `${r.name}: history total ${r.total}, settlements add up to ${sums.get(r.name)}`);
    const p = st.players.find((x) => (r.name === me ? isUs(x) : x.name === r.name));
    assert.ok(p, `no player ${r.name} in the state: ${JSON.stringify(st.players)}`);
    assert.equal(p.cumulative, r.total, `${r.name}: cumulative score ${p.cumulative}, history total ${r.total}`);
  }
  assert.deepEqual(st.history.length, heads.length);
  record("playing-history", { seed, hands: seen.hands, settlements: settlements.length, seconds: Math.round((Date.now() - t0) / 1000) });
  assert.deepEqual(errors, []);
  await ctx.close();
});

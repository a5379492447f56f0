// Preferences on a phone-sized page (390×844): change a display option (the
// tileset), a playing preference (auto-declare flowers and seasons) and game
// option preferences of every kind (a boolean, an integer and a score) with
// the keyboard through the menus and panels, reload, and find them in force:
// the stored .xmjrc lines in localStorage, the panels' contents and the Game
// info window of the new game, all read from the live region. Screenshots of
// every panel go to the test output folder.

import { test } from "node:test";
import assert from "node:assert/strict";
import { skipReason, siteUnderTest, followAnnouncements, waitForMark, waitForLine, shot, lines } from "./lib.js";
import { pressKey, frames, alt } from "./play.js";

const skip = skipReason();
const site = siteUnderTest(skip);

// keys presses each key in turn.
async function keys(page, ...ks) {
  for (const k of ks) await pressKey(page, k);
}

// said waits for an announcement matching re after the current last line.
async function after_(page, fn, re) {
  const from = (await lines(page)).length;
  await fn();
  return (await waitForLine(page, re, { from, timeout: 30_000 })).text;
}

// openPanel opens Options (or Show) > entry and returns its announced text.
async function openPanel(page, menu, entry, title) {
  return after_(page, async () => {
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

test("preferences: set on a phone, reload, find them in force", { skip, timeout: 600_000 }, async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const url = site.server.url + "?seed=7&start=1&name=Pat";
  await startTable(page, url);

  // A display option: the tileset.
  let text = await openPanel(page, "o", "d", "Display Options");
  assert.match(text, /Tileset: Classic\./);
  await shot(page, "prefs-display");
  await after_(page, () => keys(page, "t", "i", "l", "e", "s"), /^Tileset: Classic$/);
  await after_(page, () => keys(page, "ArrowRight"), /^Tileset: Numbered$/);
  await after_(page, () => alt(page, "s"), /^Preferences saved\./);

  // A playing preference: declare flowers and seasons for us.
  text = await openPanel(page, "o", "p", "Playing Preferences");
  assert.match(text, /Flowers and seasons: off\./);
  await after_(page, () => keys(page, "f"), /^Flowers and seasons: off$/);
  await after_(page, () => keys(page, " "), /^Flowers and seasons: on$/);
  await shot(page, "prefs-playing");
  await after_(page, () => alt(page, "s"), /^Preferences saved\./);

  // Game option preferences: a boolean, an integer and a score.
  text = await openPanel(page, "o", "g", "Game Option Preferences");
  assert.match(text, /NoLimit: no-limit game Add pref\./);
  await after_(page, () => keys(page, "n", "o", "l"), /^NoLimit: no-limit game Add pref$/);
  await after_(page, () => keys(page, " "), /^NoLimit: preference off\.$/);
  await after_(page, () => keys(page, " "), /^NoLimit: no-limit game: on$/);
  await after_(page, () => keys(page, "n", "u", "m"), /^NumRounds: number of rounds to play Add pref$/);
  await after_(page, () => keys(page, " "), /^NumRounds: preference 4\.$/);
  await after_(page, () => keys(page, "ArrowLeft"), /^NumRounds: number of rounds to play: 3$/);
  await after_(page, () => keys(page, "ArrowLeft"), /^NumRounds: number of rounds to play: 2$/);
  await after_(page, () => keys(page, "f", "l", "o", "w", "e", "r", "s", "o", "w", "n", "b"), /^FlowersOwnBoth: score for own flower and own season Add pref$/);
  await after_(page, () => keys(page, " "), /^FlowersOwnBoth: preference 1 double\.$/);
  await after_(page, () => keys(page, "Tab"), /^doubles: 1$/);
  await after_(page, () => keys(page, "ArrowRight"), /^doubles: 2$/);
  await shot(page, "prefs-game-options");
  await after_(page, () => alt(page, "s"), /^Preferences saved\./);

  const rc = await page.evaluate(() => localStorage.getItem("mahjong.xmjrc"));
  for (const want of [/^Display Tileset numbered$/m, /^Playing AutoSpecials 1$/m,
    /^GameOption 0 NoLimit bool 0 1 1 no-limit game$/m, /^GameOption 0 NumRounds nat 0 1 2 /m,
    /^GameOption 0 FlowersOwnBoth score 0 1 20000 /m]) {
    assert.match(rc, want);
  }

  // Reload: a new game with the preferences.
  await startTable(page, url);
  text = await openPanel(page, "s", "g", "Game info");
  for (const want of [/NoLimit = on:/, /NumRounds = 2:/, /FlowersOwnBoth = 2 doubles:/]) assert.match(text, want);
  await shot(page, "prefs-game-info");
  await after_(page, () => pressKey(page, "Escape"), /^Game info closed\./);
  text = await openPanel(page, "o", "d", "Display Options");
  assert.match(text, /Tileset: Numbered\./);
  await pressKey(page, "Escape");
  text = await openPanel(page, "o", "p", "Playing Preferences");
  assert.match(text, /Flowers and seasons: on\./);
  await pressKey(page, "Escape");
  text = await openPanel(page, "o", "c", "Current Game Options");
  assert.match(text, /NoLimit: no-limit game: on\./);
  await shot(page, "prefs-current-options");
  await pressKey(page, "Escape");
  // Deal: our tiles in the numbered set.
  await after_(page, () => pressKey(page, "r"), /You may: /);
  await shot(page, "prefs-table-numbered");
  assert.deepEqual(errors, []);
  await ctx.close();
});

// InfoInMain: the message area in the main window. A click on its entry
// focuses it (said in the live region), typed letters go there and Return
// sends the line, which comes back from the controller as a message.
test("preferences: messages in the main window", { skip, timeout: 120_000 }, async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  await ctx.addInitScript(() => localStorage.setItem("mahjong.xmjrc", "Display InfoInMain 1\n"));
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  await startTable(page, site.server.url + "?seed=7&start=1&name=Pat");
  const chat = async () => {
    const s = await page.evaluate(() => (window.mahjong && mahjong.ui ? mahjong.ui() : ""));
    return s ? JSON.parse(s).chat : undefined;
  };
  let c;
  for (let i = 0; i < 100 && !(c = await chat()); i++) await frames(page, 2);
  assert.ok(c, "no message area in mahjong.ui()");
  const e = c[0];
  assert.ok(e.h >= 44, `entry ${e.h} px high`);
  await after_(page, () => page.mouse.click(e.x + e.w / 2, e.y + e.h / 2), /^Message entry: /);
  await page.keyboard.type("hello all");
  await after_(page, () => pressKey(page, "Enter"), /^You: hello all$/);
  await shot(page, "prefs-info-in-main");
  await ctx.close();
});

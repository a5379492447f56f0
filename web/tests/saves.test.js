// (c) and (d): saved-game files in the browser. A local game is saved from
// the Game menu (Save: a name is asked, the .mjs is downloaded); the file
// then loads in the original /usr/games/mj-server and in ours with
// --load-game and play goes on to the end (the Go test
// TestBrowserSaveLoadsInBothServers, given the file). A corrupt file
// uploaded through Resume game… is refused with a message and nothing
// changes (the table's state, the autosave); a file saved by the original
// server (TestOriginalSaveForBrowser writes one) is uploaded through Resume
// game… and play goes on in the browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  skipReason, siteUnderTest, followAnnouncements, waitForMark, waitForLine, lines, outDir, repoRoot, record,
} from "./lib.js";
import { nextPrompt, choose, pressKey, alt } from "./play.js";

const skip = skipReason();
const original = "/usr/games/mj-server";
const site = siteUnderTest(skip);

// menu opens the Game menu and chooses the entry with the letter key.
async function gameMenu(page, key) {
  const from = (await lines(page)).length;
  await alt(page, "g");
  await waitForLine(page, /menu: /, { from, timeout: 20_000 });
  await pressKey(page, key);
}

// play answers n prompts by keyboard and returns the index after the last.
async function play(page, n, from = 0) {
  for (let i = 0; i < n; i++) {
    const p = await nextPrompt(page, from, 120_000);
    from = p.index + 1;
    if (/^Game over/.test(p.text)) break;
    const b = p.buttons[choose(p)];
    if (b.needsTile) await pressKey(page, "ArrowRight");
    await pressKey(page, b.key.toLowerCase());
  }
  return from;
}

// untilOurDiscard answers prompts until we are asked to discard, and
// leaves that one unanswered; it returns the index after it.
async function untilOurDiscard(page, from) {
  for (;;) {
    const p = await nextPrompt(page, from, 120_000);
    from = p.index + 1;
    if (/^Your turn: discard/.test(p.lead) || /^Game over/.test(p.text)) return from;
    const b = p.buttons[choose(p)];
    if (b.needsTile) await pressKey(page, "ArrowRight");
    await pressKey(page, b.key.toLowerCase());
  }
}

async function state(page) {
  return page.evaluate(() => (globalThis.mahjong.state ? globalThis.mahjong.state() : ""));
}

// goTest runs one Go test of internal/server with env; it returns
// { status, out }.
function goTest(name, env) {
  const r = spawnSync("go", ["test", "-count=1", "-v", "-run", `^${name}$`, "./internal/server/"], {
    cwd: repoRoot, env: { ...process.env, ...env }, encoding: "utf8", timeout: 900_000,
  });
  return { status: r.status, out: (r.stdout || "") + (r.stderr || "") };
}

test("saves: Save downloads a .mjs both servers load; corrupt files refused; the original's loads", { skip, timeout: 1_800_000 }, async () => {
  const figures = {};
  fs.mkdirSync(outDir, { recursive: true });
  const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(site.server.url + "?seed=77&name=Rita&animate=0&start=1", { waitUntil: "load", timeout: 300_000 });
  await waitForMark(page, "mj:first-frame", 120_000);
  await page.locator("canvas").focus();
  let from = await play(page, 8);

  // (c) Save: the name asked, the file downloaded.
  const saved = path.join(outDir, "browser-save.mjs");
  page.once("dialog", (d) => d.accept("browser-save"));
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), gameMenu(page, "s")]);
  assert.equal(download.suggestedFilename(), "browser-save.mjs");
  await download.saveAs(saved);
  await waitForLine(page, /^Game saved as browser-save\.mjs/, { from, timeout: 30_000 });
  const text = fs.readFileSync(saved, "utf8");
  assert.match(text, /^Wall /m, "the file holds the wall");
  figures.savedBytes = text.length;

  if (fs.existsSync(original)) {
    const t0 = Date.now();
    const r = goTest("TestBrowserSaveLoadsInBothServers", { MJ_BROWSER_SAVE: saved });
    figures.serversSeconds = Math.round((Date.now() - t0) / 1000);
    assert.equal(r.status, 0, r.out.slice(-4000));
    assert.match(r.out, /--- PASS: TestBrowserSaveLoadsInBothServers\/browser/);
  } else if (process.env.CI) {
    assert.fail(`${original} is needed in CI`);
  }

  // (d) A corrupt file: refused with a message, nothing changed. It is
  // tried on our turn to discard, when the robots wait for us (the table
  // holds still; a claim window would run its timer).
  from = await untilOurDiscard(page, from);
  const before = await state(page);
  // The autosaved games: every localStorage key of the resume list.
  const autosaves = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("mahjong.autosave"))
    .sort().map((k) => k + "=" + localStorage.getItem(k)).join("\n"));
  const stored = await autosaves();
  assert.ok(stored.length > 0, "no game is autosaved");
  const corrupt = path.join(outDir, "corrupt.mjs");
  fs.writeFileSync(corrupt, text.replace(/^Wall [^\r\n]*/m, "Wall 1 2 3"));
  from = (await lines(page)).length;
  const [chooser] = await Promise.all([page.waitForEvent("filechooser", { timeout: 60_000 }), gameMenu(page, "r")]);
  await chooser.setFiles(corrupt);
  await waitForLine(page, /^The file corrupt\.mjs cannot be resumed: /, { from, timeout: 30_000 });
  assert.equal(await state(page), before, "the table changed");
  assert.equal(await autosaves(), stored, "the autosave changed");

  // A file the original server saved: uploaded, resumed, play goes on.
  if (fs.existsSync(original)) {
    const orig = path.join(outDir, "original-save.mjs");
    const r = goTest("TestOriginalSaveForBrowser", { MJ_ORIGINAL_SAVE_OUT: orig });
    assert.equal(r.status, 0, r.out.slice(-4000));
    from = (await lines(page)).length;
    const [ch] = await Promise.all([page.waitForEvent("filechooser", { timeout: 60_000 }), gameMenu(page, "r")]);
    await ch.setFiles(orig);
    const at = await waitForLine(page, /^Resuming the game in original-save\.mjs\./, { from, timeout: 30_000 });
    await play(page, 6, at.index + 1);
    const s = JSON.parse(await state(page));
    // We take the first seat (Alice's: no seat has our name); robots
    // take the others under their saved names.
    const names = s.players.map((p) => p.name);
    for (const n of ["Bob", "Carol", "Dave"]) assert.ok(names.includes(n), `the original's players: ${JSON.stringify(s.players)}`);
    figures.originalResumed = true;
  }
  record("saves", figures);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Options › Export preferences… downloads the .xmjrc text; Import
// preferences… takes a file in that format (the original's lines), puts
// it in force and stores it; a damaged file is refused with a message and
// the stored preferences stay as they were.
test("preferences: exported and imported as an .xmjrc file", { skip, timeout: 300_000 }, async () => {
  fs.mkdirSync(outDir, { recursive: true });
  const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(site.server.url + "?name=Rita&animate=0&seed=5&start=1", { waitUntil: "load", timeout: 300_000 });
  await waitForMark(page, "mj:first-frame", 120_000);
  await page.locator("canvas").focus();
  const optionsMenu = async (key) => {
    const from = (await lines(page)).length;
    await alt(page, "o");
    await waitForLine(page, /menu: /, { from, timeout: 20_000 });
    await pressKey(page, key);
  };
  const stored = () => page.evaluate(() => localStorage.getItem("mahjong.xmjrc") || "");

  // Import an original-style file.
  const file = path.join(outDir, "import.xmjrc");
  fs.writeFileSync(file, "Display Animate 0\nDisplay ShowWall never\nPlaying AutoSpecials 1\nDisplay Gtk2Rcfile \n");
  let from = (await lines(page)).length;
  const [chooser] = await Promise.all([page.waitForEvent("filechooser", { timeout: 60_000 }), optionsMenu("i")]);
  await chooser.setFiles(file);
  await waitForLine(page, /^Preferences imported from import\.xmjrc\./, { from, timeout: 30_000 });
  const kept = await stored();
  for (const l of ["Display ShowWall never", "Playing AutoSpecials 1", "Display Gtk2Rcfile"]) {
    assert.ok(kept.includes(l), `stored preferences lack ${l}: ${kept}`);
  }

  // Export: the download holds what is in force.
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), optionsMenu("e")]);
  assert.equal(download.suggestedFilename(), "mahjong.xmjrc");
  const out = path.join(outDir, "exported.xmjrc");
  await download.saveAs(out);
  assert.equal(fs.readFileSync(out, "utf8"), kept, "the exported file differs from the stored preferences");

  // A damaged file: refused, nothing changes.
  const bad = path.join(outDir, "bad.xmjrc");
  fs.writeFileSync(bad, "Display Animate maybe\n");
  from = (await lines(page)).length;
  const [ch2] = await Promise.all([page.waitForEvent("filechooser", { timeout: 60_000 }), optionsMenu("i")]);
  await ch2.setFiles(bad);
  await waitForLine(page, /^The preferences in bad\.xmjrc cannot be imported: line 1/, { from, timeout: 30_000 });
  assert.equal(await stored(), kept, "a refused file changed the stored preferences");
  assert.deepEqual(errors, []);
  await ctx.close();
});

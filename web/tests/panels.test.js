// Menus and windows on a phone (390x844, touch): every menu and every window
// the menus open is reached by taps, fits the screen (no control off it,
// buttons and controls at least 44 CSS px), has one control operated by a
// tap and is closed by a tap; a screenshot of each goes to the test output
// folder (panels-*.png). The display preferences that draw differently are
// checked on screen: a text font makes the Game info window's text
// different, and a tileset of pictures uploaded through the Display panel
// is drawn on our tiles (pixels read from screenshots).
//
// The geometry of the open menu and window comes from the page's
// mahjong.ui() (CSS pixels), so the taps land on the controls.

import { test } from "node:test";
import assert from "node:assert/strict";
import zlib from "node:zlib";
import { skipReason, siteUnderTest, followAnnouncements, openTable, shot, lines, waitForLine } from "./lib.js";
import { tap, screen, frames, pressKey } from "./play.js";

const skip = skipReason();
const site = siteUnderTest(skip);

const W = 390, H = 844;

async function phone() {
  const ctx = await site.browser.newContext({ viewport: { width: W, height: H }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const cdp = await ctx.newCDPSession(page);
  return { ctx, page, cdp, errors };
}

// ui returns the page's menu and window geometry.
async function ui(page) {
  const s = await page.evaluate(() => (window.mahjong && mahjong.ui ? mahjong.ui() : ""));
  return s ? JSON.parse(s) : null;
}

// waitUI waits until pred(ui) holds and returns that ui.
async function waitUI(page, pred, what, timeout = 20_000) {
  const end = Date.now() + timeout;
  let u = null;
  while (Date.now() < end) {
    u = await ui(page);
    if (u && pred(u)) return u;
    await frames(page, 2);
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(u)?.slice(0, 2000)}`);
}

const centre = (b) => [b.x + b.w / 2, b.y + b.h / 2];
const inside = (b) => b.x >= -0.5 && b.y >= -0.5 && b.x + b.w <= W + 0.5 && b.y + b.h <= H + 0.5;

async function tapBox(env, b) {
  await tap(env.page, env.cdp, ...centre(b));
}

// openMenu taps the menu button, then the menu's title.
async function openMenu(env, title) {
  let u = await waitUI(env.page, (u) => u.menuButton && u.menuButton.w > 0, "the menu button");
  if (!u.menu) {
    await tapBox(env, u.menuButton);
    u = await waitUI(env.page, (u) => !!u.menu, "a menu");
  }
  if (u.menu !== title) {
    await tapBox(env, u.titles.find((t) => t.label === title));
    u = await waitUI(env.page, (u) => u.menu === title, `the ${title} menu`);
  }
  return u;
}

// checkMenu asserts the open menu fits the phone.
function checkMenu(u, problems) {
  for (const b of [...u.titles, ...u.items]) {
    if (!inside(b)) problems.push(`${u.menu} menu: ${b.label} off screen ${JSON.stringify(b)}`);
    if (Math.min(b.w, b.h) < 43.5) problems.push(`${u.menu} menu: ${b.label} smaller than 44 px ${JSON.stringify(b)}`);
  }
}

const controls = new Set(["check", "choice", "spin", "entry", "colour", "actions"]);

// checkPanel asserts the open window fits the phone: its box is the
// screen, its buttons and every row's controls are inside it horizontally
// and 44 px tall, and the visible rows lie in the body.
function checkPanel(u, problems) {
  const id = u.panel;
  if (!inside(u.box)) problems.push(`${id}: box off screen ${JSON.stringify(u.box)}`);
  for (const b of u.buttons || []) {
    if (!inside(b)) problems.push(`${id}: button ${b.label} off screen ${JSON.stringify(b)}`);
    if (Math.min(b.w, b.h) < 43.5) problems.push(`${id}: button ${b.label} smaller than 44 px ${JSON.stringify(b)}`);
  }
  for (const r of u.rows || []) {
    if (r.x < -0.5 || r.x + r.w > W + 0.5) problems.push(`${id}: row ${r.label || r.value} wider than the screen`);
    if (!controls.has(r.kind)) continue;
    for (const p of r.parts || []) {
      if (p.x < -0.5 || p.x + p.w > W + 0.5) problems.push(`${id}: ${r.label}: a control off screen ${JSON.stringify(p)}`);
      if (p.h < 43.5 && p.w > 0) problems.push(`${id}: ${r.label}: a control ${p.h} px tall`);
    }
  }
}

// visibleRow returns the first row of a kind in kinds whose control shows
// whole in the body.
function visibleRow(u, kinds) {
  const b = u.body;
  return (u.rows || []).find((r) => kinds.includes(r.kind) && r.parts && r.parts.length > 0 &&
    r.parts.every((p) => p.w === 0 || (p.y >= b.y - 0.5 && p.y + p.h <= b.y + b.h + 0.5)));
}

// operate taps one control of the open window and checks that it answered:
// a value changed, the focus moved to an entry, or (a window of text only)
// the body scrolled by a drag; it returns what it did.
async function operate(env, u) {
  const { page, cdp } = env;
  const r = visibleRow(u, ["check", "choice", "spin", "actions", "entry"]);
  if (!r) {
    if (u.maxScroll > 0) {
      const [x] = centre(u.body);
      const y0 = u.body.y + u.body.h * 0.8, y1 = u.body.y + u.body.h * 0.2;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: y0, id: 1 }] });
      for (let i = 1; i <= 8; i++) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y0 + (y1 - y0) * i / 8, id: 1 }] });
        await frames(page, 1);
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await waitUI(page, (v) => v.scroll > 0, `${u.panel} scrolled`);
      return "scrolled";
    }
    return "text only";
  }
  const i = u.rows.indexOf(r);
  let target;
  switch (r.kind) {
    case "check":
    case "entry":
      target = r.parts[0];
      break;
    case "choice":
      // Another segment, or the ">" of a stepper.
      target = r.parts.find((p, j) => j > 0 && p.label && !r.value.endsWith(": " + p.label)) || r.parts[2];
      break;
    case "spin":
      target = r.parts[2];
      break;
    case "actions":
      target = r.parts[1];
      break;
  }
  const from = (await lines(page)).length;
  await tapBox(env, target);
  if (r.kind === "entry") {
    await waitUI(page, (v) => v.focus === i, `${u.panel}: the focus on ${r.label}`);
    return `focused ${r.label}`;
  }
  if (r.kind === "actions") {
    // A button of the row: it says something or changes the window.
    await Promise.race([
      waitForLine(page, /./, { from, timeout: 20_000 }),
      waitUI(page, (v) => JSON.stringify(v.rows) !== JSON.stringify(u.rows), `${u.panel} changed`),
    ]);
    return `pressed ${r.parts[1].label}`;
  }
  const v = await waitUI(page, (v) => v.rows && v.rows[i] && v.rows[i].value !== r.value, `${u.panel}: ${r.label} changed`);
  return `${r.value} -> ${v.rows[i].value}`;
}

// close taps the window's Cancel, Close or OK button and waits for it to go.
async function close(env, u) {
  const b = u.buttons.find((b) => /^(Cancel|Close|OK)$/.test(b.label)) || u.buttons[u.buttons.length - 1];
  await tapBox(env, b);
  await waitUI(env.page, (v) => !v.panel, `${u.panel} closed`);
}

test("panels: every menu and window works by touch on a phone", { skip, timeout: 600_000 }, async () => {
  const env = await phone();
  const { page, ctx, errors } = env;
  await openTable(page, site.server.url + "?start=1&seed=5&name=Thumb");
  const problems = [];
  const done = [];
  const windows = {
    Game: ["Host online game…", "Join online game…"],
    Show: ["Scoring", "Scoring history", "Game info", "Messages"],
    Options: ["Display options…", "Playing preferences…", "Game option preferences…", "Current game options…"],
  };
  for (const [menu, entries] of Object.entries(windows)) {
    let u = await openMenu(env, menu);
    checkMenu(u, problems);
    await shot(page, `panels-menu-${menu.toLowerCase()}`);
    for (const entry of entries) {
      u = await openMenu(env, menu);
      const item = u.items.find((it) => it.label === entry);
      assert.ok(item, `${menu} has no ${entry}: ${JSON.stringify(u.items.map((i) => i.label))}`);
      await tapBox(env, item);
      u = await waitUI(page, (v) => !!v.panel && !v.menu, `the window of ${entry}`);
      checkPanel(u, problems);
      const name = u.panel;
      await shot(page, `panels-${name}`);
      const what = await operate(env, await ui(page));
      u = await ui(page);
      checkPanel(u, problems);
      await shot(page, `panels-${name}-operated`);
      await close(env, u);
      done.push(`${entry}: ${what}`);
    }
    // Close the menu sheet: tap the menu button again.
    u = await ui(page);
    assert.ok(!u.menu, `the ${menu} menu stayed open`);
  }
  console.log(done.join("\n"));
  assert.deepEqual(problems.slice(0, 20), []);
  const scroll = await page.evaluate(() => ({ x: scrollX, y: scrollY, zoom: visualViewport ? visualViewport.scale : 1 }));
  assert.deepEqual(scroll, { x: 0, y: 0, zoom: 1 }, "the page scrolled or zoomed");
  assert.deepEqual(errors, []);
  await ctx.close();
});

// pixels returns a region of a screenshot (CSS px) as RGBA bytes.
async function region(page, b) {
  const { img, scale } = await screen(page);
  const x0 = Math.round(b.x * scale), y0 = Math.round(b.y * scale);
  const w = Math.round(b.w * scale), h = Math.round(b.h * scale);
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    img.rgba.copy(out, y * w * 4, ((y0 + y) * img.width + x0) * 4, ((y0 + y) * img.width + x0 + w) * 4);
  }
  return out;
}

// findRow returns the open window's row whose label starts with label.
const findRow = (u, label) => u.rows.find((r) => r.label && r.label.startsWith(label));

// scrollTo drags the window's body until row i shows whole.
async function scrollTo(env, i) {
  for (let k = 0; k < 20; k++) {
    const u = await ui(env.page);
    const r = u.rows[i];
    if (r.y >= u.body.y && r.y + r.h <= u.body.y + u.body.h) return u;
    const dy = Math.max(-u.body.h * 0.5, Math.min(u.body.h * 0.5, (u.body.y + u.body.h / 2) - (r.y + r.h / 2)));
    const x = u.body.x + 20, y0 = u.body.y + u.body.h / 2;
    await env.cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: y0, id: 1 }] });
    for (let s = 1; s <= 6; s++) {
      await env.cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y0 + dy * s / 6, id: 1 }] });
      await frames(env.page, 1);
    }
    await env.cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await frames(env.page, 2);
  }
  throw new Error(`row ${i} never came into view`);
}

// openDisplay opens Options > Display options… by taps.
async function openWindow(env, menu, entry) {
  const u = await openMenu(env, menu);
  await tapBox(env, u.items.find((it) => it.label === entry));
  return waitUI(env.page, (v) => !!v.panel && !v.menu, entry);
}

// pressButton taps the open window's button labelled label.
async function pressButton(env, u, label) {
  await tapBox(env, u.buttons.find((b) => b.label === label));
}

test("panels: the text font changes the Game info window's text", { skip, timeout: 300_000 }, async () => {
  const env = await phone();
  const { page, ctx, errors } = env;
  await openTable(page, site.server.url + "?start=1&seed=5&name=Thumb");
  let u = await openWindow(env, "Show", "Game info");
  const textBox = u.rows[0];
  const before = await region(page, textBox);
  await close(env, u);

  // Text font Go Mono at 18 (Display options, by taps), Save & Apply.
  u = await openWindow(env, "Options", "Display options…");
  let i = u.rows.indexOf(findRow(u, "Text font"));
  u = await scrollTo(env, i);
  const choice = u.rows[i];
  await tapBox(env, choice.parts.find((p) => p.label === "Go Mono") || choice.parts[2]);
  u = await waitUI(page, (v) => v.rows[i].value !== choice.value, "a text font chosen");
  while (!/Go Mono$/.test(u.rows[i].value)) {
    await tapBox(env, u.rows[i].parts[2]);
    const was = u.rows[i].value;
    u = await waitUI(page, (v) => v.rows[i].value !== was, "the next text font");
  }
  const si = u.rows.indexOf(findRow(u, "Text font size"));
  u = await scrollTo(env, si);
  for (let n = 0; n < 9; n++) {
    const was = u.rows[si].value;
    await tapBox(env, u.rows[si].parts[2]);
    u = await waitUI(page, (v) => v.rows[si].value !== was, "the text size");
  }
  assert.match(u.rows[si].value, /: 18$/);
  await shot(page, "panels-display-text-font");
  const from = (await lines(page)).length;
  await pressButton(env, u, "Save & Apply");
  await waitForLine(page, /^Preferences saved\./, { from, timeout: 20_000 });
  const rc = await page.evaluate(() => localStorage.getItem("mahjong.xmjrc"));
  assert.match(rc, /^Display TextFont Go Mono 18$/m);

  u = await openWindow(env, "Show", "Game info");
  await shot(page, "panels-game-info-mono-18");
  const after = await region(page, { ...textBox, h: Math.max(textBox.h, u.rows[0].h) });
  // The same words in another font and size: the pixels differ, and the
  // first line is taller.
  assert.ok(u.rows[0].h > textBox.h, `the first row is ${u.rows[0].h} px tall, was ${textBox.h}`);
  let differ = 0;
  for (let k = 0; k < Math.min(before.length, after.length); k += 4) if (before[k] !== after[k]) differ++;
  assert.ok(differ > 200, `only ${differ} pixels changed`);
  await close(env, u);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// png encodes a w×h picture of one colour (RGB) as a PNG file.
function png(w, h, [r, g, b]) {
  const crcTable = [];
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crcTable[n] = c >>> 0;
  }
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const x of buf) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = r; raw[o + 1] = g; raw[o + 2] = b;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr), chunk("IDAT", zlib.deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

test("panels: a tileset of uploaded pictures is drawn on our tiles", { skip, timeout: 300_000 }, async () => {
  const env = await phone();
  const { page, ctx, errors } = env;
  const url = site.server.url + "?start=1&seed=5&name=Thumb";
  await openTable(page, url);
  // Every suit tile magenta; the honours and the back are left to the
  // built-in art. A bad picture first: refused, nothing changed.
  const magenta = [0xe0, 0x10, 0xd0];
  const files = [];
  for (const s of "BCD") for (let n = 1; n <= 9; n++) files.push({ name: `${n}${s}.png`, mimeType: "image/png", buffer: png(30, 40, magenta) });
  const pick = async (fs) => {
    let u = await ui(page);
    const i = u.rows.indexOf(findRow(u, "Custom tile pictures"));
    u = await scrollTo(env, i);
    const chooser = page.waitForEvent("filechooser", { timeout: 20_000 });
    const from = (await lines(page)).length;
    await tapBox(env, u.rows[i].parts[1]);
    await (await chooser).setFiles(fs);
    return (await waitForLine(page, /tile pictures/, { from, timeout: 30_000 })).text;
  };
  let u = await openWindow(env, "Options", "Display options…");
  let said = await pick([{ name: "1B.png", mimeType: "image/png", buffer: Buffer.from("not a picture") }]);
  assert.match(said, /^Could not load the tile pictures: 1B\.png.*Nothing was changed\.$/);
  said = await pick(files);
  assert.match(said, /^Loaded 27 tile pictures from 27 files\. 15 tiles have no picture: the built-in art draws them\. Tileset: Custom\./);
  u = await ui(page);
  assert.match(findRow(u, "Tileset").value, /Tileset: Custom$/);
  await shot(page, "panels-display-custom-tiles");
  const from = (await lines(page)).length;
  await pressButton(env, u, "Save & Apply");
  await waitForLine(page, /^Preferences saved\./, { from, timeout: 20_000 });
  assert.match(await page.evaluate(() => localStorage.getItem("mahjong.xmjrc")), /^Display Tileset custom$/m);
  assert.match(await page.evaluate(() => localStorage.getItem("mahjong.tileset") || ""), /^mahjong-tileset 1\n1B /);

  // Reload: the set is in force; deal, and our hand shows magenta tiles.
  await openTable(page, url);
  await waitForLine(page, /^The game begins\./, { timeout: 60_000 });
  const n0 = (await lines(page)).length;
  await page.locator("canvas").focus();
  await pressKey(page, "r"); // Ready: the deal
  await waitForLine(page, /You may: /, { from: n0, timeout: 60_000 });
  const st = JSON.parse(await page.evaluate(() => mahjong.state()));
  const suits = st.hand.filter((t) => /^[1-9][BCD]$/.test(t)).length;
  assert.ok(suits > 0, `no suit tiles in ${st.hand}`);
  let count = 0;
  for (let k = 0; k < 30 && count === 0; k++) {
    await frames(page, 3);
    const { img } = await screen(page);
    count = 0;
    for (let p = 0; p < img.rgba.length; p += 4) {
      if (Math.abs(img.rgba[p] - magenta[0]) < 24 && Math.abs(img.rgba[p + 1] - magenta[1]) < 24 && Math.abs(img.rgba[p + 2] - magenta[2]) < 24) count++;
    }
  }
  await shot(page, "panels-table-custom-tiles");
  assert.ok(count > 2000, `only ${count} magenta pixels on screen`);
  assert.deepEqual(errors, []);
  await ctx.close();
});


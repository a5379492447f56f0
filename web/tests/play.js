// Playing the table from a test, the way a person does: read the live
// region's prompt ("... You may: Label (K), ..."), decide, then press a key,
// click or tap. Buttons and tiles are found on a screenshot by their
// colours (see game/gfx.go and game/art/tiles.go), so the tests do not
// depend on the game's internals.

import zlib from "node:zlib";
import { lines, waitForLine, shot } from "./lib.js";

// HOLD_MS is how long a key, mouse button or finger stays down at least.
// Ebitengine samples input once per tick, so a press and release inside
// one tick is never seen. A press is released once the game has seen it
// (mahjong.inputs() counts the presses and releases the game has seen) and
// HOLD_MS has passed; a release is followed likewise. Waiting on the game,
// not on a guessed time, matters on a slow, busy machine: held too long a
// press becomes a long press (0.5 s), and two presses too far apart are
// not a double click.
export const HOLD_MS = 100;

// seen returns the game's count of inputs seen (-1 without the hook).
async function seen(page) {
  return page.evaluate(() => (globalThis.mahjong && globalThis.mahjong.inputs ? globalThis.mahjong.inputs() : -1));
}

// hold waits until the game has seen more than n inputs (and ms, HOLD_MS
// unless given); without the hook, for two animation frames. It gives up
// after 10 s (the caller's own wait then reports what did not happen).
async function hold(page, n, ms = HOLD_MS) {
  await Promise.all([
    new Promise((r) => setTimeout(r, ms)),
    n >= 0
      ? page.waitForFunction((k) => globalThis.mahjong.inputs() > k, n, { timeout: 10_000, polling: "raf" }).catch(() => {})
      : page.evaluate(() => new Promise((r) => {
        let i = 0;
        const step = () => (++i >= 2 ? r() : requestAnimationFrame(step));
        requestAnimationFrame(step);
      })),
  ]);
}

// promptRe matches the lines after which the game waits for us, and the end.
export const promptRe = /You may: |^Game over\b/;

// parsePrompt splits a prompt line into its lead and its buttons
// [{ label, key, needsTile }] in dialog order.
export function parsePrompt(text) {
  const at = text.indexOf("You may: ");
  if (at < 0) return { lead: text, buttons: [] };
  const lead = text.slice(0, at).trim();
  const list = text.slice(at + "You may: ".length).replace(/\.$/, "");
  const buttons = [];
  const re = /([^,]+?) \(([^)]{1,3})\)( \(select a tile\))?(?:, |$)/g;
  let m;
  while ((m = re.exec(list)) !== null) {
    buttons.push({ label: m[1].trim(), key: m[2], needsTile: !!m[3] });
  }
  return { lead, buttons };
}

// choose picks the button to press for a prompt: always Mah Jong! when
// offered; claims per the claim policy; otherwise the plain way on.
export function choose({ lead, buttons }, { claim = false } = {}) {
  const find = (re) => buttons.findIndex((b) => re.test(b.label));
  let i = find(/^Mah Jong!?$/i);
  if (i >= 0 && !buttons[i].needsTile) return i;
  if (/^Claim window/.test(lead)) {
    if (claim) {
      for (const re of [/^Pung$/, /^Chow$/, /^Kong$/]) {
        i = find(re);
        if (i >= 0) return i;
      }
    }
    return Math.max(0, find(/^No claim$/));
  }
  if (/^Rob the kong/.test(lead)) return Math.max(0, find(/^No claim$/));
  for (const re of [/^Ready$/, /^Finish$/, /^Discard$/, /^Finished$/]) {
    i = find(re);
    if (i >= 0) return i;
  }
  return 0; // choose-the-chow, mah-jong forms, concealed sets: the first
}

// nextPrompt waits for the next prompt (or game over) after line from and
// returns { index, text, ...parsePrompt(text) }.
export async function nextPrompt(page, from, timeout = 90_000, { quiet = false } = {}) {
  const line = await waitForLine(page, promptRe, { from, timeout, quiet });
  return { ...line, ...parsePrompt(line.text) };
}

// STUCK_MS is how long promptAfter waits for a new prompt before it asks
// the page whether the one answered last is still open.
const STUCK_MS = 30_000;

// pageState returns the game's mahjong.state() (prompt kind and buttons
// included), or null.
async function pageState(page) {
  const s = await page.evaluate(() => (globalThis.mahjong && globalThis.mahjong.state ? globalThis.mahjong.state() : "")).catch(() => "");
  return s ? JSON.parse(s) : null;
}

// promptAfter is nextPrompt for a player that answered last.p with
// last.i (by act): an answer the game never took (a key or tap that
// reached a busy page between two of its frames, or a request the
// controller refused while play was paused) leaves the same prompt open
// with no new line, and the game then waits for us. So when no prompt
// line has come for STUCK_MS and the page's state still shows that
// prompt's buttons, the answer is given again. The error at the deadline
// says what the page was asking.
async function promptAfter(page, from, timeout, last, act) {
  const by = Date.now() + timeout;
  for (;;) {
    const left = by - Date.now();
    try {
      return await nextPrompt(page, from, Math.min(left, STUCK_MS), { quiet: left > STUCK_MS });
    } catch (err) {
      if (!err.timeout) throw err;
      const st = await pageState(page);
      if (left <= STUCK_MS) {
        // a new error: the reporter prints the stack, made with the message
        const e = new Error(`${err.message}\nthe page's prompt: ${st ? `${st.prompt} [${st.buttons || []}]` : "(no state)"}`);
        e.timeout = true;
        throw e;
      }
      if (last && st && st.prompt !== "None" && sameButtons(st.buttons || [], last.p.buttons)) {
        console.log(`# no new prompt for ${STUCK_MS / 1000} s and the page still asks "${last.p.lead}": answering again`);
        await act(last.p, last.i);
      }
    }
  }
}

// sameButtons reports whether the state's button labels are a prompt's.
function sameButtons(labels, buttons) {
  return labels.length === buttons.length && labels.every((l, k) => l === buttons[k].label || /^CHOW/.test(buttons[k].label));
}

// pressKey holds a key down for HOLD_MS.
export async function pressKey(page, key) {
  const n = await seen(page);
  await page.keyboard.down(key);
  await hold(page, n);
  await page.keyboard.up(key);
}

// alt presses Alt with a letter (xmj's menu and button mnemonics).
export async function alt(page, key) {
  await page.keyboard.down("Alt");
  try {
    await pressKey(page, key);
  } finally {
    await page.keyboard.up("Alt");
  }
}

// presses holds a pointer down and up (down and up are the functions
// that do it) once, or twice for a double press. Each press and release is
// held until the game has seen it and HOLD_MS has passed, except the first
// release of a double: the second press follows as soon as the game has
// seen it, since the game takes two presses within 0.5 s for a double one.
async function presses(page, down, up, double) {
  for (let n = double ? 2 : 1; n > 0; n--) {
    let k = await seen(page);
    await down();
    await hold(page, k);
    k = await seen(page);
    await up();
    await hold(page, k, n > 1 ? 0 : HOLD_MS);
  }
}

// click clicks at (x, y) in CSS pixels (see presses); double makes it a
// double click.
export async function click(page, x, y, { double = false } = {}) {
  await page.mouse.move(x, y);
  await presses(page, () => page.mouse.down(), () => page.mouse.up(), double);
}

// tap touches (x, y) through the DevTools protocol (Playwright's own tap
// lifts the finger at once), as click does; double taps twice.
export async function tap(page, cdp, x, y, { double = false } = {}) {
  await presses(page,
    () => cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y, id: 1 }] }),
    () => cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }),
    double);
}

// --- reading the screen ---

// decodePNG decodes an 8-bit, non-interlaced RGB or RGBA PNG (what
// Chromium's screenshots are) into { width, height, rgba }.
export function decodePNG(buf) {
  let pos = 8;
  let width = 0, height = 0, colorType = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString("ascii", pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error("decodePNG: only 8-bit non-interlaced images");
      colorType = data[9];
    } else if (type === "IDAT") {
      idat.push(data);
    } else if (type === "IEND") {
      break;
    }
    pos += 12 + len;
  }
  const bpp = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (!bpp) throw new Error(`decodePNG: colour type ${colorType}`);
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const cur = Buffer.alloc(stride);
  let prev = Buffer.alloc(stride);
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      let v = line[i];
      switch (f) {
        case 1: v += a; break;
        case 2: v += b; break;
        case 3: v += (a + b) >> 1; break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
          v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
      }
      cur[i] = v & 0xff;
    }
    for (let x = 0; x < width; x++) {
      rgba[(y * width + x) * 4] = cur[x * bpp];
      rgba[(y * width + x) * 4 + 1] = cur[x * bpp + 1];
      rgba[(y * width + x) * 4 + 2] = cur[x * bpp + 2];
      rgba[(y * width + x) * 4 + 3] = bpp === 4 ? cur[x * bpp + 3] : 255;
    }
    prev = Buffer.from(cur);
  }
  return { width, height, rgba };
}

// components finds the connected regions of pixels for which match(r, g, b)
// holds and returns their bounding boxes { x, y, w, h, n } (n: pixels).
export function components(img, match, minPixels = 20) {
  const { width, height, rgba } = img;
  const seen = new Uint8Array(width * height);
  const out = [];
  const stack = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start]) continue;
    seen[start] = 1;
    if (!match(rgba[start * 4], rgba[start * 4 + 1], rgba[start * 4 + 2])) continue;
    let x0 = width, y0 = height, x1 = -1, y1 = -1, n = 0;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop();
      const x = p % width, y = (p - x) / width;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, y < height - 1 ? p + width : -1]) {
        if (q < 0 || seen[q]) continue;
        seen[q] = 1;
        if (match(rgba[q * 4], rgba[q * 4 + 1], rgba[q * 4 + 2])) stack.push(q);
      }
    }
    if (n >= minPixels) out.push({ x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, n });
  }
  return out;
}

const near = (c, r, g, b, tol) => Math.abs(c[0] - r) <= tol && Math.abs(c[1] - g) <= tol && Math.abs(c[2] - b) <= tol;
const colButton = [0xe2, 0xdc, 0xcb];
const colDefault = [0xf3, 0xc6, 0x3f];

// findButtons returns the dialog buttons on screen, in reading order (rows
// top to bottom, left to right), in CSS pixels.
export function findButtons(img, scale = 1) {
  const isButton = (r, g, b) => near(colButton, r, g, b, 4) || near(colDefault, r, g, b, 4);
  const min = 30 * scale; // buttons are at least 44 CSS px
  const found = components(img, isButton, 200)
    .filter((c) => c.w >= min && c.h >= min * 0.8 && c.n > 0.5 * c.w * c.h)
    .map((c) => ({ x: c.x / scale, y: c.y / scale, w: c.w / scale, h: c.h / scale }));
  found.sort((a, b) => (Math.abs(a.y - b.y) > a.h / 2 ? a.y - b.y : a.x - b.x));
  return found;
}

// findHandTiles returns the tiles of the bottom-most row of face-up tiles
// (our concealed hand), left to right, in CSS pixels.
export function findHandTiles(img, scale = 1) {
  const isFace = (r, g, b) => r >= 0xe8 && g >= 0xdc && b >= 0xbc && r >= g && g >= b && r - b >= 0x0c && r - b <= 0x3c;
  const tiles = components(img, isFace, 60)
    .filter((c) => c.h >= 12 * scale && c.w >= 8 * scale && c.w < c.h * 1.1 && c.w < img.width / 6)
    .map((c) => ({ x: c.x / scale, y: c.y / scale, w: c.w / scale, h: c.h / scale }));
  if (tiles.length === 0) return [];
  // Our tiles are the largest and lowest: keep those as tall as the tallest
  // whose bottom is near the lowest bottom (a selected tile is lifted).
  const tallest = Math.max(...tiles.map((t) => t.h));
  const big = tiles.filter((t) => t.h >= tallest * 0.85);
  const bottom = Math.max(...big.map((t) => t.y + t.h));
  const row = big.filter((t) => bottom - (t.y + t.h) < tallest * 0.6);
  row.sort((a, b) => a.x - b.x);
  return row;
}

// screen takes a screenshot and decodes it; scale is device px per CSS px.
export async function screen(page) {
  const buf = await page.screenshot({ timeout: 120_000 });
  const img = decodePNG(buf);
  const vw = await page.evaluate(() => innerWidth);
  return { img, scale: img.width / vw };
}

// playHands plays until count hands have been scored (or the game is over),
// answering each prompt with act(prompt, choice) and returning what it saw:
// { prompts, scoring: [lines], claims }.
export async function playHands(page, act, opts = {}) {
  try {
    return await play(page, act, opts);
  } catch (err) {
    if (opts.name) await shot(page, `${opts.name}-failure`).catch(() => {});
    throw err;
  }
}

async function play(page, act, { count = 1, claim = false, deadline = 600_000, onScoring, enough } = {}) {
  const until = Date.now() + deadline;
  const seen = { prompts: 0, scoring: [], claimed: 0, hands: 0 };
  let from = 0;
  let lastScoring = 0;
  let pending = 0; // scoring lines of the hand being scored
  let last = null; // the prompt answered last, and the choice: { p, i }
  for (;;) {
    const left = until - Date.now();
    if (left <= 0) throw new Error(`playHands: out of time after ${seen.hands} hands`);
    let p = await promptAfter(page, from, Math.min(left, 120_000), last, act);
    // Scoring lines since the last look; a prompt already replaced by a
    // later one is stale: answer the latest.
    const all = await lines(page);
    for (let i = all.length - 1; i > p.index; i--) {
      if (promptRe.test(all[i])) {
        p = { index: i, text: all[i], ...parsePrompt(all[i]) };
        break;
      }
    }
    from = p.index + 1;
    const scored = all.slice(lastScoring).filter((l) => l.startsWith("Scoring:"));
    lastScoring = all.length;
    seen.scoring.push(...scored);
    pending += scored.length;
    // A hand is over when, after its scoring, we are asked to go on.
    if (pending > 0 && (/^Ready/.test(p.lead) || /^Game over/.test(p.text))) {
      pending = 0;
      seen.hands++;
      if (onScoring) await onScoring(seen.hands);
      if (seen.hands >= count && (!enough || enough(seen))) return seen;
    }
    if (/^Game over/.test(p.text) || p.buttons.length === 0) return seen;
    seen.prompts++;
    const i = choose(p, { claim });
    if (/^Claim window/.test(p.lead) && /^(Pung|Chow|Kong)$/.test(p.buttons[i].label)) seen.claimed++;
    last = { p, i };
    await act(p, i);
  }
}

// frames waits for n animation frames of the page.
export async function frames(page, n = 2) {
  await page.evaluate((k) => new Promise((r) => {
    let i = 0;
    const step = () => (++i >= k ? r() : requestAnimationFrame(step));
    requestAnimationFrame(step);
  }), n);
}

// pointerPlayer answers prompts with a pointer: press(x, y, { double })
// clicks or taps. Buttons are found on screen (in dialog order, matched to
// the prompt's buttons); a discard alternates between selecting the
// rightmost tile and pressing Discard, and double-pressing the tile. check,
// if given, sees every screen read ({ img, scale, buttons, tiles }).
//
// A double press the game took as two single presses (the second came
// more than 0.5 s after the first, as it can on a busy machine) selects
// and unselects the tile and discards nothing: the player then discards
// by selection and Discard instead, so that one slow double press does not
// stall a table that waits for us. The returned function's doubles field
// counts { tried, taken } for the tests to check that double presses work.
export function pointerPlayer(page, press, { check } = {}) {
  let discards = 0;
  const doubles = { tried: 0, taken: 0 };
  const centre = (r) => [r.x + r.w / 2, r.y + r.h / 2];
  const stale = new Error("stale prompt");
  let p0 = null; // the prompt being answered
  const look = async (want) => {
    let last;
    for (let attempt = 0; attempt < 20; attempt++) {
      const { img, scale } = await screen(page);
      const buttons = findButtons(img, scale);
      const tiles = findHandTiles(img, scale);
      last = { img, scale, buttons, tiles };
      if (buttons.length === want) return last;
      // A newer prompt makes this one stale: leave it to the next round.
      const all = await lines(page);
      if (all.slice(p0.index + 1).some((l) => promptRe.test(l))) throw stale;
      if (buttons.length === want + 1 && attempt >= 2) {
        // The Scoring window (drawn first, over the table) is open: close
        // it with its OK button, read from left to right, top to bottom.
        await press(...centre(buttons[0]));
      }
      await frames(page, 3); // the dialog is drawn at the next frame
    }
    const err = new Error(`found ${last.buttons.length} buttons on screen, want ${want}: ${JSON.stringify(last.buttons)}`);
    err.screen = last;
    throw err;
  };
  const player = async (p, i) => {
    p0 = p;
    try {
      await answer(p, i);
    } catch (err) {
      if (err !== stale) throw err;
    }
  };
  player.doubles = doubles;
  return player;
  // moved waits for our discard, or any later prompt (a selection can
  // change the buttons), after prompt p; it returns that line or null.
  async function moved(p) {
    const after = new RegExp(`^You discard |${promptRe.source}`);
    return waitForLine(page, after, { from: p.index + 1, timeout: 15_000, quiet: true }).catch(() => null);
  }
  async function answer(p, i) {
    const seen = await look(p.buttons.length);
    if (check) await check(seen, p);
    const b = p.buttons[i];
    if (/^Discard$/.test(b.label)) {
      // Discard the rightmost tile not already selected (lifted): a press
      // on the selected tile would unselect it.
      const base = Math.max(...seen.tiles.map((t) => t.y + t.h));
      const flat = seen.tiles.filter((t) => t.y + t.h >= base - 2);
      const t = flat[flat.length - 1];
      if (!t) throw new Error("no tiles of ours on screen");
      discards++;
      if (discards % 2 === 0) {
        doubles.tried++;
        await press(...centre(t), { double: true });
        const next = await moved(p);
        if (next && /^You discard /.test(next.text)) doubles.taken++;
        if (next) return;
        console.log("# a double press was not taken as a discard: discarding by selection and Discard");
        return answer(p, i);
      }
      await press(...centre(t));
      await frames(page, 3);
      // The buttons may change with the selection (a flower reads Declare,
      // Calling comes and goes): press Discard of the latest prompt.
      const all = await lines(page);
      let latest = p;
      for (let k = all.length - 1; k > p.index; k--) {
        if (promptRe.test(all[k])) {
          latest = { index: k, ...parsePrompt(all[k]) };
          break;
        }
      }
      p0 = latest;
      const j = latest.buttons.findIndex((x) => /^(Discard|Declare)$/.test(x.label));
      const again = await look(latest.buttons.length);
      await press(...centre(again.buttons[Math.max(j, 0)]));
      return;
    }
    await press(...centre(seen.buttons[i]));
  }
}

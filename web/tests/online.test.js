// Online play through the relay mj-web serves at /relay, in three browser
// contexts: a host at 1280×800, a phone guest (390×844, touch) who joins by
// the room link, and a desktop guest who types the room's code in Join
// online game; a robot fills the fourth seat. They chat in the Messages
// window and play complete hands (the phone discards by taps at first).
// The phone reloads mid-hand and rejoins its seat. Then the host reloads
// between hands, resumes its hosted game from the page's autosave, both
// guests are reattached to their seats (the same player ids) and everybody
// plays another complete hand. A wire check reads every WebSocket frame the
// guests' pages receive and fails on any line that shows another seat's
// concealed tiles, the wall or another player's private messages. The
// pages' relay client is the one built on the browser's WebSocket
// (relay/client_js.go). When the test fails, every relay frame of every
// page (and the pages' errors) is written to test-output/web/online-wire.log.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {
  skipReason, siteUnderTest, outDir, followAnnouncements, waitForMark, waitForLine, shot, lines, record, pressUntil,
} from "./lib.js";
import { playHands, pointerPlayer, tap, pressKey, alt } from "./play.js";

const skip = skipReason();
const site = siteUnderTest(skip);

// said runs fn and waits for an announcement matching re after it.
async function said(page, fn, re, timeout = 60_000) {
  const from = (await lines(page)).length;
  await fn();
  return (await waitForLine(page, re, { from, timeout })).text;
}

// menu opens menu m (Alt+m) and chooses its entry e, waiting for re. The
// game may not have run its first frame yet: Alt+m is pressed until the
// menu opens.
async function menu(page, m, e, re) {
  return said(page, async () => {
    const by = Date.now() + 60_000;
    for (;;) {
      const from = (await lines(page)).length;
      await alt(page, m);
      try {
        await waitForLine(page, /menu: /, { from, timeout: 5_000 });
        break;
      } catch (err) {
        if (Date.now() > by) throw err;
      }
    }
    await pressKey(page, e);
  }, re);
}

// ready loads url and waits until the game's code runs.
async function ready(page, url) {
  await page.goto(url, { waitUntil: "load" });
  await waitForMark(page, "mj:wasm-ready", 120_000);
  await page.locator("canvas").focus({ timeout: 120_000 });
}

// keyPlayer answers prompts with the underlined keys.
const keyPlayer = (page) => async (p, i) => {
  const b = p.buttons[i];
  if (b.needsTile) await pressKey(page, "ArrowRight");
  await pressKey(page, b.key.toLowerCase());
};

// leak says why a line must not reach player me, or "" (the browser's twin
// of game/online's wire check).
function leak(me, line) {
  const w = line.split(" ");
  const id = Number(w[1]);
  switch (w[0]) {
    case "PlayerDraws":
    case "PlayerDrawsLoose":
      return id !== me && w[2] !== "--" ? "another player's tile" : "";
    case "SwapTile":
      return id !== me ? "another player's swap" : "";
    case "Wall":
      return "the wall";
    case "InfoTiles":
      return id !== me ? "another player's tile summary" : "";
    case "ConnectReply":
      return me !== 0 && Number(w[2]) !== me ? "another connection's reply" : "";
    case "Message": {
      const to = Number(w[2]);
      return to !== 0 && to !== me ? "a message for somebody else" : "";
    }
    case "PlayerDoesntClaim":
      return id !== me ? "another player's pass" : "";
  }
  return "";
}

// wireLog keeps every relay frame of every page, both ways, with its time
// (written to test-output/web/online-wire.log when the test fails).
const wireLog = [];
const wireT0 = Date.now();
function logWire(page, who) {
  let sockets = 0;
  page.on("console", (m) => { if (m.type() === "error" || /panic|fatal error|\.go:\d/.test(m.text())) wireLog.push(`${who} ${((Date.now() - wireT0) / 1000).toFixed(2)} console ${m.text()}`); });
  page.on("pageerror", (e) => wireLog.push(`${who} ${((Date.now() - wireT0) / 1000).toFixed(2)} PAGEERROR ${e}`));
  page.on("websocket", (ws) => {
    if (!/\/relay\b/.test(ws.url())) return;
    const n = sockets++;
    const put = (dir, payload) => {
      const s = typeof payload === "string" ? payload : `(binary ${payload.length} bytes)`;
      wireLog.push(`${who} ${((Date.now() - wireT0) / 1000).toFixed(2)} #${n} ${dir} ${s.slice(0, 160)}`);
    };
    put("open", ws.url());
    ws.on("framesent", ({ payload }) => put(">", payload));
    ws.on("framereceived", ({ payload }) => put("<", payload));
    ws.on("close", () => put("close", ""));
  });
}

// wireCheck follows every relay WebSocket of page (across reloads) and
// records each line from the host and anything leaking.
function wireCheck(page, who) {
  const st = { who, me: 0, ids: [], sockets: 0, lines: 0, ownDraws: 0, blindDraws: 0, bad: [] };
  page.on("websocket", (ws) => {
    if (!/\/relay\b/.test(ws.url())) return;
    st.sockets++;
    ws.on("framereceived", ({ payload }) => {
      const s = typeof payload === "string" ? payload : `(binary ${payload.length} bytes)`;
      if (s.startsWith("!")) return; // the relay's notices
      if (!s.startsWith("0:")) {
        st.bad.push(`not from the host: ${s.slice(0, 80)}`);
        return;
      }
      const line = s.slice(2);
      st.lines++;
      const why = leak(st.me, line);
      if (why) st.bad.push(`${why}: ${line.slice(0, 120)}`);
      const w = line.split(" ");
      if (w[0] === "ConnectReply" && Number(w[2]) > 0) {
        st.me = Number(w[2]);
        st.ids.push(st.me);
      }
      if (w[0] === "PlayerDraws" || w[0] === "PlayerDrawsLoose") {
        if (Number(w[1]) === st.me) st.ownDraws++;
        else st.blindDraws++;
      }
    });
  });
  return st;
}

test("leak: the wire check's rules", () => {
  assert.equal(leak(2, "PlayerDraws 2 5B"), "");
  assert.equal(leak(2, "PlayerDraws 3 --"), "");
  assert.notEqual(leak(2, "PlayerDraws 3 5B"), "");
  assert.notEqual(leak(2, "PlayerDrawsLoose 1 RD"), "");
  assert.notEqual(leak(2, "Wall 1B 2B"), "");
  assert.notEqual(leak(2, "Message 1 3 psst"), "");
  assert.equal(leak(2, "Message 1 0 hello all"), "");
  assert.notEqual(leak(2, "PlayerDoesntClaim 4 7 0"), "");
  assert.notEqual(leak(2, "ConnectReply 1110 3"), "");
});

// reloadNow stops a player's playHands so that the test can reload its page.
const reloadNow = new Error("reload now");

test("online: host, phone guest by link, desktop guest by code: chat, hands, reloads, no leaks", { skip, timeout: 1_500_000 }, async () => {
  const t0 = Date.now();
  const errors = [];
  const newPage = async (name, opts) => {
    const ctx = await site.browser.newContext(opts);
    await followAnnouncements(ctx);
    const page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(`${name}: ${e}`));
    return { ctx, page };
  };
  const host = await newPage("host", { viewport: { width: 1280, height: 800 } });
  const phone = await newPage("phone", { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const desk = await newPage("desk", { viewport: { width: 1024, height: 768 } });
  for (const [who, p] of [["host", host], ["phone", phone], ["desk", desk]]) logWire(p.page, who);
  const phoneWire = wireCheck(phone.page, "phone");
  const deskWire = wireCheck(desk.page, "desk");
  try {
    await scenario(host, phone, desk, phoneWire, deskWire, t0);
  } catch (err) {
    // Say what each page saw last, and keep its picture.
    for (const [who, p] of [["host", host], ["phone", phone], ["desk", desk]]) {
      const seen = await lines(p.page).catch(() => []);
      console.log(`# ${who}'s last lines:\n#   ${seen.slice(-15).join("\n#   ")}`);
      await shot(p.page, `online-failure-${who}`).catch(() => {});
    }
    if (errors.length) console.log(`# page errors:\n#   ${errors.join("\n#   ")}`);
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, "online-wire.log"), wireLog.join("\n") + "\n");
    throw err;
  }
  assert.deepEqual(errors, []);
  for (const p of [host, phone, desk]) await p.ctx.close();
});

async function scenario(host, phone, desk, phoneWire, deskWire, t0) {
  const hostURL = site.server.url + "?name=Hosta";
  let text;

  // The host opens a room: Seat 2 and Seat 3 are people, Seat 4 a robot.
  await ready(host.page, hostURL);
  text = await menu(host.page, "g", "h", /^Host online game\./);
  assert.match(text, /Seat 2: Person\. Seat 3: Robot\. Seat 4: Robot\./);
  await said(host.page, () => pressKey(host.page, "Tab"), /^Your name: Hosta$/);
  await said(host.page, () => pressKey(host.page, "Tab"), /^Seat 2: Person$/);
  await said(host.page, () => pressKey(host.page, "Tab"), /^Seat 3: Robot$/);
  await said(host.page, () => pressKey(host.page, "ArrowRight"), /^Seat 3: Person$/);
  await shot(host.page, "online-host-panel");
  text = await said(host.page, () => alt(host.page, "o"), /^Room \S+ is open\. Share the link: /);
  const [, code, link] = /^Room (\S+) is open\. Share the link: (\S+)$/.exec(text);
  assert.match(link, new RegExp(`[?&]room=${code}$`));
  await shot(host.page, "online-room-panel");
  await said(host.page, () => pressKey(host.page, "Escape"), /^Online room closed\./);

  // The phone opens the link: Join online game opens by itself.
  await ready(phone.page, link + "&name=Phoebe");
  await waitForLine(phone.page, /^Join online game\./, { timeout: 30_000 });
  await said(phone.page, () => pressKey(phone.page, "Enter"), /^Joined the room\./);

  // The desktop guest types the code.
  await ready(desk.page, site.server.url + "?name=Desmond");
  await menu(desk.page, "g", "j", /^Join online game\./);
  await said(desk.page, () => pressKey(desk.page, "Tab"), /^Your name: Desmond$/);
  await said(desk.page, () => pressKey(desk.page, "Tab"), /^Room code: $/);
  await desk.page.keyboard.type(code.toLowerCase(), { delay: 40 });
  await said(desk.page, () => pressKey(desk.page, "Enter"), /^Joined the room\./);

  const begins = /^The game begins\. Seats: /;
  for (const p of [host, phone, desk]) await waitForLine(p.page, begins, { timeout: 60_000 });
  const seats = (await waitForLine(host.page, begins)).text;
  for (const n of ["Phoebe", "Desmond"]) assert.ok(seats.includes(n), `${n} not seated: ${seats}`);

  // Chat: the desktop guest writes, the host answers; everybody reads both.
  // (One word each: for now a space typed in the entry also presses Send.)
  const chatFrom = new Map();
  for (const p of [host, phone, desk]) chatFrom.set(p, (await lines(p.page)).length);
  await menu(desk.page, "s", "m", /^Messages\./);
  await said(desk.page, () => pressKey(desk.page, "Tab"), /^Message: $/);
  await desk.page.keyboard.type("Hello,Desmond_here", { delay: 30 });
  await pressKey(desk.page, "Enter");
  for (const p of [host, phone]) await waitForLine(p.page, /^Desmond: Hello,Desmond_here$/, { timeout: 30_000 });
  await waitForLine(desk.page, /^You: Hello,Desmond_here$/, { timeout: 30_000 });
  // The Messages window pops up with news, unless a display option keeps it
  // in the main window: then the host opens it.
  const popped = async (p) => (await lines(p.page)).slice(chatFrom.get(p)).some((l) => /^Messages\./.test(l));
  if (!(await popped(host))) await menu(host.page, "s", "m", /^Messages\./);
  await said(host.page, () => pressKey(host.page, "Tab"), /^Message: $/);
  await host.page.keyboard.type("Welcome!", { delay: 30 });
  await pressKey(host.page, "Enter");
  for (const p of [desk, phone]) await waitForLine(p.page, /^Hosta: Welcome!$/, { timeout: 30_000 });
  await shot(phone.page, "online-phone-chat");
  for (const p of [host, phone, desk]) {
    if (await popped(p)) await said(p.page, () => pressKey(p.page, "Escape"), /^Messages closed\./, 20_000);
  }

  // Play by keys; the phone discards by taps the first two times (reading
  // the screen for every tap is slow on a busy machine, and the others
  // wait for it). The phone reloads at its third discard, rejoins by its
  // link and plays on.
  const cdp = await phone.ctx.newCDPSession(phone.page);
  const taps = pointerPlayer(phone.page, (x, y, o) => tap(phone.page, cdp, x, y, o));
  const phoneKeys = keyPlayer(phone.page);
  let discards = 0;
  const phoneAct = async (p, i) => {
    if (/^Discard$/.test(p.buttons[i].label)) {
      if (++discards === 3) throw reloadNow;
      if (discards < 3) return taps(p, i);
    }
    return phoneKeys(p, i);
  };
  const playPhone = async () => {
    try {
      return await playHands(phone.page, phoneAct, { name: "online-phone", count: 1 });
    } catch (err) {
      if (err !== reloadNow) throw err;
    }
    await shot(phone.page, "online-phone-before-reload");
    await ready(phone.page, link + "&name=Phoebe");
    await waitForLine(phone.page, /^Join online game\./, { timeout: 30_000 });
    await said(phone.page, () => pressKey(phone.page, "Enter"), /^Joined the room\./);
    const seen = await playHands(phone.page, phoneAct, { name: "online-phone-rejoined", count: 1 });
    return { ...seen, rejoined: true };
  };
  const t1 = Date.now();
  const [hs, ps, ds] = await Promise.all([
    playHands(host.page, keyPlayer(host.page), { name: "online-host", count: 1 }),
    playPhone(),
    playHands(desk.page, keyPlayer(desk.page), { name: "online-desk", count: 1 }),
  ]);
  const firstHand = Math.round((Date.now() - t1) / 1000);
  assert.ok(ps.rejoined, "the phone never reloaded (fewer than 3 discards?)");
  for (const [who, s] of [["host", hs], ["phone", ps], ["desk", ds]]) assert.ok(s.hands >= 1, `${who}: no hand scored`);
  const phoneLines = await lines(phone.page);
  assert.ok(phoneLines.some((l) => /^You discard /.test(l)), "the phone never discarded after rejoining");
  await shot(host.page, "online-host-hand1");

  const wireChecks = () => {
    assert.ok(phoneWire.sockets >= 2, `the phone opened ${phoneWire.sockets} relay sockets, want one more after its reload`);
    for (const w of [phoneWire, deskWire]) {
      assert.ok(w.me > 0, `${w.who}: no ConnectReply seen on the wire`);
      assert.ok(w.ownDraws > 0 && w.blindDraws > 0, `${w.who}: the wire check saw no draws (${w.ownDraws} own, ${w.blindDraws} others')`);
      assert.deepEqual(w.bad.slice(0, 10), [], `${w.who} received what it must not`);
    }
  };
  const wire = () => [phoneWire, deskWire].map(({ who, sockets, lines: n, ownDraws, blindDraws, bad }) => ({ who, sockets, lines: n, ownDraws, blindDraws, bad: bad.length }));
  record("online", { seconds: Math.round((Date.now() - t0) / 1000), firstHandSeconds: firstHand, phoneDoubleTaps: taps.doubles, wire: wire() });
  wireChecks();

  // The host reloads between hands and resumes its hosted game; the guests
  // are told to reconnect, get their seats back and play on.
  const idsBefore = [phoneWire, deskWire].map((w) => w.ids.length);
  const mark = await Promise.all([phone, desk].map(async (p) => (await lines(p.page)).length));
  await ready(host.page, hostURL);
  text = await menu(host.page, "g", "h", /^Host online game\./);
  assert.match(text, new RegExp(`A game you hosted can be resumed \\(room ${code}\\)`));
  const t2 = Date.now();
  await said(host.page, () => alt(host.page, "r"), /^Room \S+ is open\./);
  // The resumed page is busy (the game, the robots): a key pressed and
  // released between two of its frames is not seen, so press again.
  await pressUntil(host.page, "Escape", /^Online room closed\./);
  for (const [k, p] of [phone, desk].entries()) {
    const back = await waitForLine(p.page, /^The host is back: rejoining the game\./, { from: mark[k], timeout: 60_000 });
    // Forget the lines before it: the next hand is counted from here.
    await p.page.evaluate((n) => window.__mjLines.splice(0, n), back.index);
  }
  const [hs2, ps2, ds2] = await Promise.all([
    playHands(host.page, keyPlayer(host.page), { name: "online-host-2", count: 1 }),
    playHands(phone.page, phoneAct, { name: "online-phone-2", count: 1 }),
    playHands(desk.page, keyPlayer(desk.page), { name: "online-desk-2", count: 1 }),
  ]);
  for (const [who, s] of [["host", hs2], ["phone", ps2], ["desk", ds2]]) assert.ok(s.hands >= 1, `${who}: no hand scored after the host's reload`);
  // Each guest connected again, as the player it was.
  for (const [k, w] of [phoneWire, deskWire].entries()) {
    assert.ok(w.ids.length > idsBefore[k], `${w.who}: no ConnectReply after the host's reload`);
    assert.ok(w.ids.every((id) => id === w.ids[0]), `${w.who} changed seats: player ids ${w.ids}`);
  }
  const phoneAfter = await lines(phone.page);
  assert.ok(phoneAfter.some((l) => /^You discard /.test(l)), "the phone never discarded after the host's reload");
  await shot(desk.page, "online-desk-hand2");
  record("online-host-reload", { secondHandSeconds: Math.round((Date.now() - t2) / 1000), wire: wire() });
  wireChecks();
}

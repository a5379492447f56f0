// Authoritative hosting in the browser: our native mj-server hosts a room
// on the relay mj-web serves (--relay), so that no page holds hidden tiles;
// two original mj-player robots (/usr/games/mj-player, which speak TCP
// only) join it through our mj-player's bridge (--bridge), our mj-player
// takes a seat as a robot guest, and a browser opens the server's room
// link and plays a complete hand at the table. A wire check reads every
// frame the page receives and fails on any line that shows another seat's
// concealed tiles or the wall. The server's room needs four guests (it
// has no seat of its own) while a relay allows three by default, so the
// room is on a standalone mj-relay with -max-guests 4 that the page
// reaches through its ?relay= setting. Skipped without the original
// programs (apt-get install mah-jong) unless CI is set. mj-server,
// mj-player and mj-relay are built from the tree into a temporary folder.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  skipReason, repoRoot, startServer, launch, followAnnouncements, waitForMark, waitForLine, shot, lines, record,
} from "./lib.js";
import { playHands, pressKey } from "./play.js";

const originalPlayer = "/usr/games/mj-player";

function skipWhy() {
  const why = skipReason();
  if (why) return why;
  if (!fs.existsSync(originalPlayer)) {
    if (process.env.CI) throw new Error(`${originalPlayer} missing (apt-get install mah-jong)`);
    return `${originalPlayer} missing (apt-get install mah-jong)`;
  }
  return false;
}

const skip = skipWhy();
let server, browser, dir;
const children = [];

before(async () => {
  if (skip) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mj-online-server-"));
  await promisify(execFile)("go", ["build", "-o", dir, "./cmd/mj-server", "./cmd/mj-player", "./cmd/mj-relay"], { cwd: repoRoot });
  server = await startServer();
  browser = await launch();
});

after(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on("exit", r)) : null)));
  await browser?.close();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// run starts a program in dir and resolves to { child, match } once a line
// of its output (stdout or stderr) matches re.
function run(file, args, re, timeout = 60_000) {
  const child = spawn(file, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${path.basename(file)} printed no ${re} in ${timeout} ms: ${out}`)), timeout);
    const look = (d) => {
      out += d;
      const m = re.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m });
      }
    };
    child.stdout.on("data", look);
    child.stderr.on("data", look);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(file)} exited (${code}): ${out}`));
    });
  });
}

// leak says why a line must not reach player me, or "".
function leak(me, line) {
  const w = line.split(" ");
  const id = Number(w[1]);
  switch (w[0]) {
    case "PlayerDraws":
    case "PlayerDrawsLoose":
      return id !== me && w[2] !== "--" ? "another player's tile" : "";
    case "Wall":
      return "the wall";
    case "InfoTiles":
    case "SwapTile":
    case "PlayerDoesntClaim":
      return id !== me ? `another player's ${w[0]}` : "";
  }
  return "";
}

test("online: our mj-server hosts through the relay; original robots and a browser play", { skip, timeout: 900_000 }, async () => {
  const t0 = Date.now();
  const rl = await run(path.join(dir, "mj-relay"), ["-addr", "127.0.0.1:0", "-max-guests", "4", "-origins", "127.0.0.1:*"], /addr=(127\.0\.0\.1:\d+)/);
  const endpoint = `ws://${rl.match[1]}/relay`;
  fs.writeFileSync(path.join(dir, "options.txt"), "GameOption 0 NumRounds nat 0 1 1 number of rounds to play\r\n");
  const srv = await run(path.join(dir, "mj-server"), ["--relay", endpoint, "--timeout", "10", "--seed", "5", "--option-file", "options.txt"], /Join: (\S+)/);
  const code = /[?&]room=(\w+)/.exec(srv.match[1])[1];
  const link = `${server.url.replace(/\/?$/, "/")}?room=${code}&relay=${encodeURIComponent(endpoint)}`;
  const bridge = await run(path.join(dir, "mj-player"), ["--relay", endpoint, "--room", code, "--bridge", "127.0.0.1:0"], /OK: bridge (\S+)/);
  const addr = bridge.match[1];
  for (const name of ["Orig1", "Orig2"]) {
    const child = spawn(originalPlayer, ["--server", addr, "--name", name], { cwd: dir, stdio: "ignore" });
    children.push(child);
  }
  const robot = spawn(path.join(dir, "mj-player"), ["--relay", endpoint, "--room", code, "--name", "Ours"], { cwd: dir, stdio: "ignore" });
  children.push(robot);

  const ctx = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const wire = { me: 0, lines: 0, ownDraws: 0, blindDraws: 0, bad: [] };
  page.on("websocket", (ws) => {
    if (!/\/relay\b/.test(ws.url())) return;
    ws.on("framereceived", ({ payload }) => {
      const s = String(payload);
      if (s.startsWith("!")) return;
      if (!s.startsWith("0:")) return void wire.bad.push(`not from the host: ${s.slice(0, 80)}`);
      const line = s.slice(2);
      wire.lines++;
      const why = leak(wire.me, line);
      if (why) wire.bad.push(`${why}: ${line.slice(0, 120)}`);
      const w = line.split(" ");
      if (w[0] === "ConnectReply" && Number(w[2]) > 0) wire.me = Number(w[2]);
      if (w[0] === "PlayerDraws") Number(w[1]) === wire.me ? wire.ownDraws++ : wire.blindDraws++;
    });
  });
  try {
    await page.goto(link + "&name=Webby", { waitUntil: "load" });
    await waitForMark(page, "mj:wasm-ready", 120_000);
    await page.locator("canvas").focus({ timeout: 120_000 });
    await waitForLine(page, /^Join online game\./, { timeout: 60_000 });
    const from = (await lines(page)).length;
    await pressKey(page, "Enter");
    await waitForLine(page, /^Joined the room\./, { from, timeout: 60_000 });
    const begins = await waitForLine(page, /^The game begins\. Seats: /, { timeout: 120_000 });
    for (const n of ["Orig1", "Orig2", "Ours"]) assert.ok(begins.text.includes(n), `${n} not seated: ${begins.text}`);
    const seen = await playHands(page, async (p, i) => {
      const b = p.buttons[i];
      if (b.needsTile) await pressKey(page, "ArrowRight");
      await pressKey(page, b.key.toLowerCase());
    }, { name: "online-server", count: 1 });
    assert.ok(seen.hands >= 1, "no hand scored");
    await shot(page, "online-server-hand");
  } catch (err) {
    console.log(`# the page's last lines:\n#   ${(await lines(page).catch(() => [])).slice(-15).join("\n#   ")}`);
    await shot(page, "online-server-failure").catch(() => {});
    throw err;
  }
  assert.ok(wire.me > 0, "no ConnectReply seen on the wire");
  assert.ok(wire.ownDraws > 0 && wire.blindDraws > 0, `the wire check saw no draws (${wire.ownDraws} own, ${wire.blindDraws} others')`);
  assert.deepEqual(wire.bad.slice(0, 10), [], "the page received what it must not");
  assert.deepEqual(errors, []);
  record("online-server", { seconds: Math.round((Date.now() - t0) / 1000), lines: wire.lines });
  await ctx.close();
});

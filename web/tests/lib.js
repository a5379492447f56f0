// Shared helpers of the browser tests: the web host (cmd/mj-web) on a free
// loopback port, Debian's Chromium through playwright-core, and waits on the
// page's own signals (the mj:first-frame mark, the live region's lines),
// each with a deadline.
//
// Environment:
//   MJ_WEB_BIN   the mj-web binary (default: `go run ./cmd/mj-web`)
//   MJ_SITE_DIR  the built site (default: dist/site)
//   CHROMIUM     the browser (default: /usr/bin/chromium)
//   MJ_TEST_OUT  where screenshots and figures go (default: test-output/web)
//   CI           when set, a missing browser or site fails instead of skipping

import { before, after } from "node:test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const siteDir = path.resolve(repoRoot, process.env.MJ_SITE_DIR || "dist/site");
export const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
export const outDir = path.resolve(repoRoot, process.env.MJ_TEST_OUT || "test-output/web");

// The flags the project's browser tests use: software WebGL (no GPU here),
// and none of Chromium's own traffic (the machine has no network).
export const chromiumArgs = [
  "--no-sandbox",
  "--enable-unsafe-swiftshader",
  "--use-angle=swiftshader",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--disable-default-apps",
  "--mute-audio",
];

// missing says why the tests cannot run here, or "" when they can.
export function missing() {
  if (!fs.existsSync(chromiumPath)) return `no browser at ${chromiumPath}`;
  if (!fs.existsSync(path.join(siteDir, "mahjong.wasm"))) return `no site in ${siteDir} (make site)`;
  return "";
}

// skipReason is the reason to skip (for node:test's { skip }), or false; under
// CI a missing piece is an error instead.
export function skipReason() {
  const why = missing();
  if (why && process.env.CI) throw new Error(`browser tests: ${why}`);
  return why || false;
}

// startServer starts mj-web on 127.0.0.1 with a free port and resolves to
// { url, close } once it has printed its URL.
export async function startServer({ timeout = 120_000 } = {}) {
  const args = ["-addr", "127.0.0.1:0", "-dir", siteDir];
  const bin = process.env.MJ_WEB_BIN;
  const child = bin
    ? spawn(bin, args, { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] })
    : spawn("go", ["run", "./cmd/mj-web", ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let stderr = "";
  child.stderr.on("data", (d) => { stderr += d; });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`mj-web printed no URL in ${timeout} ms: ${stderr}`)), timeout);
    child.stdout.on("data", (d) => {
      out += d;
      const m = /(http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`mj-web exited (${code}): ${stderr}`));
    });
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        if (bin) child.kill("SIGTERM");
        else process.kill(-child.pid, "SIGTERM"); // go run and its child
      }
      await exited;
    },
  };
}

// launch starts headless Chromium.
export async function launch() {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

// followAnnouncements makes every page of ctx record each line added to the
// live region in window.__mjLines (the region itself keeps only the latest).
export async function followAnnouncements(ctx) {
  await ctx.addInitScript(() => {
    window.__mjLines = [];
    const watch = () => {
      const log = document.getElementById("announcements");
      if (!log) return;
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) window.__mjLines.push(n.textContent);
        }
      }).observe(log, { childList: true });
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
    else watch();
  });
}

// openTable loads the page and waits for the first table frame.
export async function openTable(page, url, { timeout = 60_000 } = {}) {
  await page.goto(url, { waitUntil: "load" });
  await waitForMark(page, "mj:first-frame", timeout);
}

// waitForMark waits for a performance mark and returns its time since
// navigation started, in ms.
export async function waitForMark(page, name, timeout = 60_000) {
  const h = await page.waitForFunction(
    (n) => {
      const e = performance.getEntriesByName(n, "mark");
      return e.length > 0 ? e[0].startTime : false;
    },
    name,
    { timeout, polling: 50 },
  );
  return h.jsonValue();
}

// lines returns every announcement so far.
export async function lines(page) {
  return page.evaluate(() => window.__mjLines.slice());
}

// waitForLine waits for an announcement at index from or later matching re
// (a RegExp) and returns { index, text }; quiet keeps a timeout off the
// test's output (for waits that may fail).
export async function waitForLine(page, re, { from = 0, timeout = 60_000, quiet = false } = {}) {
  const h = await page.waitForFunction(
    ([src, flags, start]) => {
      const r = new RegExp(src, flags);
      const all = window.__mjLines || [];
      for (let i = start; i < all.length; i++) {
        if (r.test(all[i])) return { index: i, text: all[i] };
      }
      return false;
    },
    [re.source, re.flags, from],
    { timeout, polling: 50 },
  ).catch(async (err) => {
    const seen = await lines(page).catch(() => []);
    // A new error whose stack starts with what we waited for and what the
    // page said last (the reporter prints the stack, and a CI summary keeps
    // only its first lines); said on the test's output too.
    const e = new Error(`${err.message}\nwaiting for ${re} from line ${from}; last lines:\n  ${seen.slice(-15).join("\n  ")}`);
    e.timeout = true;
    if (!quiet) console.log("# " + e.message.replace(/\n/g, "\n# "));
    throw e;
  });
  return h.jsonValue();
}

// shot saves a screenshot in the test output folder and returns its path.
export async function shot(page, name) {
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, timeout: 120_000 });
  return file;
}

// record appends figures to test-output/figures.json (measured, not asserted).
export function record(name, figures) {
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, "figures.json");
  let all = {};
  try { all = JSON.parse(fs.readFileSync(file, "utf8")); } catch { /* first */ }
  all[name] = figures;
  fs.writeFileSync(file, JSON.stringify(all, null, 2) + "\n");
  console.log(`# figures ${name}: ${JSON.stringify(figures)}`);
}

// browserCPU returns the CPU seconds used so far by the Chromium processes
// this test process started (Linux /proc), or NaN elsewhere.
export function browserCPU() {
  try {
    const tick = 100; // USER_HZ on Linux
    const children = new Map();
    const info = new Map();
    for (const d of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(d)) continue;
      let s;
      try { s = fs.readFileSync(`/proc/${d}/stat`, "utf8"); } catch { continue; }
      const comm = s.slice(s.indexOf("(") + 1, s.lastIndexOf(")"));
      const rest = s.slice(s.lastIndexOf(")") + 2).split(" ");
      const ppid = Number(rest[1]);
      info.set(Number(d), { comm, cpu: (Number(rest[11]) + Number(rest[12])) / tick });
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    }
    let total = 0;
    const todo = [...(children.get(process.pid) || [])];
    while (todo.length) {
      const p = todo.pop();
      const i = info.get(p);
      if (i && /chrom/i.test(i.comm)) total += i.cpu;
      todo.push(...(children.get(p) || []));
    }
    return total;
  } catch {
    return NaN;
  }
}

// startFrameMeter records the page's animation frame intervals from now on;
// the function it returns stops and resolves to { fps, p95Ms, worstMs }.
// While the game animates (tiles moving, claim bubbles), this is the frame
// rate the player sees; frames the game's robots or scripts delay show in
// p95Ms and worstMs.
export async function startFrameMeter(page) {
  await page.evaluate(() => {
    const m = (window.__mjFrames = { t: [], on: true });
    const step = (t) => {
      m.t.push(t);
      if (m.on) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  return async () => page.evaluate(() => {
    const m = window.__mjFrames;
    m.on = false;
    const d = [];
    for (let i = 1; i < m.t.length; i++) d.push(m.t[i] - m.t[i - 1]);
    d.sort((a, b) => a - b);
    const secs = (m.t[m.t.length - 1] - m.t[0]) / 1000;
    return {
      fps: secs > 0 ? Math.round((d.length / secs) * 10) / 10 : 0,
      p95Ms: Math.round(d[Math.floor(d.length * 0.95)] || 0),
      worstMs: Math.round(d[d.length - 1] || 0),
    };
  });
}

// --- offline-first tests (offline, resume, saves) ---

// distDir is the static site `make dist` builds (MJ_DIST_DIR, default dist).
export const distDir = path.resolve(repoRoot, process.env.MJ_DIST_DIR || "dist");

// distMissing says why the built static site cannot be used, or "".
export function distMissing() {
  for (const f of ["index.html", "sw.js", "manifest.webmanifest"]) {
    if (!fs.existsSync(path.join(distDir, f))) return `no ${f} in ${distDir} (make dist)`;
  }
  return "";
}

const mimeTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".webmanifest": "application/manifest+json",
  ".json": "application/json",
  ".png": "image/png",
  ".mjs": "application/octet-stream",
};

// staticServer serves dir under the sub-path prefix ("/a/b/") on a free
// loopback port, as a plain static host does: files as they are (a
// precompressed .br or .gz beside one is sent when the browser accepts it,
// as static hosts do), no caching headers, no rewriting. It resolves to
// { url, take, close }: take() returns { requests, bytes, paths } sent
// since the last take (bytes counted on the sockets, headers included).
export async function staticServer(dir, prefix = "/") {
  const http = await import("node:http");
  let requests = 0, paths = [];
  const sockets = new Set();
  let closedBytes = 0, taken = 0;
  const srv = http.createServer((req, res) => {
    requests++;
    const u = new URL(req.url, "http://x");
    paths.push(u.pathname);
    if (!u.pathname.startsWith(prefix)) {
      res.writeHead(404).end("not found");
      return;
    }
    let rel = decodeURIComponent(u.pathname.slice(prefix.length)) || "index.html";
    if (rel.endsWith("/")) rel += "index.html";
    const file = path.resolve(dir, rel);
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end("not found");
      return;
    }
    const headers = { "Content-Type": mimeTypes[path.extname(file)] || "application/octet-stream" };
    const accept = String(req.headers["accept-encoding"] || "");
    let send = file;
    for (const [enc, ext] of [["br", ".br"], ["gzip", ".gz"]]) {
      if (accept.includes(enc) && fs.existsSync(file + ext)) {
        send = file + ext;
        headers["Content-Encoding"] = enc;
        headers["Vary"] = "Accept-Encoding";
        break;
      }
    }
    headers["Content-Length"] = fs.statSync(send).size;
    res.writeHead(200, headers);
    if (req.method === "HEAD") res.end();
    else fs.createReadStream(send).pipe(res);
  });
  srv.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => {
      closedBytes += s.bytesWritten;
      sockets.delete(s);
    });
  });
  await new Promise((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const bytes = () => closedBytes + [...sockets].reduce((n, s) => n + s.bytesWritten, 0);
  let closed = null;
  return {
    url: `http://127.0.0.1:${srv.address().port}${prefix}`,
    take() {
      const now = bytes();
      const out = { requests, bytes: now - taken, paths };
      taken = now;
      requests = 0;
      paths = [];
      return out;
    },
    close() {
      if (!closed) {
        closed = new Promise((resolve) => srv.close(resolve));
        srv.closeAllConnections();
      }
      return closed;
    },
  };
}

// pressUntil presses key until an announcement matching re comes (the game's
// first frame may not have run when the page is ready), within timeout. With
// again, the key is pressed again only while again() says so (a key the game
// took but has not announced yet may mean something else on the next screen).
export async function pressUntil(page, key, re, { timeout = 60_000, again } = {}) {
  const { pressKey } = await import("./play.js");
  const by = Date.now() + timeout;
  const from = (await lines(page)).length;
  let press = true;
  for (;;) {
    if (press) await pressKey(page, key);
    try {
      return await waitForLine(page, re, { from, timeout: 3_000 });
    } catch (err) {
      if (Date.now() > by) throw err;
    }
    // A press the game took but has not announced yet must not be
    // repeated (the key may mean something else on the next screen).
    press = again ? await again() : true;
  }
}

// onStartDialog reports whether page still shows the start dialog (no
// table has been shown since the page loaded: mahjong.state() is empty).
export async function onStartDialog(page) {
  return !(await page.evaluate(() => (globalThis.mahjong && globalThis.mahjong.state ? globalThis.mahjong.state() : "")));
}

// siteUnderTest starts the site (startServer) and a browser (launch)
// before a file's tests and stops them after, unless skip says why not.
// Its server and browser fields are set once the tests run.
export function siteUnderTest(skip) {
  const site = { server: null, browser: null };
  before(async () => {
    if (skip) return;
    site.server = await startServer();
    site.browser = await launch();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}

// profile.js plays a local game by keyboard in headless Chromium while the
// CPU profiler samples the page, then prints where the time went (self time
// by function, top 40) and the frame rate. It is a measuring tool, not a
// test: build the site with symbols first (PROFILE=1 scripts/build-site.sh
// keeps the wasm's function names), then
//   MJ_WEB_BIN=/path/to/mj-web node web/tools/profile.js [seconds]
import fs from "node:fs";
import { startServer, launch, followAnnouncements, waitForMark, startFrameMeter, outDir } from "../tests/lib.js";
import { execSync } from "node:child_process";
import { nextPrompt, choose, pressKey } from "../tests/play.js";

const seconds = Number(process.argv[2] || 20);

// cpuByType returns the CPU seconds used so far by each kind of Chromium
// process (browser, gpu-process, renderer, utility), from /proc.
function cpuByType() {
  const out = {};
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    let cmd, stat;
    try {
      cmd = fs.readFileSync(`/proc/${d}/cmdline`, "utf8").replaceAll("\0", " ");
      stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
    } catch { continue; }
    if (!/chrom/.test(cmd.split(" ")[0])) continue;
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const t = /--type=([\w-]+)/.exec(cmd);
    const k = t ? t[1] : "browser";
    out[k] = (out[k] || 0) + (Number(rest[11]) + Number(rest[12])) / 100;
  }
  return out;
}

const server = await startServer();
const browser = await launch();
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await followAnnouncements(ctx);
  const page = await ctx.newPage();
  await page.goto(server.url + "?seed=7&name=Prof&start=1", { waitUntil: "load" });
  await waitForMark(page, "mj:first-frame", 120_000);
  const nav = await page.evaluate(() => ({
    ready: performance.getEntriesByName("mj:wasm-ready")[0]?.startTime,
    first: performance.getEntriesByName("mj:first-frame")[0]?.startTime,
  }));
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
  await cdp.send("Profiler.start");
  const stop = await startFrameMeter(page);
  const cpu0 = cpuByType();
  const draws0 = await page.evaluate(() => globalThis.mahjong.draws?.() ?? 0);
  const t0 = Date.now();
  const until = Date.now() + seconds * 1000;
  let from = 0;
  await page.locator("canvas").focus();
  while (Date.now() < until) {
    let p;
    try { p = await nextPrompt(page, from, 5_000); } catch { continue; }
    from = p.index + 1;
    if (p.buttons.length === 0) break;
    const b = p.buttons[choose(p)];
    if (b.needsTile) await pressKey(page, "ArrowRight");
    await pressKey(page, b.key.toLowerCase());
  }
  const fr = await stop();
  const cpu1 = cpuByType();
  const draws = (await page.evaluate(() => globalThis.mahjong.draws?.() ?? 0)) - draws0;
  const wall = (Date.now() - t0) / 1000;
  const used = (k) => (cpu1[k] || 0) - (cpu0[k] || 0);
  console.log(`${draws} frames drawn in ${wall.toFixed(0)} s; CPU per drawn frame: renderer ${(1000 * used("renderer") / draws).toFixed(1)} ms, gpu ${(1000 * used("gpu-process") / draws).toFixed(1)} ms`);
  const share = Object.fromEntries(Object.keys(cpu1).map((k) => [k, Math.round(100 * (cpu1[k] - (cpu0[k] || 0)) / wall) + "%"]));
  console.log(`CPU share of one core over ${wall.toFixed(0)} s: ${JSON.stringify(share)}`);
  const { profile } = await cdp.send("Profiler.stop");
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const name = n.callFrame.functionName || `(${n.callFrame.url.split("/").pop() || "anon"})`;
    self.set(name, (self.get(name) || 0) + dt[i]);
    total += dt[i];
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
  console.log(`nav→ready ${Math.round(nav.ready)} ms, nav→first frame ${Math.round(nav.first)} ms; frames ${JSON.stringify(fr)}`);
  for (const [name, us] of top) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms ${(100 * us / total).toFixed(1).padStart(5)}%  ${name}`);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(`${outDir}/profile.cpuprofile`, JSON.stringify(profile));
} finally {
  await browser.close();
  await server.close();
}

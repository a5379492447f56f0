// startup.js measures the page's start: it loads the table in headless
// Chromium with the CPU profiler running from before the navigation, and
// prints the navigation → wasm-ready and → first-frame times, the
// renderer's CPU time until the first frame (less sensitive to a busy
// machine than wall time) and where that CPU time went (self time by
// function, top 30). Build the site with symbols first
// (PROFILE=1 scripts/build-site.sh DIR), then
//   MJ_SITE_DIR=DIR MJ_WEB_BIN=/path/to/mj-web node web/tools/startup.js [runs]
// MJ_NOPROFILE=1 leaves the profiler off (it slows the page): times only.
// MJ_WARM=N loads the page N times more in the same context first (a
// repeat visit: the HTTP cache, and the browser's cache of compiled code).
// MJ_LINGER=ms keeps each of those earlier pages open that long after its
// first frame, as a player's visit would be: the browser writes its cache
// of optimised code only once the page has run for a while.
import { startServer, launch, waitForMark } from "../tests/lib.js";

const runs = Number(process.argv[2] || 3);
const linger = Number(process.env.MJ_LINGER || 0);
const server = await startServer();
const browser = await launch();
try {
  for (let run = 0; run < runs; run++) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    for (let w = Number(process.env.MJ_WARM || 0); w > 0; w--) {
      await page.goto(server.url + "?seed=7&name=Prof&start=1", { waitUntil: "load" });
      await waitForMark(page, "mj:first-frame", 120_000);
      if (linger > 0) await page.waitForTimeout(linger);
      await page.goto("about:blank");
    }
    const profiling = !process.env.MJ_NOPROFILE;
    const cdp = await ctx.newCDPSession(page);
    if (profiling) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    await page.goto(server.url + "?seed=7&name=Prof&start=1", { waitUntil: "load" });
    await waitForMark(page, "mj:first-frame", 120_000);
    const { profile } = profiling ? await cdp.send("Profiler.stop") : { profile: { nodes: [], samples: [], timeDeltas: [] } };
    const nav = await page.evaluate(() => ({
      ready: performance.getEntriesByName("mj:wasm-ready")[0]?.startTime,
      first: performance.getEntriesByName("mj:first-frame")[0]?.startTime,
    }));
    const self = new Map();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    let busy = 0;
    profile.samples.forEach((id, i) => {
      const n = byId.get(id);
      const name = n.callFrame.functionName || `(${n.callFrame.url.split("/").pop() || "anon"})`;
      self.set(name, (self.get(name) || 0) + profile.timeDeltas[i]);
      if (name !== "(idle)" && name !== "(program)") busy += profile.timeDeltas[i];
    });
    console.log(`run ${run}: nav→ready ${Math.round(nav.ready)} ms, nav→first frame ${Math.round(nav.first)} ms, main thread busy ${Math.round(busy / 1000)} ms`);
    if (run === runs - 1) {
      const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
      for (const [name, us] of top) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
    }
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.close();
}

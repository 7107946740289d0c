// Where a page's main-thread time goes on a phone-speed CPU (issue 33, Lighthouse's blocking time): loads a
// page signed in as the demo shopper in Debian's chromium with the CPU 4x slower (as Lighthouse's mobile
// profile), records a JavaScript CPU profile and the long tasks, and prints the tasks and the functions with
// the most self time, named by their source files through the build's hidden source maps.
//
//   (cd web && npx vite build --sourcemap hidden --outDir /tmp/dist-map)   # the same files as web/dist, plus maps
//   node bench/web_profile.mjs http://127.0.0.1:PORT /orders [/tmp/dist-map]
//
// The server must run the build of web/dist whose maps are given (the file names carry the content's hash).
import { createRequire } from "node:module";
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";

const require = createRequire(new URL("../e2e/package.json", import.meta.url));
const { chromium } = require("@playwright/test");
const webRequire = createRequire(
  new URL("../web/package.json", import.meta.url),
);
const { TraceMap, originalPositionFor } = webRequire(
  "@jridgewell/trace-mapping",
);

const [base, page = "/orders", maps = "/tmp/dist-map"] = process.argv.slice(2);
const signIn = await fetch(`${base}/auth/v1/session`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    email: "shopper@example.com",
    password: "orders-demo",
  }),
});
const cookies = signIn.headers.getSetCookie().map((line) => {
  const [pair] = line.split(";");
  const [name, ...value] = pair.split("=");
  return { name, value: value.join("="), url: base };
});

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
});
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
});
await context.addCookies(cookies);
const tab = await context.newPage();
await tab.addInitScript(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push([
        Math.round(entry.startTime),
        Math.round(entry.duration),
      ]);
  }).observe({ type: "longtask", buffered: true });
});
const cdp = await context.newCDPSession(tab);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await cdp.send("Profiler.start");
await tab.goto(base + page, { waitUntil: "networkidle" });
await tab.waitForTimeout(1500);
const { profile } = await cdp.send("Profiler.stop");
const longTasks = await tab.evaluate(() => window.__longTasks);
const paints = await tab.evaluate(() =>
  performance
    .getEntriesByType("paint")
    .map((entry) => [entry.name, Math.round(entry.startTime)]),
);
await browser.close();

const traceMaps = new Map();
function mapOf(url) {
  if (!traceMaps.has(url)) {
    const file = path.join(maps, new URL(url).pathname + ".map");
    traceMaps.set(
      url,
      existsSync(file) ? new TraceMap(readFileSync(file, "utf8")) : null,
    );
  }
  return traceMaps.get(url);
}
function nameOf({ url, functionName, lineNumber, columnNumber }) {
  if (!url) return functionName || "(native)";
  const map = url.includes("/assets/") ? mapOf(url) : null;
  if (!map)
    return `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber + 1}`;
  const found = originalPositionFor(map, {
    line: lineNumber + 1,
    column: columnNumber,
  });
  const source = (found.source ?? "?")
    .replace(/^.*node_modules\//, "")
    .replace(/^(\.\.\/)+/, "");
  return `${found.name ?? functionName ?? "(anonymous)"} ${source}:${found.line}`;
}
const selfMs = new Map();
const byFile = new Map();
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node);
// A native function (appendChild, fetch) is named with the script function that called it: the same native
// call costs differently from different callers (a preload link, a page's element).
function nodeName(node) {
  const name = nameOf(node.callFrame);
  const parent = parents.get(node.id);
  return node.callFrame.url || !parent || !parent.callFrame.url
    ? name
    : `${name} <- ${nameOf(parent.callFrame)}`;
}
profile.samples.forEach((id, index) => {
  const node = nodes.get(id);
  const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
  const name = nodeName(node);
  selfMs.set(name, (selfMs.get(name) ?? 0) + ms);
  const file = name
    .split(" ")
    .pop()
    .replace(/:\d+$/, "")
    .replace(/\/[^/]*$/, "");
  byFile.set(file, (byFile.get(file) ?? 0) + ms);
});
// The profile's busy stretches (samples between two idle ones), the longest with what they spent most on:
// an approximation of the long tasks, which the profile does not mark.
const stretches = [];
let current = null;
profile.samples.forEach((id, index) => {
  const node = nodes.get(id);
  const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
  if (node.callFrame.functionName === "(idle)") {
    current = null;
    return;
  }
  if (!current) stretches.push((current = { ms: 0, names: new Map() }));
  current.ms += ms;
  const name = nodeName(node);
  current.names.set(name, (current.names.get(name) ?? 0) + ms);
});
const top = (map, count) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`);
console.log(`paints: ${JSON.stringify(paints)}`);
console.log(`long tasks [start, ms]: ${JSON.stringify(longTasks)}`);
console.log(
  `blocking (sum over 50 ms): ${longTasks.reduce((sum, [, ms]) => sum + Math.max(0, ms - 50), 0)} ms`,
);
console.log("self time by folder:");
console.log(top(byFile, 15).join("\n"));
console.log("self time by function:");
console.log(top(selfMs, 40).join("\n"));
console.log(
  "busy stretches over 50 ms, in order, with their five largest items:",
);
for (const stretch of stretches.filter((stretch) => stretch.ms > 50)) {
  console.log(
    `${stretch.ms.toFixed(0).padStart(6)} ms: ${top(stretch.names, 5)
      .map((line) => line.trim())
      .join(" | ")}`,
  );
}

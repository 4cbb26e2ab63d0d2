#!/usr/bin/env node
// The virtual Pico's core: the npm MicroPython (a 32-bit build like the Pico's) with its REPL
// on stdin/stdout, behaving towards mpremote like a Pico on a serial line. tools/virtual_pico.py
// puts a pseudo-terminal in front of it.
//
//   node tools/vpico.mjs
//
// What a Pico does and this build does not, done here:
// - a flash that survives resets: the files under /flash are carried over to the fresh
//   interpreter of every reset, and /flash is the working directory;
// - soft reset (Ctrl-D at an empty REPL line, as mpremote does on connecting) and hard reset
//   (machine.reset() of the virtual board's `machine` stand-in, which calls vpico.reset());
//   after a hard reset, or a soft reset from the friendly REPL, main.py runs;
// - raw-paste mode: refused (mpremote then sends plain raw-REPL commands);
// - errno numbers: emscripten's ENOENT (44) and EEXIST (20) are shown as MicroPython's 2, 17;
// - the main loop of the virtual board: when its main.py hands over (vpico.host_loop()), the
//   frames are run from here, one top-level call each, because this build only collects
//   garbage between top-level calls (gc.collect() inside a call merely asks for it).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript/micropython.mjs";

const FLASH = "/flash";
const HEAP = 192 * 1024;
let mp = null;
let out = [];
let rawMode = false;
let resetRequested = false;
let hostLoop = false;

function flush() {
  if (!out.length) return;
  let text = Buffer.from(out);
  out = [];
  // errno numbers as a Pico shows them (mpremote reads "OSError: 2" as ENOENT)
  text = Buffer.from(text.toString("latin1").replace(/OSError: 44\b/g, "OSError: 2")
    .replace(/\[Errno 44\]/g, "[Errno 2]").replace(/OSError: 20\b/g, "OSError: 17"), "latin1");
  process.stdout.write(text);
}

function emit(s) {
  for (const c of Buffer.from(s, "latin1")) out.push(c);
}

function snapshot(FS, dir, files = []) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const p = `${dir}/${name}`;
    if (FS.isDir(FS.stat(p).mode)) {
      files.push([p, null]);
      snapshot(FS, p, files);
    } else files.push([p, FS.readFile(p)]);
  }
  return files;
}

async function boot(runMain, enterRaw) {
  const files = mp ? snapshot(mp.FS, FLASH) : [];
  mp = await loadMicroPython({
    heapsize: HEAP, linebuffer: false,
    stdout: (b) => { for (const c of b) out.push(c); },
    stderr: (b) => { for (const c of b) out.push(c); },
  });
  mp.registerJsModule("vpico", {
    reset: () => { resetRequested = true; },
    host_loop: () => { hostLoop = true; },
  });
  mp.FS.mkdir(FLASH);
  for (const [p, data] of files) {
    if (data === null) mp.FS.mkdir(p);
    else mp.FS.writeFile(p, data);
  }
  mp.runPython(`import os\nos.chdir(${JSON.stringify(FLASH)})`);
  if (runMain && files.some(([p]) => p === `${FLASH}/main.py`)) {
    hostLoop = false;
    run("exec(open('main.py').read(), {'__name__': '__main__'})");
    let frames = 0;
    while (hostLoop && !resetRequested) {
      if (!run("import firmware.boards.virtual as _vp\n_vp_more = _vp.step()")) break;
      if (!mp.globals.get("_vp_more")) break;
      if (++frames % 50 === 0) { flush(); await new Promise((r) => setImmediate(r)); }
    }
    hostLoop = false;
  }
  mp.replInit();
  if (enterRaw) await mp.replProcessCharWithAsyncify(1);
  flush();
}

// Run Python at the top level; a traceback is shown as the REPL would show it.
function run(code) {
  try {
    mp.runPython(code);
    return true;
  } catch (e) {
    if (e && e.name === "PythonError") emit(e.message.replace(/\n/g, "\r\n"));
    else emit(`vpico: ${e}\r\n`);
    return false;
  }
}

// Input, one byte at a time and in order.
const queue = [];
let busy = false;
let pasteReq = 0; // how much of the raw-paste request (Ctrl-E "A" Ctrl-A) has been seen

async function feed() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const c = queue.shift();
    if (rawMode && (pasteReq === 0 ? c === 5 : pasteReq === 1 ? c === 65 : c === 1)) {
      if (++pasteReq === 3) {
        pasteReq = 0;
        emit("R\x00"); // raw paste not supported: mpremote falls back to the raw REPL
        flush();
      }
      continue;
    }
    if (pasteReq) { // not a paste request after all: pass on what was held back
      const held = [5, 65].slice(0, pasteReq);
      pasteReq = 0;
      for (const h of held) await mp.replProcessCharWithAsyncify(h);
    }
    if (c === 1) rawMode = true;
    else if (c === 2) rawMode = false;
    const exit = await mp.replProcessCharWithAsyncify(c);
    if (resetRequested) {
      resetRequested = false;
      flush();
      rawMode = false;
      await boot(true, false);
    } else if (exit) { // soft reset
      emit("MPY: soft reboot\r\n");
      flush();
      await boot(!rawMode, rawMode);
    }
    flush();
  }
  busy = false;
}

process.stdin.on("data", (data) => {
  for (const c of data) queue.push(c);
  feed();
});
process.stdin.on("end", () => process.exit(0));

await boot(true, false);

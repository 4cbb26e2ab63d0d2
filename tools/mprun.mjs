#!/usr/bin/env node
// Run a Python script under the npm MicroPython (wasm) in node.
//
//   node tools/mprun.mjs [--heap BYTES] SCRIPT.py [ARGS...]
//
// The repo's engine/, firmware/, tests/scenarios/, sim/bench/ and sim/virtual/ trees (.py
// and .bin files), sim/tactical_players.py and sim/fakes.py
// are copied into the MicroPython virtual FS under /repo at the same relative paths, as
// are the .py files beside SCRIPT; the .mpy files of build/device, if built, go to /device. sys.path starts with /repo, then the script's
// directory; sys.argv = [SCRIPT, ...ARGS]; the cwd is /repo.
// Exit code: 0 on normal end, n for SystemExit(n), 1 (traceback on stderr) otherwise.
// BYTES accepts a k/m suffix (e.g. 16m). The heap grows past it if needed.
// If the script leaves a function `step` in its globals, it is then called again and again,
// one top-level call each, until it returns a false value: this build collects garbage only
// between top-level calls (gc.collect() inside a call just asks for it), so a long run that
// must not pile up its garbage (a heap measurement) is written as steps.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript/micropython.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const COPY_DIRS = ["engine", "firmware", "tests/scenarios", "sim/bench", "sim/virtual"];
// Single files besides: the reference players the scenarios play tactical games with.
const COPY_FILES = ["sim/tactical_players.py", "sim/fakes.py"];
const FS_ROOT = "/repo";

function usage(msg) {
  if (msg) process.stderr.write(`mprun: ${msg}\n`);
  process.stderr.write("usage: node tools/mprun.mjs [--heap BYTES] SCRIPT.py [ARGS...]\n");
  process.exit(2);
}

function parseSize(s) {
  const m = /^(\d+)([kKmM]?)$/.exec(s || "");
  if (!m) usage(`bad heap size: ${s}`);
  const mult = { "": 1, k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()];
  return parseInt(m[1], 10) * mult;
}

// ---- arguments
const argv = process.argv.slice(2);
let heap = 8 * 1024 * 1024;
while (argv.length && argv[0].startsWith("--")) {
  const opt = argv.shift();
  if (opt === "--heap") heap = parseSize(argv.shift());
  else if (opt.startsWith("--heap=")) heap = parseSize(opt.slice(7));
  else if (opt === "--") break;
  else usage(`unknown option ${opt}`);
}
if (!argv.length) usage();
const scriptArg = argv.shift();
const scriptHost = path.resolve(scriptArg);
if (!fs.existsSync(scriptHost)) usage(`no such file: ${scriptArg}`);

// ---- output: synchronous writes, so output interleaves correctly and nothing is lost
// at exit. A closed pipe (e.g. `| head`) ends the run quietly, like SIGPIPE.
function write(fd, data) {
  let buf = Buffer.from(data);
  while (buf.length) {
    try {
      buf = buf.subarray(fs.writeSync(fd, buf));
    } catch (e) {
      if (e.code === "EAGAIN") continue;
      if (e.code === "EPIPE") process.exit(141);
      throw e;
    }
  }
}

// ---- MicroPython
const flushOut = (s) => write(1, s + "\n");
const flushErr = (s) => write(2, s + "\n");
const mp = await loadMicroPython({ heapsize: heap, stdout: flushOut, stderr: flushErr, linebuffer: true });

function mkdirp(fsPath) {
  let cur = "";
  for (const part of fsPath.split("/").filter(Boolean)) {
    cur += "/" + part;
    if (!mp.FS.analyzePath(cur).exists) mp.FS.mkdir(cur);
  }
}

function copyFile(hostPath, fsPath) {
  mkdirp(path.posix.dirname(fsPath));
  mp.FS.writeFile(fsPath, fs.readFileSync(hostPath));
}

function copyTree(hostDir, fsDir, exts = [".py", ".bin"]) {
  for (const ent of fs.readdirSync(hostDir, { withFileTypes: true })) {
    const h = path.join(hostDir, ent.name);
    if (ent.isDirectory()) {
      if (ent.name !== "__pycache__" && !ent.name.startsWith(".")) copyTree(h, `${fsDir}/${ent.name}`, exts);
    } else if (exts.some((e) => ent.name.endsWith(e))) {
      copyFile(h, `${fsDir}/${ent.name}`);
    }
  }
}

mkdirp(FS_ROOT);
for (const d of COPY_DIRS) {
  const host = path.join(REPO, d);
  if (fs.existsSync(host) && fs.statSync(host).isDirectory()) copyTree(host, `${FS_ROOT}/${d}`);
}
for (const f of COPY_FILES) copyFile(path.join(REPO, f), `${FS_ROOT}/${f}`);
// The device build (`make build`: .mpy files), when there is one, goes to /device, so the
// bench can load exactly what a Pico loads.
const DEVICE_BUILD = path.join(REPO, "build", "device");
if (fs.existsSync(DEVICE_BUILD)) copyTree(DEVICE_BUILD, "/device", [".mpy", ".bin"]);

// The script and its .py siblings: under /repo at the same place if inside the repo,
// else under /script.
const rel = path.relative(REPO, scriptHost);
const insideRepo = !rel.startsWith("..") && !path.isAbsolute(rel);
const scriptFs = insideRepo ? `${FS_ROOT}/${rel.split(path.sep).join("/")}` : `/script/${path.basename(scriptHost)}`;
const scriptDirFs = path.posix.dirname(scriptFs);
const scriptDirHost = path.dirname(scriptHost);
for (const name of fs.readdirSync(scriptDirHost)) {
  const h = path.join(scriptDirHost, name);
  if (name.endsWith(".py") && fs.statSync(h).isFile()) copyFile(h, `${scriptDirFs}/${name}`);
}
copyFile(scriptHost, scriptFs);

// ---- run
const shim = `
import sys as _mprun_sys, os as _mprun_os
_mprun_sys.path[:] = [${JSON.stringify(FS_ROOT)}, ${JSON.stringify(scriptDirFs)}] + [p for p in _mprun_sys.path if p not in ("", ${JSON.stringify(FS_ROOT)}, ${JSON.stringify(scriptDirFs)})]
_mprun_sys.argv[:] = ${JSON.stringify([scriptArg, ...argv])}
_mprun_os.chdir(${JSON.stringify(FS_ROOT)})
__file__ = ${JSON.stringify(scriptFs)}
_mprun_exit = 0
with open(__file__) as _mprun_f:
    _mprun_code = compile(_mprun_f.read(), __file__, "exec")
try:
    exec(_mprun_code, globals())
except SystemExit as _mprun_e:
    _mprun_a = _mprun_e.args
    _mprun_exit = _mprun_a[0] if _mprun_a else 0
    if _mprun_exit is None:
        _mprun_exit = 0
    elif not isinstance(_mprun_exit, int):
        print(_mprun_exit, file=_mprun_sys.stderr)
        _mprun_exit = 1
`;

function flushPartial() {
  const m = mp._module;
  for (const [buf, fd] of [["_stdoutBuffer", 1], ["_stderrBuffer", 2]]) {
    if (m[buf] && m[buf].length) {
      write(fd, new Uint8Array(m[buf]));
      m[buf] = [];
    }
  }
}

let code;
try {
  mp.runPython(shim);
  code = mp.globals.get("_mprun_exit");
  if (code === 0 && mp.globals.get("step")) {
    mp.runPython(`
def _mprun_step():
    global _mprun_exit
    try:
        return step()
    except SystemExit as _mprun_e:
        _mprun_exit = (_mprun_e.args or (0,))[0] or 0
`);
    for (;;) {
      mp.runPython("_mprun_more = _mprun_step()");
      flushPartial();
      if (!mp.globals.get("_mprun_more")) break;
    }
    code = mp.globals.get("_mprun_exit");
  }
} catch (e) {
  flushPartial();
  if (e && e.name === "PythonError") {
    // drop the shim's own frame from the traceback
    const msg = e.message.split("\n").filter((l) => !l.startsWith('  File "<stdin>"')).join("\n");
    write(2, msg.endsWith("\n") ? msg : msg + "\n");
  } else {
    write(2, `mprun: ${e && e.stack ? e.stack.split("\n")[0] : e}\n`);
  }
  code = 1;
}
flushPartial();
process.exitCode = code & 0xff;

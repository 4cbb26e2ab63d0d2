#!/usr/bin/env node
// An emulated Pico: MicroPython's own rp2 firmware run instruction by instruction in rp2040js,
// with an ST7789 on SPI decoded into frames and the board's buttons on their GPIOs.
// tools/pico_emu.py drives it; see that file for the whole picture.
//
//   node tools/pico_emu.mjs --firmware F.bin --bootrom B.bin --ctl-in FD --ctl-out FD
//                           [--flash IMAGE] [--spi 1 --dc 8 --cs 9]
//
// stdin/stdout carry UART0 (the firmware's REPL), byte for byte, so that a pseudo-terminal in
// front of them looks to mpremote like a Pico's serial port. The file descriptor --ctl-in takes
// commands, one JSON object a line, and --ctl-out answers each with one JSON line (the commands are below, in
// `commands`). The emulator runs freely (so mpremote can talk to it) until a command pauses it;
// from then on emulated time advances only in `run` commands, which makes every figure the
// same from run to run whatever the machine's load.
//
// What rp2040js 1.4.1 does not do as a Pico does, done here (../shared/pico-emu/README.md):
// - UART: the transmit interrupt is raised when a byte is sent, not at every check (else the
//   core never leaves the handler); received bytes are fed only while the FIFO has room;
// - flash writes: the bootrom's erase and program functions are replaced by breakpoints and
//   done here, charging a W25Q16's typical times (45 ms a 4 KB sector, 0.4 ms a 256-byte page);
// - SPI: each byte completes 8 clock periods after it started, at the clock the firmware set;
// - reset through the watchdog (machine.reset()) boots a fresh chip with the same flash.
import fs from "node:fs";
import { RP2040 } from "rp2040js";

const ARGS = parseArgs(process.argv.slice(2));
// stdout is the UART: rp2040js's own messages go to stderr, less the SIO FIFO ones (core 1's
// FIFO is not emulated; MicroPython's reads of it are harmless)
console.log = console.warn = (...a) => {
  const s = a.join(" ");
  if (!/invalid SIO address/.test(s)) process.stderr.write(`pico-emu: ${s}\n`);
};
const CYCLE_NS = 8; // 125 MHz, as rp2040js counts
const ERASE_NS = 45e6; // a 4 KB sector
const PAGE_NS = 0.4e6; // a 256-byte page program
const SECTOR = 4096;
const PAGE = 256;

function parseArgs(argv) {
  const out = { spi: 1, dc: 8, cs: 9, "ctl-in": 3, "ctl-out": 4 };
  for (let i = 0; i < argv.length; i += 2) out[argv[i].replace(/^--/, "")] = argv[i + 1];
  for (const k of ["spi", "dc", "cs", "ctl-in", "ctl-out"]) out[k] = Number(out[k]);
  return out;
}

const firmware = fs.readFileSync(ARGS.firmware);
const bootromBytes = fs.readFileSync(ARGS.bootrom);
let flashImage = null; // the whole 2 MB flash, carried over resets
if (ARGS.flash && fs.existsSync(ARGS.flash)) flashImage = new Uint8Array(fs.readFileSync(ARGS.flash));

let mcu = null;
let clockBase = 0; // emulated ns before the current chip's boot (resets start a new clock)
let resetWanted = false;
const uartOut = []; // bytes the device sent since the last command's answer
const lines = []; // [ns, text] of each line the device sent since the last answer
let line = [];
const uartIn = []; // bytes waiting to go into UART0's receive FIFO
let lastFeed = 0;
const FEED_GAP_NS = 20e3; // at most one received byte every 20 us (the handler drains it)

// --- the panel -----------------------------------------------------------------------------
const RAM_W = 320;
const RAM_H = 320;
const panel = new Uint16Array(RAM_W * RAM_H); // the ST7789's memory, as sent (RGB565)
const lcd = { cmd: 0, args: [], x0: 0, x1: 0, y0: 0, y1: 0, x: 0, y: 0, hi: -1, writing: false,
  pushStart: 0, lastByte: 0, bytes: 0, minY: 1e9, maxY: -1 };
const pushes = []; // [start ns, end ns, first row, last row, bytes] of each RAMWR since asked
// [start, ns] of each flash erase or program since asked: start on the chip's own clock (the
// device's ticks_us x 1000), ns the time charged (hardware time, the same on silicon)
const flashOps = [];
let lastPushEnd = 0;

function now() {
  return clockBase + (mcu ? mcu.clock.nanos : 0);
}

function endPush() {
  if (!lcd.writing) return;
  lcd.writing = false;
  if (lcd.bytes) {
    pushes.push([lcd.pushStart, lcd.lastByte, lcd.minY, lcd.maxY, lcd.bytes]);
    lastPushEnd = lcd.lastByte;
  }
}

function spiByte(value) {
  const dc = mcu.gpio[ARGS.dc].outputValue;
  if (!dc) {
    endPush();
    lcd.cmd = value;
    lcd.args = [];
    if (value === 0x2c) {
      lcd.writing = true;
      lcd.x = lcd.x0;
      lcd.y = lcd.y0;
      lcd.hi = -1;
      lcd.bytes = 0;
      lcd.pushStart = now();
      lcd.minY = 1e9;
      lcd.maxY = -1;
    }
    return;
  }
  if (lcd.writing) {
    lcd.bytes++;
    lcd.lastByte = now();
    if (lcd.hi < 0) { lcd.hi = value; return; }
    const px = (lcd.hi << 8) | value;
    lcd.hi = -1;
    if (lcd.x < RAM_W && lcd.y < RAM_H) panel[lcd.y * RAM_W + lcd.x] = px;
    if (lcd.y < lcd.minY) lcd.minY = lcd.y;
    if (lcd.y > lcd.maxY) lcd.maxY = lcd.y;
    if (++lcd.x > lcd.x1) {
      lcd.x = lcd.x0;
      if (++lcd.y > lcd.y1) lcd.y = lcd.y0;
    }
    return;
  }
  lcd.args.push(value);
  if (lcd.args.length === 4 && (lcd.cmd === 0x2a || lcd.cmd === 0x2b)) {
    const a = (lcd.args[0] << 8) | lcd.args[1];
    const b = (lcd.args[2] << 8) | lcd.args[3];
    if (lcd.cmd === 0x2a) { lcd.x0 = a; lcd.x1 = b; } else { lcd.y0 = a; lcd.y1 = b; }
  }
}

// --- the chip ------------------------------------------------------------------------------
function patchBootrom(chip) {
  // The function table: a 16-bit pointer at 0x14 to (code, address) pairs of 16 bits each,
  // the code two ASCII letters, low byte first.
  const rom16 = new Uint16Array(chip.bootrom.buffer);
  const table = rom16[0x14 >> 1];
  const patches = { RE: 1, RP: 2, IF: 3, EX: 4, FC: 5 };
  for (let p = table; rom16[p >> 1]; p += 4) {
    const code = rom16[p >> 1];
    const name = String.fromCharCode(code & 0xff, code >> 8);
    if (patches[name]) {
      const at = rom16[(p + 2) >> 1] & ~1;
      rom16[at >> 1] = 0xbe00 | patches[name]; // BKPT #n
      rom16[(at + 2) >> 1] = 0x4770; // BX LR
    }
  }
}

function chargeFlash(ns) {
  flashOps.push([mcu.clock.nanos, ns]);
  mcu.clock.tick(ns);
}

function onBreak(code) {
  const r = mcu.core.registers;
  const flash = mcu.flash;
  if (code === 1) { // flash_range_erase(offset, count, block_size, block_cmd)
    const off = r[0] >>> 0;
    const count = r[1] >>> 0;
    flash.fill(0xff, off, off + count);
    chargeFlash(Math.ceil(count / SECTOR) * ERASE_NS);
  } else if (code === 2) { // flash_range_program(offset, data, count)
    const off = r[0] >>> 0;
    const src = (r[1] >>> 0) - 0x20000000;
    const count = r[2] >>> 0;
    for (let i = 0; i < count; i++) flash[off + i] &= mcu.sram[src + i];
    chargeFlash(Math.ceil(count / PAGE) * PAGE_NS);
  } else if (code > 5) {
    process.stderr.write(`pico-emu: breakpoint ${code} at ${(mcu.core.PC >>> 0).toString(16)}\n`);
  }
}

const quiet = { debug() {}, info() {}, warn() {}, error(c, m) { process.stderr.write(`pico-emu: ${c}: ${m}\n`); } };

function boot() {
  if (mcu) clockBase += mcu.clock.nanos;
  const chip = new RP2040();
  chip.logger = quiet;
  chip.loadBootrom(new Uint32Array(bootromBytes.buffer, bootromBytes.byteOffset, bootromBytes.length / 4));
  patchBootrom(chip);
  if (flashImage) chip.flash.set(flashImage); // the file system as it was
  chip.flash.set(firmware, 0);
  chip.onBreak = (code) => onBreak(code);
  chip.core.PC = 0x10000000;
  // UART0: the transmit interrupt on each byte sent, not at every check
  const uart = chip.uart[0];
  uart.checkInterrupts = function () {
    this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
  };
  uart.onByte = (b) => {
    uartOut.push(b);
    if (b === 10) {
      lines.push([now(), Buffer.from(line).toString("latin1").replace(/\r$/, "")]);
      line = [];
    } else {
      line.push(b);
      if (line.length > 4000) line = line.slice(-2000); // (mpremote's raw REPL sends no newlines)
    }
    uart.interruptStatus |= 1 << 5;
    uart.checkInterrupts();
  };
  // SPI: a byte takes 8 clock periods
  const spi = chip.spi[ARGS.spi];
  const done = chip.clock.createAlarm(() => spi.completeTransmit(0));
  spi.onTransmit = (value) => {
    spiByte(value);
    const hz = spi.clockFrequency || 1e6;
    done.schedule(8e9 / hz);
  };
  chip.gpio[ARGS.cs].addListener(() => { if (chip.gpio[ARGS.cs].outputValue) endPush(); });
  const wd = chip.peripherals[0x40058];
  if (wd) wd.onWatchdogTrigger = () => { resetWanted = true; };
  for (const pin of chip.gpio) pin.setInputValue(true); // the buttons' pull-ups
  mcu = chip;
  line = [];
  applyKeys();
}

let keysDown = [];
// The buttons' levels on their pins. Only a pin whose level changes is set: rp2040js notes an
// edge on every call, even at the same level, where a Pico sees none.
function applyKeys() {
  for (const [i, pin] of mcu.gpio.entries()) {
    const up = !keysDown.includes(i);
    if (i !== ARGS.dc && i !== ARGS.cs && pin.rawInputValue !== up) pin.setInputValue(up);
  }
}

// Run until emulated time `until` (ns) or `stop()` says so; returns false when stopped early.
function runUntil(until, stop) {
  let core = mcu.core;
  let clock = mcu.clock;
  let n = 0;
  while (now() < until) {
    if (uartIn.length && !mcu.uart[0].rxFIFO.full && now() - lastFeed >= FEED_GAP_NS) {
      mcu.uart[0].feedByte(uartIn.shift());
      lastFeed = now();
    }
    for (let i = 0; i < 2000; i++) {
      if (core.waiting) {
        const wait = clock.nanosToNextAlarm;
        clock.tick(Math.max(wait, CYCLE_NS));
        if (uartIn.length) break;
      } else {
        clock.tick(core.executeInstruction() * CYCLE_NS);
      }
    }
    if (resetWanted) {
      resetWanted = false;
      flashImage = new Uint8Array(mcu.flash);
      boot();
      core = mcu.core;
      clock = mcu.clock;
    }
    if (stop && (++n & 15) === 0 && stop()) return false;
  }
  return true;
}

// --- commands ------------------------------------------------------------------------------
function screen(x, y, w, h) {
  const out = Buffer.alloc(w * h * 2);
  let k = 0;
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const px = panel[(y + j) * RAM_W + x + i];
      out[k++] = px >> 8;
      out[k++] = px & 0xff;
    }
  }
  return out.toString("base64");
}

let free = true; // running freely (for mpremote), or only in `run` commands

function answer(extra) {
  const out = { t: now(), lines: lines.splice(0), pushes: pushes.splice(0),
    flash: flashOps.splice(0), ...extra };
  uartOut.length = 0;
  ctlOut.write(JSON.stringify(out) + "\n");
}

const commands = {
  pause() { free = false; return {}; },
  resume() { free = true; return {}; },
  // run for `ms` of emulated time; `quiet_ms`: stop early once no frame has been pushed for
  // that long (and a push happened or `max` passed); `uart`: stop once the device printed it
  run(c) {
    const start = now();
    const end = start + c.ms * 1e6;
    const seen = lines.length;
    const stop = () => {
      if (c.uart) {
        for (let i = seen; i < lines.length; i++) if (lines[i][1].startsWith(c.uart)) return true;
      }
      if (c.quiet_ms) {
        const last = Math.max(lastPushEnd, start);
        if (!lcd.writing && now() - last >= c.quiet_ms * 1e6 && (lastPushEnd > start || c.any)) return true;
      }
      return false;
    };
    const finished = runUntil(end, c.uart || c.quiet_ms ? stop : null);
    return { stopped: !finished };
  },
  keys(c) { keysDown = c.down || []; applyKeys(); return {}; },
  uart(c) { for (const b of Buffer.from(c.data, "latin1")) uartIn.push(b); return {}; },
  screen(c) { return { rgb565: screen(c.x, c.y, c.w, c.h) }; },
  save_flash(c) { fs.writeFileSync(c.path, mcu.flash); return {}; },
  reset(c) {
    flashImage = new Uint8Array(mcu.flash);
    if (c.keys) keysDown = c.keys;
    lastPushEnd = 0;
    boot();
    return {};
  },
  quit() { setImmediate(() => process.exit(0)); return {}; },
};

// The command pipe is read here, synchronously and without blocking (the harness makes it
// non-blocking), and answers are written the same way: a stream on it, read by libuv's thread
// pool, once lost a command for good, leaving the harness waiting for its answer for ever.
const ctlBuf = Buffer.alloc(65536);
let pending = "";
const queue = [];
function readCommands() {
  for (;;) {
    let n;
    try {
      n = fs.readSync(ARGS["ctl-in"], ctlBuf, 0, ctlBuf.length, null);
    } catch (e) {
      if (e.code === "EAGAIN") return;
      throw e;
    }
    if (n === 0) process.exit(0); // the harness is gone
    pending += ctlBuf.toString("latin1", 0, n);
    let i;
    while ((i = pending.indexOf("\n")) >= 0) {
      queue.push(JSON.parse(pending.slice(0, i)));
      pending = pending.slice(i + 1);
    }
  }
}
const ctlOut = {
  write(text) {
    const b = Buffer.from(text);
    for (let at = 0; at < b.length;) at += fs.writeSync(ARGS["ctl-out"], b, at);
  },
};

process.stdin.on("data", (d) => { for (const b of d) uartIn.push(b); });
process.stdin.on("end", () => {});

function flushUart() {
  if (free && uartOut.length) process.stdout.write(Buffer.from(uartOut.splice(0)));
}

boot();
async function main() {
  for (;;) {
    readCommands();
    while (queue.length) {
      const c = queue.shift();
      let extra;
      try {
        extra = commands[c.op](c);
      } catch (e) {
        extra = { error: String(e && e.stack || e) };
      }
      if (!free) {
        const text = Buffer.from(uartOut).toString("latin1");
        if (text) process.stdout.write(Buffer.from(uartOut)); // the pty sees it too
      }
      answer(extra);
    }
    if (free) {
      runUntil(now() + 2e6, null); // 2 ms of emulated time
      flushUart();
    }
    await new Promise((r) => setImmediate(r));
    if (!free && !queue.length) await new Promise((r) => setTimeout(r, 1));
  }
}
main();

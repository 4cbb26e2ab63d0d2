#!/usr/bin/env node
// An emulated Pico: MicroPython's own rp2 firmware run instruction by instruction in rp2040js,
// with an ST7789 on SPI decoded into frames and the board's buttons on their GPIOs.
// tools/pico_emu.py drives it; see that file for the whole picture.
//
//   node tools/pico_emu.mjs --firmware F.bin --bootrom B.bin --ctl-in FD --ctl-out FD
//                           [--flash IMAGE] [--spi 1 --dc 8 --cs 9] [--chips 2]
//
// stdin/stdout carry the first chip's UART0 (the firmware's REPL), byte for byte, so that a
// pseudo-terminal in front of them looks to mpremote like a Pico's serial port. With --chips 2,
// two Picos with the same flash run side by side in one emulated time, UART1 of each wired to
// the other's (a linked game's cable, at the line rate the firmware sets). The file descriptor --ctl-in takes
// commands, one JSON object a line, and --ctl-out answers each with one JSON line (the commands are below, in
// `commands`). The emulator runs freely (so mpremote can talk to it) until a command pauses it;
// from then on emulated time advances only in `run` commands, which makes every figure the
// same from run to run whatever the machine's load.
//
// What rp2040js 1.4.1 does not do as a Pico does, done here (../shared/pico-emu/README.md):
// - UARTs: the transmit interrupt is raised when a byte is sent, not at every check (else the
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
  const out = { spi: 1, dc: 8, cs: 9, "ctl-in": 3, "ctl-out": 4, chips: 1 };
  for (let i = 0; i < argv.length; i += 2) out[argv[i].replace(/^--/, "")] = argv[i + 1];
  for (const k of ["spi", "dc", "cs", "ctl-in", "ctl-out", "chips"]) out[k] = Number(out[k]);
  return out;
}

const firmware = fs.readFileSync(ARGS.firmware);
const bootromBytes = fs.readFileSync(ARGS.bootrom);
const RAM_W = 320; // the ST7789's memory
const RAM_H = 320;
const FEED_GAP_NS = 20e3; // at most one byte into UART0 every 20 us (the handler drains it)
const STEP_NS = 40e3; // two chips run in turns of this: less than a byte's time on the wire
const WIRE_BAUD = 115200; // UART1's line rate, when the firmware has not set its own yet

// One Pico: the chip, its panel and its buttons, and what it said since the last answer.
class Chip {
  constructor(index, image) {
    this.index = index;
    this.flashImage = image; // the whole 2 MB flash, carried over resets
    this.mcu = null;
    this.clockBase = 0; // emulated ns before the current boot (resets start a new clock)
    this.resetWanted = false;
    this.uartOut = []; // bytes sent on UART0 since the last answer
    this.lines = []; // [ns, text] of each line sent on UART0 since the last answer
    this.line = [];
    this.uartIn = []; // bytes waiting to go into UART0's receive FIFO
    this.lastFeed = 0;
    this.wireIn = []; // [ns it arrives, byte] on UART1, from the other chip
    this.wireLast = 0; // when the last byte on the way here ends
    this.sent = 0; // bytes sent on UART1 since power-on of the pair
    this.panel = new Uint16Array(RAM_W * RAM_H); // the ST7789's memory, as sent (RGB565)
    this.lcd = { cmd: 0, args: [], x0: 0, x1: 0, y0: 0, y1: 0, x: 0, y: 0, hi: -1,
      writing: false, pushStart: 0, lastByte: 0, bytes: 0, minY: 1e9, maxY: -1 };
    this.pushes = []; // [start ns, end ns, first row, last row, bytes] of each RAMWR
    // [start, ns] of each flash erase or program since asked: start on the chip's own clock
    // (the device's ticks_us x 1000), ns the time charged (hardware time, the same on silicon)
    this.flashOps = [];
    this.lastPushEnd = 0;
    this.keysDown = [];
    this.boot();
  }

  now() {
    return this.clockBase + (this.mcu ? this.mcu.clock.nanos : 0);
  }

  endPush() {
    const lcd = this.lcd;
    if (!lcd.writing) return;
    lcd.writing = false;
    if (lcd.bytes) {
      this.pushes.push([lcd.pushStart, lcd.lastByte, lcd.minY, lcd.maxY, lcd.bytes]);
      this.lastPushEnd = lcd.lastByte;
    }
  }

  spiByte(value) {
    const lcd = this.lcd;
    const dc = this.mcu.gpio[ARGS.dc].outputValue;
    if (!dc) {
      this.endPush();
      lcd.cmd = value;
      lcd.args = [];
      if (value === 0x2c) {
        lcd.writing = true;
        lcd.x = lcd.x0;
        lcd.y = lcd.y0;
        lcd.hi = -1;
        lcd.bytes = 0;
        lcd.pushStart = this.now();
        lcd.minY = 1e9;
        lcd.maxY = -1;
      }
      return;
    }
    if (lcd.writing) {
      lcd.bytes++;
      lcd.lastByte = this.now();
      if (lcd.hi < 0) { lcd.hi = value; return; }
      const px = (lcd.hi << 8) | value;
      lcd.hi = -1;
      if (lcd.x < RAM_W && lcd.y < RAM_H) this.panel[lcd.y * RAM_W + lcd.x] = px;
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

  chargeFlash(ns) {
    this.flashOps.push([this.mcu.clock.nanos, ns]);
    this.mcu.clock.tick(ns);
  }

  onBreak(code) {
    const mcu = this.mcu;
    const r = mcu.core.registers;
    const flash = mcu.flash;
    if (code === 1) { // flash_range_erase(offset, count, block_size, block_cmd)
      const off = r[0] >>> 0;
      const count = r[1] >>> 0;
      flash.fill(0xff, off, off + count);
      this.chargeFlash(Math.ceil(count / SECTOR) * ERASE_NS);
    } else if (code === 2) { // flash_range_program(offset, data, count)
      const off = r[0] >>> 0;
      const src = (r[1] >>> 0) - 0x20000000;
      const count = r[2] >>> 0;
      for (let i = 0; i < count; i++) flash[off + i] &= mcu.sram[src + i];
      this.chargeFlash(Math.ceil(count / PAGE) * PAGE_NS);
    } else if (code > 5) {
      process.stderr.write(`pico-emu: breakpoint ${code} at ${(mcu.core.PC >>> 0).toString(16)}\n`);
    }
  }

  boot() {
    if (this.mcu) {
      this.clockBase += this.mcu.clock.nanos;
      this.flashImage = new Uint8Array(this.mcu.flash);
    }
    const chip = new RP2040();
    chip.logger = quiet;
    chip.loadBootrom(new Uint32Array(bootromBytes.buffer, bootromBytes.byteOffset, bootromBytes.length / 4));
    patchBootrom(chip);
    if (this.flashImage) chip.flash.set(this.flashImage); // the file system as it was
    chip.flash.set(firmware, 0);
    chip.onBreak = (code) => this.onBreak(code);
    chip.core.PC = 0x10000000;
    // UART0 (the REPL) and UART1 (the link): the transmit interrupt on each byte sent, not at
    // every check
    for (const uart of chip.uart) {
      uart.checkInterrupts = function () {
        this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
      };
    }
    const uart = chip.uart[0];
    uart.onByte = (b) => {
      this.uartOut.push(b);
      if (b === 10) {
        this.lines.push([this.now(), Buffer.from(this.line).toString("latin1").replace(/\r$/, "")]);
        this.line = [];
      } else {
        this.line.push(b);
        if (this.line.length > 4000) this.line = this.line.slice(-2000); // (mpremote's raw REPL sends no newlines)
      }
      uart.interruptStatus |= 1 << 5;
      uart.checkInterrupts();
    };
    const link = chip.uart[1];
    link.onByte = (b) => {
      this.sendOnWire(b, link.baudDivider ? link.baudRate : WIRE_BAUD);
      link.interruptStatus |= 1 << 5;
      link.checkInterrupts();
    };
    // SPI: a byte takes 8 clock periods
    const spi = chip.spi[ARGS.spi];
    const done = chip.clock.createAlarm(() => spi.completeTransmit(0));
    spi.onTransmit = (value) => {
      this.spiByte(value);
      const hz = spi.clockFrequency || 1e6;
      done.schedule(8e9 / hz);
    };
    chip.gpio[ARGS.cs].addListener(() => { if (chip.gpio[ARGS.cs].outputValue) this.endPush(); });
    const wd = chip.peripherals[0x40058];
    if (wd) wd.onWatchdogTrigger = () => { this.resetWanted = true; };
    for (const pin of chip.gpio) pin.setInputValue(true); // the buttons' pull-ups
    this.mcu = chip;
    this.line = [];
    this.applyKeys();
  }

  // A byte sent on UART1 reaches the other chip's receiver when its last bit has crossed the
  // wire (ten bits: start, eight, stop), after the bytes before it; a pulled cable loses it.
  sendOnWire(b, baud) {
    const other = chips[1 - this.index];
    this.sent++;
    if (!other || !cable.plugged) return;
    const at = Math.max(this.now(), other.wireLast) + 10e9 / baud;
    other.wireLast = at;
    other.wireIn.push([at, b]);
  }

  // The buttons' levels on their pins. Only a pin whose level changes is set: rp2040js notes
  // an edge on every call, even at the same level, where a Pico sees none.
  applyKeys() {
    for (const [i, pin] of this.mcu.gpio.entries()) {
      const up = !this.keysDown.includes(i);
      if (i !== ARGS.dc && i !== ARGS.cs && pin.rawInputValue !== up) pin.setInputValue(up);
    }
  }

  // Run until emulated time `until` (ns), `batch` instructions between looks at the clock.
  runTo(until, batch) {
    const mcu = this.mcu;
    const core = mcu.core;
    const clock = mcu.clock;
    while (this.now() < until) {
      if (this.uartIn.length && !mcu.uart[0].rxFIFO.full && this.now() - this.lastFeed >= FEED_GAP_NS) {
        mcu.uart[0].feedByte(this.uartIn.shift());
        this.lastFeed = this.now();
      }
      while (this.wireIn.length && this.wireIn[0][0] <= this.now() && !mcu.uart[1].rxFIFO.full) {
        mcu.uart[1].feedByte(this.wireIn.shift()[1]);
      }
      for (let i = 0; i < batch; i++) {
        if (core.waiting) {
          // (asleep: on to its next alarm, or to a byte coming in, never past `until`)
          let wait = Math.min(clock.nanosToNextAlarm, until - this.now());
          if (this.wireIn.length) wait = Math.min(wait, this.wireIn[0][0] - this.now());
          clock.tick(Math.max(wait, CYCLE_NS));
          if (this.uartIn.length || this.wireIn.length) break;
        } else {
          clock.tick(core.executeInstruction() * CYCLE_NS);
        }
      }
      if (this.resetWanted) {
        this.resetWanted = false;
        this.boot();
        return this.runTo(until, batch);
      }
    }
  }

  screen(x, y, w, h) {
    const out = Buffer.alloc(w * h * 2);
    let k = 0;
    for (let j = 0; j < h; j++) {
      for (let i = 0; i < w; i++) {
        const px = this.panel[(y + j) * RAM_W + x + i];
        out[k++] = px >> 8;
        out[k++] = px & 0xff;
      }
    }
    return out.toString("base64");
  }

  // What it said and did since the last answer (taken: the next answer has only what follows)
  take() {
    this.uartOut.length = 0;
    return { t: this.now(), lines: this.lines.splice(0), pushes: this.pushes.splice(0),
      flash: this.flashOps.splice(0), sent: this.sent };
  }
}

// --- the chips -----------------------------------------------------------------------------
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

const quiet = { debug() {}, info() {}, warn() {}, error(c, m) { process.stderr.write(`pico-emu: ${c}: ${m}\n`); } };

const cable = { plugged: true }; // UART1 of each chip to the other's, both ways
const chips = [];
let flashImage = null;
if (ARGS.flash && fs.existsSync(ARGS.flash)) flashImage = new Uint8Array(fs.readFileSync(ARGS.flash));
for (let i = 0; i < ARGS.chips; i++) chips.push(new Chip(i, flashImage && flashImage.slice()));

// Run every chip until emulated time `until` (ns) or `stop()` says so; returns false when
// stopped early. Two chips run in turns of STEP_NS, shorter than a byte takes on the wire, so
// that neither reads the cable before the other could have written what it carries.
function runUntil(until, stop) {
  const single = chips.length === 1;
  let n = 0;
  for (;;) {
    const t = Math.min(...chips.map((c) => c.now()));
    if (t >= until) return true;
    for (const c of chips) c.runTo(single ? Math.min(until, t + 5e5) : Math.min(until, t + STEP_NS), single ? 2000 : 200);
    if (stop && (++n & (single ? 0 : 15)) === 0 && stop()) return false;
  }
}

// --- commands ------------------------------------------------------------------------------
let free = true; // running freely (for mpremote), or only in `run` commands

// Every command is answered with what each chip said and did since the last answer.
function answer(extra) {
  const out = { chips: chips.map((c) => c.take()), ...extra };
  ctlOut.write(JSON.stringify(out) + "\n");
}

// A command's chip: `chip` (an index) or the first.
const chipOf = (c) => chips[c.chip || 0];

const commands = {
  pause() { free = false; return {}; },
  resume() { free = true; return {}; },
  // run every chip for `ms` of emulated time; stop early (for the chip `chip`): `quiet_ms`,
  // once no frame has been pushed for that long (and a push happened or `any`); `uart`, once
  // the device printed it (with `every`: once any chip did)
  run(c) {
    const chip = chipOf(c);
    const start = chip.now();
    const end = start + c.ms * 1e6;
    const watched = c.every ? chips : [chip];
    const seen = watched.map((w) => w.lines.length);
    const stop = () => {
      if (c.uart) {
        for (const [k, w] of watched.entries()) {
          for (let i = seen[k]; i < w.lines.length; i++) if (w.lines[i][1].startsWith(c.uart)) return true;
        }
      }
      if (c.quiet_ms) {
        const last = Math.max(chip.lastPushEnd, start);
        if (!chip.lcd.writing && chip.now() - last >= c.quiet_ms * 1e6 &&
            (chip.lastPushEnd > start || c.any)) return true;
      }
      return false;
    };
    const finished = runUntil(end, c.uart || c.quiet_ms ? stop : null);
    return { stopped: !finished };
  },
  keys(c) { const chip = chipOf(c); chip.keysDown = c.down || []; chip.applyKeys(); return {}; },
  uart(c) { for (const b of Buffer.from(c.data, "latin1")) chipOf(c).uartIn.push(b); return {}; },
  screen(c) { return { rgb565: chipOf(c).screen(c.x, c.y, c.w, c.h) }; },
  save_flash(c) { fs.writeFileSync(c.path, chipOf(c).mcu.flash); return {}; },
  // power off and on (`keys` held): the flash keeps its files
  reset(c) {
    const chip = chipOf(c);
    if (c.keys) chip.keysDown = c.keys;
    chip.lastPushEnd = 0;
    chip.boot();
    return {};
  },
  // the link cable between the two chips in or out (bytes on the way are lost with it)
  cable(c) {
    cable.plugged = !!c.plugged;
    if (!cable.plugged) for (const chip of chips) chip.wireIn.length = 0;
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

process.stdin.on("data", (d) => { for (const b of d) chips[0].uartIn.push(b); });
process.stdin.on("end", () => {});

function flushUart() {
  const out = chips[0].uartOut;
  if (free && out.length) process.stdout.write(Buffer.from(out.splice(0)));
}

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
      if (!free && chips[0].uartOut.length) {
        process.stdout.write(Buffer.from(chips[0].uartOut)); // the pty sees it too
      }
      answer(extra);
    }
    if (free) {
      runUntil(chips[0].now() + 2e6, null); // 2 ms of emulated time
      flushUart();
    }
    await new Promise((r) => setImmediate(r));
    if (!free && !queue.length) await new Promise((r) => setTimeout(r, 1));
  }
}
main();

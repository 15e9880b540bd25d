# Table Warden — the two commands are `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench bench-pi fuzz clean tools deps-xvfb rules-ledger
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

## run: start the service on the simulated box (a window if there is a display, headless otherwise)
run: $(STAMP)
	$(BIN)/tablewarden run --hardware sim

## tools: systemd-analyze for tests/deploy's unit checks (apt, as root; CI runs it, make test does not)
tools:
	@command -v systemd-analyze >/dev/null || \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd; \
	  else echo "make tools: install systemd (apt) to check deploy/'s unit"; fi

## deps-xvfb: the virtual X display the simulator-window tests capture under (apt; CI runs it)
deps-xvfb:
	@command -v Xvfb >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq xvfb; }

## test: install what the suite needs (into .venv only) and run all of it; the tests that need
## systemd-analyze or Xvfb skip, saying so, where they are missing (CI installs them: .ci/run);
## two pytest workers (pytest-xdist): a targeted run is plain `.venv/bin/python -m pytest tests/...`
test: $(STAMP)
	$(BIN)/ruff check contracts store app device firmware_bridge ui games hw_sim tests benchmarks docs
	$(BIN)/mypy
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q -n 2

lint: $(STAMP)
	$(BIN)/ruff check contracts store app device firmware_bridge ui games hw_sim tests benchmarks docs

## rules-ledger: how many lines of each rulebook the ledgers account for (docs/rules/)
rules-ledger: $(STAMP)
	$(BIN)/python -m tests.rules.ledger

## deps-bench: strace, which counts the fsyncs of a press (benchmarks/phase_end.py)
deps-bench:
	@command -v strace >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq strace; }

## bench: every benchmark against its same-run baseline, written to docs/PERFORMANCE.md (about 45 minutes: the soak is 20)
bench: $(STAMP) deps-bench
	$(BIN)/python -m benchmarks

## bench-pi: only the Pi-class run of every press (one core; slowed to a Pi's speed where cgroup v2 cpu.max allows), printed
bench-pi: $(STAMP) deps-bench
	$(BIN)/python -m benchmarks.latency --pi-class

## pi-check: the install, the CLI and the pure tests on the Pi's OS and CPU, emulated: an arm64 Bookworm
## root under qemu-user-static, cached (path printed); as root; about 20 minutes; not part of test (docs/PI.md)
.PHONY: pi-check
pi-check:
	bash deploy/pi-check/pi-check.sh

## fuzz: the bad-input fuzzers (scripts, config, packs, imports, the tray) and the damage campaign (faults on the
## journal, WAL, SHM, mirror and copies) at FUZZ times their make-test size, with counts
FUZZ ?= 20
fuzz: $(STAMP)
	TABLEWARDEN_FUZZ=$(FUZZ) SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q -p no:cacheprovider \
	  tests/reliability/test_untrusted.py tests/reliability/test_fuzz_inputs.py tests/reliability/test_fuzz_packs.py \
	  tests/firmware_bridge/test_parser_fuzz.py tests/reliability/test_damage_campaign.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache

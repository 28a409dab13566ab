# Fire and Ice board: setup, tests, benchmarks.
# Everything installs into .venv/: what the tools run on from the pinned
# requirements.txt (make setup, make sim, make play), the game server's
# packages over it from requirements-server.txt (make server), the
# development tools from requirements-dev.txt (make setup-dev, make test and
# the rest).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MP := $(VENV)/bin/micropython
# the compiler binary itself (its .venv/bin/mpy-cross is a Python script
# that starts the interpreter before running it, for every file); expanded
# as a recipe runs
MPYCROSS = $(shell $(PY) -c "from fireice_tools.firmware import mpy_cross; print(mpy_cross())")
STUBS := $(VENV)/mpy-typeshed
BUILD := .build
# RUN_STAMP: the runtime set is installed; SERVER_STAMP: the server's too;
# STAMP: the development set too
RUN_STAMP := $(VENV)/.installed-run
SERVER_STAMP := $(VENV)/.installed-server
STAMP := $(VENV)/.installed
# pip for .venv: its own once it has one (make setup-dev gives it one), else
# the pip beside $(PYTHON), installing into it (pip's --python). (Expanded
# as a recipe runs, after the venv is made.)
PIP = $(shell test -x $(VENV)/bin/pip && echo "$(PY) -m pip" || echo "$(PYTHON) -m pip --python $(PY)") \
	install --quiet --disable-pip-version-check
FIRMWARE := $(shell find firmware -name '*.py')

# $(call compile,ARCH,DIR): every firmware file to DIR/*.mpy for ARCH.
compile = rm -rf $(2) && for f in $(FIRMWARE); do \
		out=$(2)/$${f\#firmware/}; mkdir -p $$(dirname $$out); \
		$(MPYCROSS) -march=$(1) -o $${out%.py}.mpy $$f || exit 1; \
	done

.PHONY: test-asan setup setup-dev server docs screenshot lint hardware test test-mp test-64k test-py mpy typecheck bench bench-engine bench-solver bench-server bench-calibration bench-setup sim play clean browser

setup: $(RUN_STAMP)

setup-dev: $(STAMP)

# The venv is made without a pip of its own: ensurepip byte-compiles pip
# and setuptools into it, which took as long as all the rest of make sim.
# The pip beside $(PYTHON) installs into it (pip 22.3 or later); a
# $(PYTHON) without one gives the venv its own.
$(PY):
	$(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip --python $(PY) --version >/dev/null 2>&1 || $(PY) -m ensurepip --default-pip

# (--no-deps: requirements.txt pins every package the tools need, so pip
# has nothing to resolve; --no-compile: Python compiles a module when it is
# first imported, so only what runs is compiled, not every file of every
# package)
# (the native core is built by the editable install: a change to its C
# source builds it again)
$(RUN_STAMP): requirements.txt pyproject.toml host_tools/native/fireice_native.c | $(PY)
	$(PIP) --no-compile --no-deps -r requirements.txt
	$(PIP) --no-compile --no-deps --no-build-isolation -e .
	touch $(RUN_STAMP)

$(SERVER_STAMP): $(RUN_STAMP) requirements-server.txt
	$(PIP) --no-compile --no-deps -r requirements-server.txt
	touch $(SERVER_STAMP)

$(STAMP): $(RUN_STAMP) requirements-dev.txt requirements-server.txt hardware/requirements.txt tests/backends/requirements.txt
	$(PY) -m pip --version >/dev/null 2>&1 || $(PY) -m ensurepip --default-pip
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	# the Adafruit NeoPixel code for the CircuitPython backend tests, without
	# Blinka (which would bring CPython copies of board, digitalio ...)
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -r tests/backends/requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --target $(STUBS) --upgrade \
		micropython-rp2-rpi_pico-stubs==1.29.0.post1 micropython-stdlib-stubs==1.29.0.post2
	touch $(STAMP)

# The README's test command: both interpreters, the compiler, the type
# checker, the docs site.
test: $(STAMP) lint test-mp test-64k mpy typecheck docs test-py

# The docs as a site (mkdocs.yml): every page and link checked (--strict).
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --site-dir $(BUILD)/site

# The README's picture of the simulator page, made again by its test.
screenshot: $(STAMP) browser
	FIREICE_SCREENSHOT=$(CURDIR)/docs/img/sim.png $(PY) -m pytest tests/host/test_screenshot.py

# The tests in tests/core on the MicroPython interpreter. They compile the
# firmware from source at import and keep test data, so they get 512 KB:
# what a dozen files compiled in one heap leave behind is spread over it,
# and in 256 KB the solver test's set found no 4 KB block with 130 KB free.
test-mp: $(STAMP)
	MICROPYPATH=firmware:tests/core:tests/backends:.frozen $(MP) -X heapsize=512k tests/mprun.py \
		--shard 1/2 tests/core tests/backends & \
	MICROPYPATH=firmware:tests/core:tests/backends:.frozen $(MP) -X heapsize=512k tests/mprun.py \
		--shard 2/2 tests/core tests/backends; b=$$?; wait $$!; a=$$?; exit $$((a | b))

# The firmware as the board loads it (.mpy, here for this machine's CPU) in a
# 64 KB heap: whole games of every kind played, recorded and replayed.
test-64k: $(STAMP)
	@$(call compile,host,$(BUILD)/mpy-host)
	MICROPYPATH=$(BUILD)/mpy-host $(MP) -X heapsize=64k tests/small_heap.py

# Every firmware file must compile for the Pico's Cortex-M0+.
mpy: $(STAMP)
	@$(call compile,armv6m,$(BUILD)/mpy)
	@echo "mpy-cross -march=armv6m: $(words $(FIRMWARE)) firmware files compiled"

lint: $(STAMP)
	$(VENV)/bin/ruff check firmware host_tools tests bench hardware
	$(VENV)/bin/ruff format --check firmware host_tools tests bench hardware

typecheck: $(STAMP)
	cd firmware && MYPYPATH=../$(STUBS) ../$(VENV)/bin/mypy --config-file ../pyproject.toml \
		--custom-typeshed-dir ../$(STUBS) --cache-dir ../$(BUILD)/mypy fireice fireboard/hw.py fireboard/hw_rp2.py \
		fireboard/sense_*.py fireboard/mem.py fireboard/track_phases.py

# Two at a time (pytest-xdist), a test file's tests on one worker (its
# module's server, its screenshots' folder); then those that wait on the
# clock, two at a time beside each other only; then those that time the
# host, alone (tests/conftest.py, PAIRED and SERIAL).
test-py: $(STAMP) browser
	$(PY) -m pytest -n 2 --dist loadfile -m "not serial and not paired" tests
	$(PY) -m pytest -n 2 --dist loadfile -m paired tests
	$(PY) -m pytest -m serial tests

# Headless Chromium for the simulator page's test (tests/host/test_web.py):
# Debian's package, as Playwright's own browser download is not used.
browser:
	test -x /usr/bin/chromium || { s=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		$$s apt-get update && $$s apt-get install -y --no-install-recommends chromium; }

bench: $(STAMP) mpy
	MICROPYPATH=firmware:.frozen $(MP) bench/bench_rules.py $(BUILD)/mpy
	@$(call compile,host,$(BUILD)/mpy-host)
	for f in digital colour; do (cd $(BUILD)/mpy-host && \
		MICROPYPATH=.:.frozen ../../$(MP) -X heapsize=512k ../../bench/bench_board.py $$f) || exit 1; done
	$(PY) bench/bench_latency.py
	$(PY) bench/bench_sim_idle.py
	$(PY) bench/bench_usb.py
	$(PY) bench/bench_link.py
	$(PY) bench/bench_heap.py
	# the Pico W's WiFi link: the opponent's POST to the board's lights,
	# and what an HTTPS connection costs (bench/RESULTS-net.md)
	$(PY) bench/bench_net_latency.py
	$(PY) bench/bench_net_tls.py
	MICROPYPATH=firmware $(MP) -X heapsize=256k bench/bench_engine.py 3
	$(PY) bench/bench_versus.py digital
	nice -n 10 $(PY) bench/bench_native.py
	nice -n 10 $(PY) bench/bench_engine_host.py --ladder-games 20 --ladder-top 4 --board-games 20 \
		--top-games 2 --top-nodes 4000
	# the solitaire solver: the first 10,000 deals decided exactly on both
	# interpreters, the board's bounded solver, the grades
	$(PY) bench/bench_solver.py count 10000 0
	MICROPYPATH=firmware:.frozen $(MP) -X heapsize=64m bench/bench_solver.py count 10000 0
	MICROPYPATH=firmware:.frozen $(MP) -X heapsize=1m bench/bench_solver.py board 1000
	# the board's solver parts (fireboard.track_judge) as .mpy: peak heap, worst pass
	cd $(BUILD)/mpy-host && MICROPYPATH=.:.frozen ../../$(MP) -X heapsize=512k \
		../../bench/bench_solver.py part 20
	# the solver's steps, their measured worst against the work units the
	# board's slices are bounded by; the Judge on the virtual board at Pico
	# speed on both front ends: the worst solve in a game, the passes
	cd $(BUILD)/mpy-host && MICROPYPATH=.:.frozen ../../$(MP) -X heapsize=1m \
		../../bench/bench_solver.py steps 10
	# the Dealer's passes for a graded deal: its worst at Pico speed, the
	# share over one 5 ms scan period
	cd $(BUILD)/mpy-host && MICROPYPATH=.:.frozen ../../$(MP) -X heapsize=1m \
		../../bench/bench_solver.py dealer 2
	$(PY) bench/bench_solver.py sim 1 digital colour
	$(PY) bench/bench_solver.py grades 20
	# every deal 0..9,999 proved winnable won by replaying its line (and so
	# every graded deal of seeds 0..155)
	$(PY) bench/bench_solver.py replay 10000
	# the board's table of graded deals (fireice.graded) made again: mismatches
	MICROPYPATH=firmware:.frozen $(MP) -X heapsize=8m bench/bench_solver.py table

# The native core's tests on a build of it under AddressSanitizer (and
# UndefinedBehaviorSanitizer): any out-of-bounds access or misuse aborts.
test-asan: $(STAMP)
	mkdir -p $(BUILD)/asan
	cc -shared -fPIC -g -O1 -pthread -fno-omit-frame-pointer -fsanitize=address,undefined \
		-fno-sanitize-recover=undefined \
		$$($(PY) -c "import sysconfig; print('-I' + sysconfig.get_paths()['include'])") \
		host_tools/native/fireice_native.c -o $(BUILD)/asan/_native.so
	ASAN_OPTIONS=detect_leaks=0 LD_PRELOAD="$$(cc -print-file-name=libasan.so) $$(cc -print-file-name=libubsan.so)" \
		FIREICE_NATIVE=$(BUILD)/asan/_native.so $(PY) -m pytest -p no:cacheprovider tests/host/test_native.py

# The engine's long matches (docs/engine.md; several hours): the ladder of 100
# paired games a step, the board's top level and the top host level (at the
# 4,000 playouts a move it reaches in 1 s here) against the baseline.
bench-engine: $(STAMP)
	MICROPYPATH=firmware $(MP) -X heapsize=256k bench/bench_engine.py 5
	nice -n 10 $(PY) bench/bench_engine_host.py --ladder-games 100 --board-games 100 \
		--top-games 100 --top-nodes 4000
	# the native core's host levels 7 and 8 up the ladder, and its top level
	# against the Python engine's level 6, both at 1 s a move
	nice -n 10 $(PY) bench/bench_native_match.py --ladder-games 100 --top-games 100 --ms 1000

# The engine's win chance against the outcome of level-3 games, by side to
# move, before and after its calibration (docs/engine.md "Calibration"; about
# 40 minutes of CPU: the three runs share the 60 games' seeds).
bench-calibration: $(STAMP)
	MICROPYPATH=firmware:host_tools $(MP) -X heapsize=64m bench/bench_calibration.py games=60 levels=1,2,3
	MICROPYPATH=firmware:host_tools $(MP) -X heapsize=64m bench/bench_calibration.py games=60 levels=4 every=3
	MICROPYPATH=firmware:host_tools $(MP) -X heapsize=64m bench/bench_calibration.py games=60 levels=5 every=10

# The solver's search methods compared (slow: the plain search is hopeless)
# and the size of a backward search from one peg.
bench-solver: $(STAMP)
	$(PY) bench/bench_solver.py methods 200 20000
	$(PY) bench/bench_solver.py backward 4
	$(PY) bench/bench_solver.py random 100 64

# The game server under load (bench/bench_server.py; a few minutes each):
# 1,000 correspondence and 200 live games at once through the API, on
# SQLite with one process and on PostgreSQL with two.
bench-server: $(STAMP)
	nice $(PY) bench/bench_server.py --db sqlite --processes 1 --accounts 10 --seconds 90 --setup-seconds 120
	nice $(PY) bench/bench_server.py --db postgresql --processes 2 --accounts 10 --seconds 90 --setup-seconds 120

# make sim from a fresh clone of this one, as a new player runs it: the
# seconds to the page's address, each step's, and the size of .venv
# (bench/RESULTS-setup.md; needs the package index, as make sim does)
bench-setup:
	$(PYTHON) bench/bench_make_sim.py --runs 3

# The reference hardware: netlists, BOM, power budget and drawings, and the
# electrical rules check (fails on any error).
hardware: $(STAMP)
	$(PY) hardware/build.py

# The simulator: the virtual board in a browser page on localhost.
sim: $(RUN_STAMP)
	$(VENV)/bin/fireice sim

# The game on the terminal against the rules core, without the board.
play: $(RUN_STAMP)
	$(VENV)/bin/fireice play

# The game server (docs/server.md) on this computer, with its packages.
server: $(SERVER_STAMP)
	$(VENV)/bin/fireice server

clean:
	rm -rf $(VENV) $(BUILD)

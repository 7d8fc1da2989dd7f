# pplbench - one plain Makefile.  `make` builds build/pplbench; see README.md
# for the targets people use (run, test, asan, bench, fuzz, lint, install).

CC       ?= gcc
BUILD    ?= build
PREFIX   ?= /usr/local
OPT      ?= -O2 -g
SAN      ?=

# Debian packages the build needs, and the pkg-config names that prove them.
DEB_PKGS = build-essential pkg-config libcmocka-dev libjansson-dev \
           libgsl-dev libgraphviz-dev libxml2-dev libxml2-utils
PC_PKGS  = cmocka jansson gsl libxml-2.0

WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Werror
CFLAGS  += -std=c11 -D_XOPEN_SOURCE=700 $(OPT) $(SAN) $(WARN) \
           -MMD -MP
LDFLAGS += $(SAN)
LDLIBS  += -lm

# libraries of the runtime (the samplers' ground floor)
RT_CFLAGS = $$(pkg-config --cflags gsl jansson)
# the runtime's loops (triangular solves, products) want vectorizing,
# which -O2 does not do for loops of unknown length; the sanitizer build
# keeps its own level
RT_OPT   ?= -O3
RT_LIBS   = $$(pkg-config --libs gsl jansson)

# libxml2: the driver's report (driver/report.c) writes and reads JUnit XML
XML_CFLAGS = $$(pkg-config --cflags libxml-2.0)
XML_LIBS   = $$(pkg-config --libs libxml-2.0)

# Graphviz (viz/): cgraph builds the graphs, gvc lays them out and renders
# them.  Its include folder holds a types.h of its own, so it goes after the
# layer's include paths.
GV_CFLAGS = $$(pkg-config --cflags libcgraph libgvc)
GV_LIBS   = $$(pkg-config --libs libcgraph libgvc)

# ---- sources, per folder ----
RUNTIME_SRC  = $(sort $(wildcard runtime/*.c))
SUPPORT_SRC  = $(sort $(wildcard support/*.c))
FRONTEND_SRC = $(sort $(wildcard frontend/*.c))
MIR_SRC      = $(sort $(wildcard mir/*.c))
PASSES_SRC   = $(sort $(wildcard mir/passes/*.c))
ANALYSES_SRC = $(sort $(wildcard analyses/*.c))
VIZ_SRC      = $(sort $(wildcard viz/*.c))
BACKEND_SRC  = $(sort $(wildcard backend/*.c))
DRIVER_SRC   = $(sort $(wildcard driver/*.c))
UNIT_SRC     = $(sort $(wildcard tests/unit/test_*.c))

RUNTIME_OBJ  = $(RUNTIME_SRC:%.c=$(BUILD)/%.o)
SUPPORT_OBJ  = $(SUPPORT_SRC:%.c=$(BUILD)/%.o)
FRONTEND_OBJ = $(FRONTEND_SRC:%.c=$(BUILD)/%.o)
MIR_OBJ      = $(MIR_SRC:%.c=$(BUILD)/%.o)
PASSES_OBJ   = $(PASSES_SRC:%.c=$(BUILD)/%.o)
ANALYSES_OBJ = $(ANALYSES_SRC:%.c=$(BUILD)/%.o)
VIZ_OBJ      = $(VIZ_SRC:%.c=$(BUILD)/%.o)
BACKEND_OBJ  = $(BACKEND_SRC:%.c=$(BUILD)/%.o)
DRIVER_OBJ   = $(DRIVER_SRC:%.c=$(BUILD)/%.o)
UNIT_BIN     = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

# ---- layers: each folder is compiled with the include paths of itself and
# of the layers below it only, so an upward #include does not build
# (`make layering`, tests/layering.sh, proves it):
#   support < frontend < mir < mir/passes, analyses < backend, viz < driver
# The runtime is the ground floor and sees only itself; mir sees it (the
# MIR interpreter, mir/interp*.c, calls the runtime's math, the functions
# the samplers call), and so does every layer above mir (the driver uses
# rt_out_*).  The tests and tools see all.
SUPPORT_INC  = -Isupport
FRONTEND_INC = $(SUPPORT_INC) -Ifrontend
MIR_INC      = $(FRONTEND_INC) -Iruntime -Imir
PASSES_INC   = $(MIR_INC) -Imir/passes
ANALYSES_INC = $(MIR_INC) -Ianalyses
BACKEND_INC  = $(MIR_INC) -Imir/passes -Ianalyses -Ibackend
VIZ_INC      = $(MIR_INC) -Imir/passes -Ianalyses -Iviz
DRIVER_INC   = $(BACKEND_INC) -Iviz -Iruntime -Idriver
RUNTIME_INC  = -Iruntime
ALL_INC      = $(DRIVER_INC)

$(SUPPORT_OBJ):  INC = $(SUPPORT_INC)
$(FRONTEND_OBJ): INC = $(FRONTEND_INC)
$(MIR_OBJ):      INC = $(MIR_INC)
$(PASSES_OBJ):   INC = $(PASSES_INC)
$(ANALYSES_OBJ): INC = $(ANALYSES_INC)
$(BACKEND_OBJ):  INC = $(BACKEND_INC)
$(VIZ_OBJ):      INC = $(VIZ_INC) $(GV_CFLAGS)
$(DRIVER_OBJ):   INC = $(DRIVER_INC)
$(RUNTIME_OBJ):  INC = $(RUNTIME_INC)

all: $(BUILD)/pplbench $(BUILD)/libpplrt.a

# INC is set per folder above; an object of no folder gets no include path
$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) -c $< -o $@

$(BUILD)/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(RT_OPT) $(RT_CFLAGS) -c $< -o $@

$(BUILD)/libpplrt.a: $(RUNTIME_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libsupport.a: $(SUPPORT_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libfrontend.a: $(FRONTEND_OBJ)
	@rm -f $@
	ar rcs $@ $^

# the MIR and its passes (mir/passes/*.c) are one library
$(BUILD)/libmir.a: $(MIR_OBJ) $(PASSES_OBJ)
	@rm -f $@
	ar rcs $@ $^

# (an empty folder makes an empty archive)
$(BUILD)/libanalyses.a: $(ANALYSES_OBJ)
	@rm -f $@
	ar rcs $@ $^

# The names of the runtime's functions, for the backend to refuse calls the
# runtime lacks with a message instead of emitting C that cannot compile.
$(BUILD)/rt_functions.h: $(wildcard runtime/*.h)
	@mkdir -p $(dir $@)
	{ echo '/* generated from the runtime headers by the Makefile */'; \
	  grep -ohE '\brt_[a-zA-Z0-9_]+\(' runtime/*.h | tr -d '(' | sort -u | \
	  sed 's/.*/"&",/'; } > $@.tmp && mv $@.tmp $@

$(BACKEND_OBJ): $(BUILD)/rt_functions.h
$(BACKEND_OBJ): CFLAGS += -I$(BUILD)

$(BUILD)/libbackend.a: $(BACKEND_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libviz.a: $(VIZ_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(DRIVER_OBJ): CFLAGS += $(XML_CFLAGS)

# The compiler's libraries, in link order (each uses only those after it).
COMPILER_LIBS = $(BUILD)/libbackend.a $(BUILD)/libviz.a $(BUILD)/libanalyses.a \
    $(BUILD)/libmir.a $(BUILD)/libfrontend.a $(BUILD)/libsupport.a

# The driver links the runtime for its output files (rt_out_*, outfile.c).
$(BUILD)/pplbench: $(DRIVER_OBJ) $(COMPILER_LIBS) $(BUILD)/libpplrt.a
	$(CC) $(LDFLAGS) -o $@ $^ $(RT_LIBS) $(XML_LIBS) $(GV_LIBS) $(LDLIBS)

# A test build of pplbench: the test hooks of driver/pipeline.c compiled in
# (PPLBENCH_TEST_ICE, an internal error on demand, for the hostile cases),
# beside build/pplbench so that it finds the runtime as pplbench does;
# build/pplbench itself has no hook.
TEST_DRIVER_OBJ = $(filter-out $(BUILD)/driver/pipeline.o,$(DRIVER_OBJ)) \
    $(BUILD)/tests/driver/pipeline.o

$(BUILD)/tests/driver/pipeline.o: driver/pipeline.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DRIVER_INC) -DPPLBENCH_TEST_HOOKS -c $< -o $@

$(BUILD)/pplbench_test: $(TEST_DRIVER_OBJ) $(COMPILER_LIBS) \
    $(BUILD)/libpplrt.a
	$(CC) $(LDFLAGS) -o $@ $^ $(RT_LIBS) $(XML_LIBS) $(GV_LIBS) $(LDLIBS)

# Unit tests of the runtime (test_rt_*) link libpplrt; the others the
# frontend, and libpplrt below it as the driver does (test_build compiles
# and runs a program against libpplrt, and its driver code writes through
# rt_out_open).
$(BUILD)/tests/test_rt_%: tests/unit/test_rt_%.c $(BUILD)/libpplrt.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ALL_INC) $(RT_CFLAGS) $$(pkg-config --cflags cmocka) \
	    $(LDFLAGS) -o $@ $< $(BUILD)/libpplrt.a $$(pkg-config --libs cmocka) \
	    $(RT_LIBS) $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c $(COMPILER_LIBS) $(BUILD)/libpplrt.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ALL_INC) $$(pkg-config --cflags cmocka) $(LDFLAGS) \
	    -o $@ $< $(COMPILER_LIBS) $(BUILD)/libpplrt.a \
	    $$(pkg-config --libs cmocka) $(RT_LIBS) $(LDLIBS)

# test_viz builds graphs with cgraph itself (Graphviz's include folder
# after ours: it has a types.h of its own)
$(BUILD)/tests/test_viz: tests/unit/test_viz.c $(COMPILER_LIBS) \
    $(BUILD)/libpplrt.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ALL_INC) $(GV_CFLAGS) $$(pkg-config --cflags cmocka) \
	    $(LDFLAGS) -o $@ $< $(COMPILER_LIBS) $(BUILD)/libpplrt.a \
	    $$(pkg-config --libs cmocka) $(RT_LIBS) $(GV_LIBS) $(LDLIBS)

# test_report includes the driver's report.c, baseline.c and merge.c
$(BUILD)/tests/test_report: CFLAGS += $(XML_CFLAGS)
$(BUILD)/tests/test_report: LDLIBS += $(XML_LIBS)
$(BUILD)/tests/test_report: driver/report.c driver/baseline.c driver/merge.c
# test_udiff includes the driver's udiff.c
$(BUILD)/tests/test_udiff: driver/udiff.c driver/udiff.h

# ---- set-up: install missing Debian packages (as root), then build ----
deps:
	@if ! pkg-config --exists $(PC_PKGS) 2>/dev/null || ! command -v cc >/dev/null; then \
	    echo "installing Debian packages: $(DEB_PKGS)"; \
	    if [ "$$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi; \
	    $$SUDO apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(DEB_PKGS); \
	fi

# ---- the main job on the shipped corpus ----
run: deps
	$(MAKE) all
	$(BUILD)/pplbench corpus/ -j 2 --out=out --report=out/report.xml

# ---- tests ----
test: deps
	$(MAKE) all units $(BUILD)/gen_library_md $(BUILD)/gen_coverage_md
	@status=0; \
	for t in $(UNIT_BIN); do $$t || status=1; done; \
	if $(BUILD)/gen_library_md | cmp -s - docs/library.md; then \
	    echo "docs: library.md is current"; \
	else echo "docs: library.md is stale, run make docs"; status=1; fi; \
	if $(BUILD)/gen_coverage_md | cmp -s - docs/coverage.md; then \
	    echo "docs: coverage.md is current"; \
	else echo "docs: coverage.md is stale, run make docs"; status=1; fi; \
	sh tests/golden/run.sh $(BUILD)/pplbench || status=1; \
	sh tests/run/gradcheck.sh $(BUILD) || status=1; \
	sh tests/run/outputs.sh $(BUILD) || status=1; \
	sh tests/run/ode.sh $(BUILD) || status=1; \
	sh tests/run/posterior.sh $(BUILD) || status=1; \
	sh tests/run/sampler.sh $(BUILD) || status=1; \
	sh tests/run/gendata.sh $(BUILD) || status=1; \
	sh tests/run/probe.sh $(BUILD) || status=1; \
	sh tests/run/higher_order.sh $(BUILD) || status=1; \
	sh tests/trace/run.sh $(BUILD) || status=1; \
	sh tests/profile/run.sh $(BUILD) || status=1; \
	sh tests/context/run.sh $(BUILD) || status=1; \
	sh tests/viz/run.sh $(BUILD) || status=1; \
	sh tests/hostile/run.sh $(BUILD) || status=1; \
	CC="$(CC)" sh tests/layering.sh || status=1; \
	sh tests/diag_args.sh || status=1; \
	sh tests/validate/run.sh $(BUILD)/pplbench || status=1; \
	sh tests/report/run.sh $(BUILD) || status=1; \
	exit $$status

units: $(UNIT_BIN) $(BUILD)/pplbench_test $(BUILD)/dotcheck

# dotcheck: whether the DOT the tests made reads back with cgraph
$(BUILD)/dotcheck: tests/tools/dotcheck.c
	$(CC) $(CFLAGS) $(GV_CFLAGS) $(LDFLAGS) -o $@ $< $(GV_LIBS) $(LDLIBS)

# docs/library.md is generated from the signature table; `make test` checks
# that the committed copy is current.
$(BUILD)/gen_library_md: tests/tools/gen_library_md.c $(BUILD)/libfrontend.a \
    $(BUILD)/libsupport.a
	$(CC) $(CFLAGS) $(ALL_INC) $(LDFLAGS) -o $@ $< $(BUILD)/libfrontend.a \
	    $(BUILD)/libsupport.a $(LDLIBS)

# docs/coverage.md: what the C backend compiles, signature by signature; it
# runs tiny programs through the frontend, the MIR and the backend.
$(BUILD)/gen_coverage_md: tests/tools/gen_coverage_md.c $(COMPILER_LIBS)
	$(CC) $(CFLAGS) $(ALL_INC) $(LDFLAGS) -o $@ $< $(COMPILER_LIBS) $(LDLIBS)

docs: $(BUILD)/gen_library_md $(BUILD)/gen_coverage_md
	$(BUILD)/gen_library_md > docs/library.md.tmp && mv docs/library.md.tmp docs/library.md
	$(BUILD)/gen_coverage_md > docs/coverage.md.tmp && mv docs/coverage.md.tmp docs/coverage.md

# every tiny program of docs/coverage.md that the backend emits also
# compiles (a few minutes; not part of make test)
coverage-check: all $(BUILD)/gen_coverage_md
	sh tests/tools/coverage_check.sh $(BUILD)

golden-update: all
	sh tests/golden/run.sh $(BUILD)/pplbench --update

asan: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	$(MAKE) test BUILD=build-asan OPT="-O1 -g -fno-omit-frame-pointer" RT_OPT= \
	    SAN="-fsanitize=address,undefined -fno-sanitize-recover=all"

# ---- fuzzing (clang libFuzzer): FUZZ_SECONDS, default 600 ----
FUZZ_SECONDS ?= 600
fuzz:
	@mkdir -p build-fuzz
	clang -std=c11 -D_XOPEN_SOURCE=700 -O1 -g $(PASSES_INC) \
	    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    $(SUPPORT_SRC) $(FRONTEND_SRC) $(filter-out mir/interp%.c,$(MIR_SRC)) \
	    $(PASSES_SRC) tests/fuzz/fuzz_frontend.c -o build-fuzz/fuzz_frontend -lm
	@mkdir -p build-fuzz/corpus
	cp corpus/*.stan tests/golden/*.stan tests/fuzz/seeds/*.stan build-fuzz/corpus/ \
	    2>/dev/null || true
	build-fuzz/fuzz_frontend -max_total_time=$(FUZZ_SECONDS) -timeout=5 \
	    -max_len=4096 -artifact_prefix=build-fuzz/ build-fuzz/corpus
	$(MAKE) fuzz-data fuzz-cmdline

# The sampler's JSON data reader and its command line, against the
# runtime built with the sanitizers (UBSan fatal, so libFuzzer sees it);
# an allocation over 2 GB is a finding.  Crashing inputs found once are
# kept under tests/fuzz/seeds/ and rerun first.
FUZZ_CC    = clang
FUZZ_FLAGS = -std=c11 -D_XOPEN_SOURCE=700 -O1 -g -Wall -Wextra \
             -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_RT_OBJ = $(RUNTIME_SRC:%.c=build-fuzz/%.o)
FUZZ_RUN    = -max_total_time=$(FUZZ_SECONDS) -timeout=5 -rss_limit_mb=2048

build-fuzz/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -MMD -MP \
	    $(RT_CFLAGS) -Iruntime -c $< -o $@

-include $(FUZZ_RT_OBJ:.o=.d)

build-fuzz/libpplrt.a: $(FUZZ_RT_OBJ)
	@rm -f $@
	ar rcs $@ $^

build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c build-fuzz/libpplrt.a
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer $(RT_CFLAGS) -Iruntime \
	    $< build-fuzz/libpplrt.a $(RT_LIBS) -lm -o $@

fuzz-data: build-fuzz/fuzz_data
	@mkdir -p build-fuzz/corpus-data
	cp corpus/*.data.json ../shared/bench/data/*.json build-fuzz/corpus-data/
	build-fuzz/fuzz_data $(FUZZ_RUN) -max_len=65536 \
	    -artifact_prefix=build-fuzz/data- build-fuzz/corpus-data \
	    tests/fuzz/seeds/data

fuzz-cmdline: build-fuzz/fuzz_cmdline
	@mkdir -p build-fuzz/corpus-cmdline
	build-fuzz/fuzz_cmdline $(FUZZ_RUN) -max_len=4096 \
	    -artifact_prefix=build-fuzz/cmdline- build-fuzz/corpus-cmdline \
	    tests/fuzz/seeds/cmdline

# ---- benchmark: time to check every program, then the emitted samplers
# on ../shared/bench against its hand-written C and Stan's figures (both
# parts run; the status is non-zero if either failed) ----
bench: all $(BUILD)/bench_check
	@status=0; \
	sh tests/bench/check_speed.sh $(BUILD)/pplbench $(BUILD)/bench_check \
	    || status=1; \
	sh tests/bench/model_bench.sh $(BUILD) $(CURDIR)/../shared/bench \
	    || status=1; \
	exit $$status

$(BUILD)/bench_check: tests/bench/bench_check.c $(BUILD)/libfrontend.a \
    $(BUILD)/libsupport.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ALL_INC) $(LDFLAGS) -o $@ $< $(BUILD)/libfrontend.a \
	    $(BUILD)/libsupport.a $(LDLIBS)

# ---- lint: line length and file size ----
lint:
	@sh tests/lint.sh

# ---- layering: an upward #include fails to build (tests/layering.sh asks
# for the include paths below, and compiles probes with them) ----
layering:
	@CC="$(CC)" sh tests/layering.sh

layering-paths:
	@echo 'support $(SUPPORT_INC)'
	@echo 'frontend $(FRONTEND_INC)'
	@echo 'mir $(MIR_INC)'
	@echo 'mir/passes $(PASSES_INC)'
	@echo 'analyses $(ANALYSES_INC)'
	@echo 'backend $(BACKEND_INC)'
	@echo 'viz $(VIZ_INC)'
	@echo 'driver $(DRIVER_INC)'
	@echo 'runtime $(RUNTIME_INC)'

# The layout drv_compile_c (driver/build.h) looks for beside an installed
# pplbench: ../include/pplbench/pplrt.h and ../lib/libpplrt.a.
RUNTIME_HDR  = $(sort $(wildcard runtime/*.h))

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
	    $(DESTDIR)$(PREFIX)/include/pplbench
	install -m 755 $(BUILD)/pplbench $(DESTDIR)$(PREFIX)/bin/pplbench
	install -m 644 $(BUILD)/libpplrt.a $(DESTDIR)$(PREFIX)/lib/libpplrt.a
	install -m 644 $(RUNTIME_HDR) $(DESTDIR)$(PREFIX)/include/pplbench/

clean:
	rm -rf build build-asan build-fuzz out

.PHONY: all deps run test units docs coverage-check golden-update asan fuzz bench lint install clean
.PHONY: fuzz-data fuzz-cmdline layering layering-paths

-include $(FRONTEND_OBJ:.o=.d) $(DRIVER_OBJ:.o=.d) $(RUNTIME_OBJ:.o=.d) \
    $(MIR_OBJ:.o=.d) $(BACKEND_OBJ:.o=.d) $(SUPPORT_OBJ:.o=.d) \
    $(PASSES_OBJ:.o=.d) $(ANALYSES_OBJ:.o=.d) $(VIZ_OBJ:.o=.d) $(BUILD)/tests/driver/pipeline.d \
    $(UNIT_BIN:=.d)

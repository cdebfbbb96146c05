# The two commands of the README. Plain CMake works too (see README.md).
BUILD      ?= build
TEST_BUILD ?= build-test
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: play build test bench clean soak

# Install what is missing, build, and open the game.
play: build
	./$(BUILD)/guv

build:
	@./.ci/install-deps play
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGUV_TESTS=OFF
	cmake --build $(BUILD) -j $(JOBS)

# Install what is missing; run the unit tests and five screen tests (one a
# whole solitaire game) under valgrind on a plain build; then build with
# warnings as errors and with AddressSanitizer + UndefinedBehaviorSanitizer
# and run every test (its summary ends the output).
test:
	@./.ci/install-deps test
	cmake -S . -B $(TEST_BUILD)-valgrind -DCMAKE_BUILD_TYPE=Debug -DGUV_WERROR=ON
	cmake --build $(TEST_BUILD)-valgrind -j $(JOBS)
	ctest --test-dir $(TEST_BUILD)-valgrind -L unit -T memcheck \
	  --overwrite MemoryCheckCommandOptions="--leak-check=full --error-exitcode=1" >/dev/null \
	  && echo "valgrind: unit tests clean" \
	  || { d=$(TEST_BUILD)-valgrind/Testing/Temporary; echo "valgrind: these unit tests failed:"; cat $$d/LastTestsFailed*.log; \
	       grep -L "ERROR SUMMARY: 0 errors" $$d/MemoryChecker.*.log | xargs -r cat; \
	       echo "(rerun one: ctest --test-dir $(TEST_BUILD)-valgrind -R NAME --output-on-failure)"; exit 1; }
	GUV_WRAP="valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9" \
	  tests/screens/run.sh $(TEST_BUILD)-valgrind/guv activation.keys mouse.keys automa-step.keys solitaire-game.keys map-zoom.keys >/dev/null \
	  && echo "valgrind: the game screen clean" \
	  || { echo "valgrind: the game screen has memory errors (run tests/screens/run.sh under GUV_WRAP=valgrind)"; exit 1; }
	cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DGUV_WERROR=ON -DGUV_SANITIZE=ON
	cmake --build $(TEST_BUILD) -j $(JOBS)
	cmake --build $(TEST_BUILD) -j $(JOBS) --target guv-bench   # compiled (not run) so it cannot rot
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(TEST_BUILD) --output-on-failure

# Timings (not tests): legal moves, a combat, a supply check, a random campaign game.
bench: build
	cmake --build $(BUILD) --target bench

clean:
	rm -rf $(BUILD) $(TEST_BUILD) $(TEST_BUILD)-valgrind

# The long random-play run (issue 13): about 10,400 games over every
# scenario, the options and the solitaire game, every invariant checked after
# every decision, on an optimised build with assertions. Not part of `test`.
SOAK_SCALE ?= 200
soak:
	@./.ci/install-deps test
	cmake -S . -B $(TEST_BUILD)-soak -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGUV_WERROR=ON
	cmake --build $(TEST_BUILD)-soak -j $(JOBS) --target test_soak
	GUV_SOAK_SCALE=$(SOAK_SCALE) ./$(TEST_BUILD)-soak/test_soak

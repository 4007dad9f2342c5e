#!/usr/bin/env bash
# The configure step a user or a packager runs: `cmake -S . -B DIR` without GoogleTest and Google
# Benchmark. Checks that it configures the program alone (no test, no benchmark, warnings not errors,
# no GL debug context), that BVHSCOPE_EMBED=ARRAYS is taken, and that a missing dependency stops the
# configure step with one message naming its Debian package. Usage: plain_configure.sh SOURCE_DIR
#
# That such a tree also builds is proven by scripts/bvhscope-dev test, whose first build stage is
# exactly this configuration (plus -DBVHSCOPE_WERROR=ON) built whole, before the tests are added to the
# same tree: a second build of every source here cost the suite about 4 CPU minutes.
set -euo pipefail
source_dir=$1
fail() { echo "plain_configure.sh: FAIL: $*" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-plain-configure.XXXXXX")
trap 'rm -rf "$work"' EXIT

cmake -S "$source_dir" -B "$work/build" -DBVHSCOPE_EMBED=ARRAYS \
  -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; fail "the plain configure failed"; }
cache=$work/build/CMakeCache.txt
[ ! -e "$work/build/tests" ] || fail "tests/ was configured without BUILD_TESTING"
[ ! -e "$work/build/bench" ] || fail "bench/ was configured without BVHSCOPE_BUILD_BENCHMARKS"
grep -q '^BUILD_TESTING:BOOL=OFF' "$cache" || fail "BUILD_TESTING is not off by default"
grep -q '^BVHSCOPE_WERROR:BOOL=OFF' "$cache" || fail "warnings are errors by default"
grep -q '^BVHSCOPE_GL_DEBUG:BOOL=OFF' "$cache" || fail "GL debug contexts are on in a user's build"
grep -q '^CMAKE_BUILD_TYPE:STRING=RelWithDebInfo' "$cache" || fail "the default build type is not RelWithDebInfo"
grep -q 'embedded with ARRAYS' "$work/configure.log" || { cat "$work/configure.log"; fail "BVHSCOPE_EMBED=ARRAYS not taken"; }
# The program's target is there, no test or benchmark target.
cmake --build "$work/build" --target help >"$work/targets.txt"
grep -q '\.\.\. bvhscope$' "$work/targets.txt" || { cat "$work/targets.txt"; fail "no bvhscope target"; }
if grep -E '_tests$|bvhscope_bench_|gtest' "$work/targets.txt"; then fail "test or benchmark targets in a plain build"; fi

# A missing dependency: one error, naming the Debian package.
expect_missing() {  # expect_missing PACKAGE CMAKE_ARGS...
  local package=$1; shift
  if cmake -S "$source_dir" -B "$work/missing" "$@" >"$work/missing.log" 2>&1; then
    fail "configure succeeded with $* (expected: install $package)"
  fi
  # CMake wraps long messages: compare with the whitespace folded.
  tr -s ' \n' '  ' <"$work/missing.log" | grep -qF "install $package (sudo apt install $package)" ||
    { cat "$work/missing.log"; fail "no 'install $package' in the configure error"; }
  [ "$(grep -c 'CMake Error' "$work/missing.log")" = 1 ] || { cat "$work/missing.log"; fail "more than one error"; }
  rm -rf "$work/missing"
}
expect_missing libglfw3-dev -DCMAKE_DISABLE_FIND_PACKAGE_glfw3=ON
expect_missing "libgtest-dev libgmock-dev" -DBUILD_TESTING=ON -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON
expect_missing libbenchmark-dev -DBVHSCOPE_BUILD_BENCHMARKS=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON
echo "plain_configure.sh: OK"

#!/usr/bin/env bash
# The build a user or a packager runs: `cmake -S . -B DIR && cmake --build DIR` without GoogleTest and
# Google Benchmark. Configures and builds the program alone into a temporary directory, checks that no
# test or benchmark was configured, and that the program it built answers like the suite's own build.
# It embeds its shaders and assets with the portable path (generated C++ arrays, BVHSCOPE_EMBED=ARRAYS)
# while the suite's build uses .incbin: a headless thumbnail, drawn with the embedded shaders, proves them.
# Then checks that a missing dependency stops the configure step with one message naming its Debian
# package. Usage: plain_build.sh SOURCE_DIR PARENT_BUILD_DIR
set -euo pipefail
source_dir=$1
parent=$2
fail() { echo "plain_build.sh: FAIL: $*" >&2; exit 1; }
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$parent/CMakeCache.txt"; }

# A fixed directory in the parent build (same paths every run, so that ccache hits on the next run).
work=$parent/packaging-plain-build
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

# Build type None (no optimisation, no debug info): the cheapest complete build of every source. The
# parent's compiler launcher (ccache) is used when it has one.
args=(-DCMAKE_BUILD_TYPE=None)
launcher=$(cache_value CMAKE_CXX_COMPILER_LAUNCHER)
if [ -n "$launcher" ]; then
  args+=(-DCMAKE_CXX_COMPILER_LAUNCHER="$launcher" -DCMAKE_C_COMPILER_LAUNCHER="$launcher")
fi

start=$(date +%s)
cmake -S "$source_dir" -B "$work/build" "${args[@]}" -DBUILD_TESTING=OFF -DBVHSCOPE_EMBED=ARRAYS \
  -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; fail "the plain configure failed"; }
[ ! -e "$work/build/tests" ] || fail "tests/ was configured with BUILD_TESTING=OFF"
[ ! -e "$work/build/bench" ] || fail "bench/ was configured without BVHSCOPE_BUILD_BENCHMARKS"
grep -q '^BVHSCOPE_WERROR:BOOL=OFF' "$work/build/CMakeCache.txt" || fail "warnings are errors by default"
grep -q 'embedded with ARRAYS' "$work/configure.log" || { cat "$work/configure.log"; fail "BVHSCOPE_EMBED=ARRAYS not taken"; }
cmake --build "$work/build" -j "$(nproc)" >"$work/build.log" 2>&1 || { tail -50 "$work/build.log"; fail "the plain build failed"; }
echo "plain_build.sh: configured and built in $(($(date +%s) - start)) s"

built=$work/build/app/bvhscope
[ -x "$built" ] || fail "no app/bvhscope in the plain build"
sample=$source_dir/assets/sample.bvh
"$built" info "$sample" >"$work/plain-info.txt" || fail "the plain build's bvhscope info failed"
"$parent/app/bvhscope" info "$sample" >"$work/parent-info.txt"
diff -u "$work/parent-info.txt" "$work/plain-info.txt" || fail "bvhscope info differs from the suite's build"
# A thumbnail drawn with the embedded shaders, without a display: the same pixels as the suite's build.
(unset DISPLAY; "$built" thumbnail "$sample" "$work/plain.png" --size 96 && "$parent/app/bvhscope" thumbnail "$sample" "$work/parent.png" --size 96) ||
  fail "bvhscope thumbnail failed"
cmp -s "$work/plain.png" "$work/parent.png" || fail "the plain build's thumbnail differs from the suite's build"
"$built" --help >"$work/help.txt" || fail "bvhscope --help failed"
grep -q '^Usage:' "$work/help.txt" || fail "bvhscope --help printed no usage"

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
echo "plain_build.sh: OK"

#!/usr/bin/env bash
# scripts/check-format on a scratch git repository: passes on clean files, and on unformatted ones
# fails naming exactly those files (tracked only; an untracked file is not checked).
# Usage: check_format_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
fail() { echo "check_format_test.sh: FAIL: $*" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-format.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$source_dir/.clang-format" "$work/"
mkdir -p "$work/src"
printf 'int clean(int a) { return a + 1; }\n' >"$work/src/clean.cpp"
git -C "$work" init -q && git -C "$work" add -A
"$source_dir/scripts/check-format" "$work" >"$work/out.txt" 2>&1 || { cat "$work/out.txt"; fail "a clean tree failed"; }
grep -q 'all 1 tracked C++ files' "$work/out.txt" || { cat "$work/out.txt"; fail "unexpected report"; }

printf 'int  spaced;\n' >"$work/src/spaced.hpp"
printf 'int f(){return 1;}\n' >"$work/src/braces.cpp"
printf 'int  untracked;\n' >"$work/src/untracked.cpp"
git -C "$work" add src/spaced.hpp src/braces.cpp
if "$source_dir/scripts/check-format" "$work" >"$work/out.txt" 2>&1; then fail "unformatted files passed"; fi
expected="check-format: 2 file(s) differ from clang-format-14 output (fix: clang-format-14 -i FILE):
  src/braces.cpp
  src/spaced.hpp"
[ "$(cat "$work/out.txt")" = "$expected" ] || { diff <(echo "$expected") "$work/out.txt"; fail "report differs"; }
echo "check_format_test.sh: OK"

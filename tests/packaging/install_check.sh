#!/usr/bin/env bash
# `cmake --install` into a temporary prefix, then every installed file checked as its consumer reads
# it: the program runs, desktop-file-validate accepts the menu entry, the thumbnailer's command makes
# a PNG of the size asked for without a display, update-mime-database compiles
# the MIME type (glob and magic), the icons are the sizes they claim, `man -l` renders the man page
# with every subcommand and without groff warnings, and bash completes subcommands, options and .bvh
# files with the completion script. Usage: install_check.sh BUILD_DIR
set -euo pipefail
build=$1
fail() { echo "install_check.sh: FAIL: $*" >&2; exit 1; }
for tool in desktop-file-validate update-mime-database xmllint man python3; do
  command -v "$tool" >/dev/null || fail "$tool is missing (scripts/bvhscope-dev setup installs it)"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "install failed"; }

# Exactly these files, nothing else.
expected="bin/bvhscope
share/applications/bvhscope.desktop
share/bash-completion/completions/bvhscope
share/icons/hicolor/128x128/apps/bvhscope.png
share/icons/hicolor/256x256/apps/bvhscope.png
share/icons/hicolor/48x48/apps/bvhscope.png
share/icons/hicolor/64x64/apps/bvhscope.png
share/icons/hicolor/scalable/apps/bvhscope.svg
share/man/man1/bvhscope.1
share/mime/packages/bvhscope.xml
share/thumbnailers/bvhscope.thumbnailer"
# With the Python module (BVHSCOPE_PYTHON), its package too, where Debian's python3 looks.
python_dir=
if [ -f "$build/python/bvhscope/__init__.py" ]; then
  python_dir=lib/python3.$(/usr/bin/python3 -c 'import sys; print(sys.version_info.minor)')/dist-packages/bvhscope
  module=$(cd "$build/python/bvhscope" && ls _bvhscope.*.so)
  for file in __init__.py _arguments.py _errors.py _bvhscope.pyi py.typed "$module"; do
    expected+=$'\n'"$python_dir/$file"
  done
fi
actual=$(cd "$prefix" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
[ "$actual" = "$(LC_ALL=C sort <<<"$expected")" ] || { diff <(LC_ALL=C sort <<<"$expected") <(echo "$actual"); fail "installed files differ"; }

# The program.
[ -x "$prefix/bin/bvhscope" ] || fail "bin/bvhscope is not executable"
[ "$("$prefix/bin/bvhscope" --version)" = "$("$build/app/bvhscope" --version)" ] || fail "installed --version differs"

# The Python module: Debian's python3 imports it from the prefix and loads a motion with it, and it
# links neither GLFW nor ImGui (nor any GL library: renders load EGL's through the engine).
if [ -n "$python_dir" ]; then
  shape=$(cd "$work" && PYTHONPATH="$prefix/${python_dir%/bvhscope}" /usr/bin/python3 -c \
    "import bvhscope, sys; print(bvhscope.load(sys.argv[1]).positions.shape, bvhscope.__file__)" \
    "$(cd "$(dirname "$0")/../.." && pwd)/assets/sample.bvh" 2>&1) || fail "the installed module does not load a motion: $shape"
  [ "$shape" = "(994, 38, 3) $prefix/$python_dir/__init__.py" ] || fail "the installed module: $shape"
  linked=$(objdump -p "$prefix/$python_dir/$module" | awk '/NEEDED/ { print $2 }')
  ! grep -qiE 'glfw|imgui' <<<"$linked" || fail "the Python module links GLFW or ImGui: $linked"
  # Debian's ImGui is a static library: its code would be inside the module, not NEEDED.
  symbols=$(nm -C "$prefix/$python_dir/$module" | grep -cE 'ImGui::|glfw[A-Z]' || true)
  [ "$(nm "$prefix/$python_dir/$module" | wc -l)" -gt 1000 ] || fail "the installed module has no symbol table to check"
  [ "$symbols" -eq 0 ] || fail "the Python module holds $symbols ImGui or GLFW symbols"
fi

# The menu entry: valid, opens BVH files with the installed program.
desktop=$prefix/share/applications/bvhscope.desktop
desktop-file-validate "$desktop" || fail "desktop-file-validate rejects bvhscope.desktop"
grep -qx 'MimeType=application/x-bvh;model/gltf-binary;model/gltf+json;' "$desktop" ||
  fail "the menu entry does not take application/x-bvh and glTF (model/gltf-binary, model/gltf+json)"
grep -qx 'Exec=bvhscope %F' "$desktop" || fail "the menu entry does not open files"
grep -qx 'Icon=bvhscope' "$desktop" || fail "the menu entry has no bvhscope icon"

# The thumbnailer entry, run as a file manager runs it (%i, %o, %s substituted) with no display: a PNG
# of the requested size.
thumbnailer=$prefix/share/thumbnailers/bvhscope.thumbnailer
grep -qx 'MimeType=application/x-bvh;' "$thumbnailer" || fail "the thumbnailer does not take application/x-bvh"
exec_line=$(sed -n 's/^Exec=//p' "$thumbnailer")
[ -n "$exec_line" ] || fail "the thumbnailer has no Exec line"
read -r -a thumbnail_command <<<"$exec_line"
sample=$(cd "$(dirname "$0")/../.." && pwd)/assets/sample.bvh
for i in "${!thumbnail_command[@]}"; do
  case "${thumbnail_command[$i]}" in
    %i) thumbnail_command[$i]=$sample ;;
    %o) thumbnail_command[$i]=$work/thumbnail.png ;;
    %s) thumbnail_command[$i]=128 ;;
  esac
done
(env -u DISPLAY -u WAYLAND_DISPLAY PATH="$prefix/bin:/usr/bin:/bin" "${thumbnail_command[@]}") ||
  fail "the thumbnailer's command failed: ${thumbnail_command[*]}"
python3 - "$work/thumbnail.png" <<'PY' || fail "the thumbnail is not a 128 x 128 PNG"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
assert struct.unpack(">II", data[16:24]) == (128, 128), struct.unpack(">II", data[16:24])
PY

# The MIME type: parses, and shared-mime-info compiles it to the *.bvh glob and the HIERARCHY magic.
xmllint --noout "$prefix/share/mime/packages/bvhscope.xml" || fail "bvhscope.xml does not parse"
update-mime-database "$prefix/share/mime" 2>"$work/mime.log" || { cat "$work/mime.log"; fail "update-mime-database failed"; }
grep -qx '50:application/x-bvh:\*\.bvh' "$prefix/share/mime/globs2" || { cat "$prefix/share/mime/globs2"; fail "no *.bvh glob"; }
grep -aq 'HIERARCHY' "$prefix/share/mime/magic" || fail "no HIERARCHY magic"
python3 - "$prefix/share/mime/magic" <<'PY' || fail "the magic is not HIERARCHY at offset 0 for application/x-bvh"
import sys
data = open(sys.argv[1], "rb").read()
section = data.split(b"[60:application/x-bvh]\n", 1)[1]
# A match line: >OFFSET=<2-byte big-endian length><value>
assert section.startswith(b">0=\x00\x09HIERARCHY"), section[:20]
PY

# The icons: the SVG parses; each PNG is a PNG of its directory's size.
xmllint --noout "$prefix/share/icons/hicolor/scalable/apps/bvhscope.svg" || fail "the SVG icon does not parse"
for size in 48 64 128 256; do
  python3 - "$prefix/share/icons/hicolor/${size}x${size}/apps/bvhscope.png" "$size" <<'PY' || fail "the ${size}px icon is wrong"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert (width, height) == (int(sys.argv[2]),) * 2, (width, height)
PY
done

# The man page: renders, says what --help says, no groff warnings.
MANWIDTH=100 MANPAGER=cat PAGER=cat man --warnings -l "$prefix/share/man/man1/bvhscope.1" >"$work/man.txt" 2>"$work/man.err" ||
  fail "man -l failed"
[ ! -s "$work/man.err" ] || { cat "$work/man.err"; fail "groff warnings in the man page"; }
grep -q '^NAME' "$work/man.txt" || fail "no NAME section"
grep -q 'bvhscope - a viewer for BVH (Biovision Hierarchy) motion-capture files' "$work/man.txt" || fail "no NAME line"
for command in info export convert render thumbnail metrics compare lint; do
  grep -q "^ *bvhscope $command " "$work/man.txt" || fail "the man page does not show bvhscope $command"
done
grep -q 'Lint.s exit status: 0 nothing above info' "$work/man.txt" || fail "the man page lacks the end of --help"

# Bash completion, with the installed program first on PATH.
mkdir -p "$work/files/dir" && touch "$work/files/walk.bvh" "$work/files/notes.txt"
completions=$(cd "$work/files" && PATH="$prefix/bin:$PATH" bash --norc --noprofile -c '
  source "$1"
  complete_line() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _bvhscope; echo "$* -> ${COMPREPLY[*]}"; }
  complete_line bvhscope ren
  complete_line bvhscope info --j
  complete_line bvhscope render x.bvh --sty
  complete_line bvhscope info w
  complete_line bvhscope info ""
  complete_line bvhscope info --up ""' _ "$prefix/share/bash-completion/completions/bvhscope")
expected_completions="bvhscope ren -> render
bvhscope info --j -> --jobs --json
bvhscope render x.bvh --sty -> --style
bvhscope info w -> walk.bvh
bvhscope info  -> walk.bvh dir
bvhscope info --up  -> auto +x -x +y -y +z -z"
[ "$completions" = "$expected_completions" ] || { diff <(echo "$expected_completions") <(echo "$completions"); fail "completions differ"; }
echo "install_check.sh: OK"

#!/usr/bin/env bash
# `cpack -G DEB` of the suite's build into a temporary directory, then the package read back: its
# control fields (name, version, architecture, Depends naming every runtime library package and the
# GL driver packages loaded at run time), its exact file list, and the program extracted from it
# running; then the package installed and removed by dpkg in a scratch root, and its Depends resolved
# by apt against this machine's package lists (`apt-get install --simulate`). Usage: deb_check.sh BUILD_DIR VERSION
set -euo pipefail
build=$1
version=$2
fail() { echo "deb_check.sh: FAIL: $*" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT

(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack failed"; }
deb=$work/out/bvhscope_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || { ls "$work/out"; fail "no $(basename "$deb")"; }

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = bvhscope ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)'"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] || fail "Architecture is '$(field Architecture)'"
[ "$(field Section)" = graphics ] || fail "Section is '$(field Section)'"
depends=$(field Depends)
# Every package of a library the binary links (NEEDED), found with dpkg -S, and the GL ones dlopen'ed.
needed_packages=$(objdump -p "$build/app/bvhscope" | awk '/NEEDED/ { print $2 }' | while read -r library; do
  path=$(ldd "$build/app/bvhscope" | awk -v l="$library" '$1 == l { print $3 }')
  real=$(readlink -f "$path")
  # Merged /usr: dpkg may know the library under /lib rather than /usr/lib, or by its link name.
  { dpkg -S "$real" || dpkg -S "${real#/usr}" || dpkg -S "$path" || dpkg -S "${path#/usr}"; } 2>/dev/null |
    head -1 | cut -d: -f1
done | sort -u)
[ "$(wc -w <<<"$needed_packages")" -ge 4 ] || fail "the linked libraries' packages were not found: $needed_packages"
# assimp is loaded by the FBX reader's child alone: linked, every command would pay ~8 ms to load it.
! objdump -p "$build/app/bvhscope" | awk '/NEEDED/ { print $2 }' | grep -q '^libassimp' ||
  fail "bvhscope links libassimp: only the FBX reader's child should load it (engine/formats/fbx_assimp.cpp)"
# libassimp5: the FBX reader's child loads it at run time (dlopen), so no NEEDED entry names it.
for package in $needed_packages libgl1 libgl1-mesa-dri libegl-mesa0 libassimp5; do
  tr ',' '\n' <<<"$depends" | sed 's/^ *//; s/ .*//' | grep -qxF "$package" || fail "Depends lacks $package: $depends"
done

files=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { print $6 }' | LC_ALL=C sort)
expected="./usr/bin/bvhscope
./usr/share/applications/bvhscope.desktop
./usr/share/bash-completion/completions/bvhscope
./usr/share/icons/hicolor/128x128/apps/bvhscope.png
./usr/share/icons/hicolor/256x256/apps/bvhscope.png
./usr/share/icons/hicolor/48x48/apps/bvhscope.png
./usr/share/icons/hicolor/64x64/apps/bvhscope.png
./usr/share/icons/hicolor/scalable/apps/bvhscope.svg
./usr/share/man/man1/bvhscope.1
./usr/share/mime/packages/bvhscope.xml
./usr/share/thumbnailers/bvhscope.thumbnailer"
# With the Python module (BVHSCOPE_PYTHON), its package, and Depends naming python3 and numpy.
if [ -f "$build/python/bvhscope/__init__.py" ]; then
  python_dir=./usr/lib/python3.$(/usr/bin/python3 -c 'import sys; print(sys.version_info.minor)')/dist-packages/bvhscope
  module=$(cd "$build/python/bvhscope" && ls _bvhscope.*.so)
  for file in __init__.py _arguments.py _errors.py _bvhscope.pyi py.typed "$module"; do
    expected+=$'\n'"$python_dir/$file"
  done
  for package in python3 python3-numpy; do
    tr ',' '\n' <<<"$depends" | sed 's/^ *//; s/ .*//' | grep -qxF "$package" || fail "Depends lacks $package: $depends"
  done
fi
[ "$files" = "$(LC_ALL=C sort <<<"$expected")" ] || { diff <(LC_ALL=C sort <<<"$expected") <(echo "$files"); fail "file list differs"; }

dpkg-deb -x "$deb" "$work/root"
[ "$("$work/root/usr/bin/bvhscope" --version)" = "bvhscope $version" ] || fail "the packaged bvhscope does not run"

# dpkg itself installs the package into an empty scratch root (its own database; Depends are apt's
# part, checked next) and removes it again, leaving no file behind.
root=$work/dpkg-root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
scratch_dpkg() { dpkg --root="$root" --log=/dev/null --force-not-root --force-depends --force-script-chrootless "$@"; }
scratch_dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i into a scratch root failed"; }
[ "$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status}' bvhscope)" = "install ok installed" ] ||
  fail "dpkg does not list bvhscope as installed in the scratch root"
[ -x "$root/usr/bin/bvhscope" ] || fail "no usr/bin/bvhscope in the scratch root"
[ "$("$root/usr/bin/bvhscope" --version)" = "bvhscope $version" ] || fail "the installed bvhscope does not run"
scratch_dpkg --purge bvhscope >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg --purge failed"; }
left=$(find "$root" -type f -not -path "$root/var/lib/dpkg/*" -not -path "$root/var/log/*")
[ -z "$left" ] || fail "files left after dpkg --purge: $left"

# Every Depends resolves to an installable package of this machine's Debian (apt's simulation: no
# root needed, nothing installed). Skipped only where there is no apt (not Debian): said so.
if command -v apt-get >/dev/null; then
  apt-get install --simulate -q "$deb" >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt cannot resolve Depends"; }
  grep -q '^Inst bvhscope ' "$work/apt.log" || { cat "$work/apt.log"; fail "apt did not plan to install bvhscope"; }
else
  echo "deb_check.sh: no apt-get here: Depends not resolved against a package list"
fi
echo "deb_check.sh: OK: $(basename "$deb"), Depends: $depends"

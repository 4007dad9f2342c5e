#!/usr/bin/python3
"""The page `bvhscope report` writes, in a real browser (Debian's chromium, headless, with no
network): it loads, every preview decodes (the page's own check writes body[data-images] =
"decoded/total" once loaded), and sorting a column reorders the rows (the page sorts by the column
an address names, #sort=KEY or #sort=KEY-desc, through the same code a click on the heading runs):
checked on the DOM chromium dumps after running the page, against the values each row holds.
Also: each preview is a PNG of the size the page says (read here from the bytes with nothing but
the PNG spec's header layout), and the page names no address outside itself.

usage: report_page_check.py BVHSCOPE FILE.bvh..."""
import base64
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

BVHSCOPE = sys.argv[1]
CORPUS = sys.argv[2:]
CHROMIUM = shutil.which("chromium")
if CHROMIUM is None:
    raise SystemExit("chromium is not installed: scripts/bvhscope-dev setup installs it (Debian's chromium)")
if len(CORPUS) < 5:
    raise SystemExit("expected five or more corpus files (../shared/bvh): " + " ".join(CORPUS))
failures = []


def dumped_dom(page, fragment):
    """The DOM after the page ran, as chromium headless serialises it (no sandbox: tests run as root)."""
    result = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--disable-extensions", "--virtual-time-budget=15000", "--dump-dom",
                             "file://" + page + fragment],
                            capture_output=True, text=True, timeout=120)
    if result.returncode != 0 or "<body" not in result.stdout:
        raise SystemExit(f"chromium could not load {page}: {result.returncode} {result.stderr[-2000:]}")
    return result.stdout


def rows(dom):
    """Each row's id and its cells' sort values (data-v), in the order the DOM has them."""
    body = dom[dom.index("<tbody>"):dom.index("</tbody>")]
    found = []
    for row in re.finditer(r'<tr id="(f\d+)"[^>]*>(.*?)</tr>', body, re.S):
        cells = re.findall(r"<td([^>]*)>", row.group(2))
        values = [re.search(r'data-v="([^"]*)"', c).group(1) if "data-v" in c else None for c in cells]
        found.append((row.group(1), values))
    return found


with tempfile.TemporaryDirectory() as work:
    folder = os.path.join(work, "set")
    os.mkdir(folder)
    for path in CORPUS[:8]:
        shutil.copy(path, folder)
    with open(os.path.join(folder, "zz_broken.bvh"), "w") as broken:
        broken.write("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n}\n")
    page = os.path.join(work, "report.html")
    made = subprocess.run([BVHSCOPE, "report", folder, "-o", page], capture_output=True, text=True)
    files = min(8, len(CORPUS)) + 1
    if made.returncode != 1 or not os.path.exists(page):  # 1: the broken file
        raise SystemExit(f"report exited {made.returncode}: {made.stderr}")
    html = open(page, encoding="utf-8").read()

    # Self-contained, and each preview a PNG of the size the page gives (shown at half its pixels).
    for target in re.findall(r'(?:src|href)="([^"]*)"', html):
        if not (target.startswith("data:") or target.startswith("#")):
            failures.append(f"the page points outside itself: {target[:80]}")
    previews = re.findall(r'<img alt="([^"]*)" width="(\d+)" height="(\d+)" src="data:image/png;base64,([^"]+)"', html)
    if len(previews) != files - 1:
        failures.append(f"{len(previews)} previews for {files - 1} readable files")
    for name, width, height, data in previews:
        png = base64.b64decode(data, validate=True)
        if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
            failures.append(f"{name}: the preview is not a PNG")
            continue
        w, h = struct.unpack(">II", png[16:24])
        if (w, h) != (2 * int(width), 2 * int(height)):
            failures.append(f"{name}: a {w}x{h} PNG shown at {width}x{height}")

    # In the browser: every image decoded; the rows sorted by the column the address names.
    heads = re.findall(r"<th(?:\s[^>]*)?>", html[html.index('<table id="files">'):html.index("</thead>")])
    keys = [re.search(r'data-key="([a-z_]+)"', h).group(1) if "data-key" in h else None for h in heads]
    for fragment, key, descending in (("#sort=duration-desc", "duration", True), ("#sort=frames", "frames", False),
                                      ("#sort=joints-desc", "joints", True)):
        dom = dumped_dom(page, fragment)
        images = re.search(r'<body[^>]*data-images="(\d+)/(\d+)"', dom)
        if images is None or images.group(1) != images.group(2) or int(images.group(2)) != files - 1:
            failures.append(f"{fragment}: images decoded: {images.group(0) if images else 'no report from the page'}")
        column = keys.index(key)
        order = rows(dom)
        values = [float(v[column]) for _, v in order if v[column]]
        blanks_last = all(v[column] for _, v in order[:len(values)])
        wanted = sorted(values, reverse=descending)
        if values != wanted or not blanks_last or len(order) != files:
            failures.append(f"{fragment}: rows in the order {[r for r, _ in order]}, {key} {values}")
        elif not re.search(r'<th[^>]*data-key="' + key + r'"[^>]*aria-sort="' +
                           ("descending" if descending else "ascending") + '"', dom):
            failures.append(f"{fragment}: the heading does not say how the rows are sorted")
        else:
            print(f"{fragment}: {len(order)} rows by {key} {'descending' if descending else 'ascending'}, "
                  f"{images.group(0)}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"report page: {files} files, {files - 1} previews decoded in chromium, sorting reorders the rows")

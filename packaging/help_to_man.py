#!/usr/bin/env python3
"""Turns `bvhscope --help` into the man page bvhscope.1 (troff), so that both say the same thing.

Usage: help_to_man.py BVHSCOPE_EXECUTABLE VERSION OUT.1
The first help line ("bvhscope: what it is") becomes NAME; a line at column 0 that ends with ':'
after a blank line starts a section; everything else is kept as laid out (no-fill), escaped.
"""
import os
import subprocess
import sys


def escape(line):
    line = line.replace("\\", "\\e")
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def convert(help_text, version):
    lines = help_text.rstrip("\n").split("\n")
    name, _, summary = lines[0].partition(": ")
    out = [
        '.\\" Generated from `bvhscope --help` by packaging/help_to_man.py: edit app/cli/help.cpp.',
        f'.TH BVHSCOPE 1 "" "bvhscope {version}" "User Commands"',
        ".SH NAME",
        f"{name} \\- {escape(summary)}",
    ]
    in_block = False
    previous_blank = True
    for line in lines[1:]:
        is_heading = previous_blank and line and not line[0].isspace() and line.endswith(":")
        if is_heading:
            if in_block:
                out.append(".fi")
            out.append(".SH " + escape(line[:-1].upper()))
            out.append(".nf")
            in_block = True
        elif line.strip():
            if not in_block:
                out.append(".nf")
                in_block = True
            out.append(escape(line))
        elif in_block:
            out.append("")
        previous_blank = not line.strip()
    if in_block:
        out.append(".fi")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: help_to_man.py BVHSCOPE_EXECUTABLE VERSION OUT.1")
    # A sanitizer build's leak check has nothing to say about --help.
    environment = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
    help_text = subprocess.run([sys.argv[1], "--help"], check=True, capture_output=True, text=True,
                               env=environment).stdout
    page = convert(help_text, sys.argv[2])
    temporary = sys.argv[3] + ".tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(page)
    os.replace(temporary, sys.argv[3])


if __name__ == "__main__":
    main()

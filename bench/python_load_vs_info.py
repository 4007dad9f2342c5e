#!/usr/bin/env python3
"""python_load_vs_info.py: `bvhscope.load(FILE).positions` in a fresh python3 process against
`bvhscope info FILE` on the same (~100 MB) file, interleaved: wall time (best and median of N) and
peak resident memory of each process (issue 32: within 1.6x of info; memory within the positions
array's own size + 64 MiB beyond info's peak).

    bench/python_load_vs_info.py --build-dir DIR --file FILE.bvh [--runs N] [--summary OUT]

DIR must hold app/bvhscope and python/bvhscope (configured with -DBVHSCOPE_PYTHON=ON). --summary
writes the figures as "key value" lines for run-all.sh.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

LOAD = ("import sys, bvhscope\n"
        "m = bvhscope.load(sys.argv[1])\n"
        "p = m.positions\n"
        "print(p.nbytes)\n")


# The same in one process, N times (the second and later loads reuse the memory the first freed,
# as a script going through a dataset does): the best time of load() + .positions alone.
REPEATED = ("import sys, time, bvhscope\n"
            "best = None\n"
            "for _ in range(int(sys.argv[2])):\n"
            "    start = time.perf_counter()\n"
            "    p = bvhscope.load(sys.argv[1]).positions\n"
            "    took = time.perf_counter() - start\n"
            "    best = took if best is None else min(best, took)\n"
            "    del p\n"
            "print(best)\n")


def run(command: list[str], env: dict | None = None) -> tuple[float, float, str]:
    """Wall seconds, peak RSS (MiB) and standard output of `command`, waited for with wait4."""
    read_end, write_end = os.pipe()
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        os.dup2(write_end, 1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        try:
            os.execve(command[0], command, env if env is not None else os.environ)
        finally:
            os._exit(127)
    os.close(write_end)
    chunks = []
    while chunk := os.read(read_end, 65536):
        chunks.append(chunk)
    os.close(read_end)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"python_load_vs_info.py: {' '.join(command[:2])} ... exited {os.waitstatus_to_exitcode(status)}")
    return wall, usage.ru_maxrss / 1024.0, b"".join(chunks).decode()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--file", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--summary", default=os.devnull)
    args = parser.parse_args()
    program = os.path.join(args.build_dir, "app", "bvhscope")
    package = os.path.join(args.build_dir, "python")
    if not os.path.isfile(os.path.join(package, "bvhscope", "__init__.py")):
        sys.exit(f"python_load_vs_info.py: no Python module in {package} (configure with -DBVHSCOPE_PYTHON=ON)")
    env = dict(os.environ, PYTHONPATH=package, PYTHONDONTWRITEBYTECODE="1")
    info_command = [program, "info", args.file]
    load_command = ["/usr/bin/python3", "-c", LOAD, args.file]

    run(info_command)  # the page cache warmed
    info, python = [], []
    array_bytes = 0
    for k in range(args.runs):  # interleaved, who goes first alternating
        order = [("info", info_command), ("python", load_command)]
        for name, command in order if k % 2 == 0 else reversed(order):
            wall, peak, out = run(command, env if name == "python" else None)
            (info if name == "info" else python).append((wall, peak))
            if name == "python":
                array_bytes = int(out.strip())

    def best(values): return min(v[0] for v in values)
    def median(values): return statistics.median(v[0] for v in values)
    def peak(values): return max(v[1] for v in values)

    _, _, out = run(["/usr/bin/python3", "-c", REPEATED, args.file, str(max(args.runs, 3))], env)
    in_process = float(out.strip())

    array_mib = array_bytes / 2**20
    extra = peak(python) - peak(info) - array_mib
    print(f"wall time, best (median) of {args.runs} interleaved runs:")
    print(f"  python3: bvhscope.load(FILE).positions  {best(python):.3f} s ({median(python):.3f}); "
          f"peak {peak(python):.1f} MiB")
    print(f"  bvhscope info FILE (baseline)           {best(info):.3f} s ({median(info):.3f}); peak {peak(info):.1f} MiB")
    print(f"ratio load+positions / info: {best(python) / best(info):.3f} best, {median(python) / median(info):.3f} median")
    print(f"in one process, load() + .positions alone: {in_process:.3f} s best of {max(args.runs, 3)}: "
          f"{in_process / best(info):.3f}x info's best")
    print(f"memory beyond info's peak: {peak(python) - peak(info):.1f} MiB, of which the positions array "
          f"{array_mib:.1f} MiB: {extra:.1f} MiB more")
    with open(args.summary, "w") as summary:
        for key, value in [("runs", args.runs), ("python_best", best(python)), ("python_median", median(python)),
                           ("info_best", best(info)), ("info_median", median(info)),
                           ("ratio_best", best(python) / best(info)), ("ratio_median", median(python) / median(info)),
                           ("python_peak_mib", peak(python)), ("info_peak_mib", peak(info)),
                           ("array_mib", array_mib), ("extra_mib", extra),
                           ("in_process_best", in_process), ("in_process_ratio", in_process / best(info))]:
            summary.write(f"{key} {value}\n")


if __name__ == "__main__":
    main()

"""Shared set-up of the Python module's tests: where the program, the corpus and the fixtures are,
and the program itself run as a process (the reference the module must equal)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

EXECUTABLE = os.environ["BVHSCOPE_EXECUTABLE"]
CORPUS = Path(os.environ["BVHSCOPE_CORPUS_DIR"])
FIXTURES = Path(os.environ["BVHSCOPE_FIXTURES_DIR"])
SAMPLE = Path(os.environ["BVHSCOPE_SAMPLE"])
FUZZ = Path(os.environ["BVHSCOPE_FUZZ_DIR"])


def corpus_files() -> list[Path]:
    files = sorted(CORPUS.glob("*.bvh"))
    # The corpus loops must iterate over something (an empty corpus would pass them all).
    assert len(files) >= 20, f"the corpus at {CORPUS} holds {len(files)} BVH files"
    return [SAMPLE] + files


def cli(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """`bvhscope ARGS...` as a process."""
    done = subprocess.run([EXECUTABLE, *map(str, args)], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"bvhscope {' '.join(map(str, args))} exited {done.returncode}: {done.stderr}")
    return done


def cli_json(*args: str):
    done = cli(*args, "--json", check=False)
    # lint exits 4 for warnings and 1 for errors found, with its JSON printed either way.
    allowed = (0, 1, 4) if args[0] == "lint" else (0,)
    assert done.returncode in allowed, f"bvhscope {' '.join(map(str, args))} exited {done.returncode}: {done.stderr}"
    return json.loads(done.stdout)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "gl: needs a GL context (EGL; no display)")

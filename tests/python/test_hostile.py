"""Hostile input through Python raises bvhscope.Error and never crashes the interpreter: the fuzz
seeds and regressions, the fixtures and two corpus files, cut at many lengths and with bytes changed."""

from __future__ import annotations

import warnings
import zlib

import numpy as np
import pytest

import bvhscope
from conftest import CORPUS, FIXTURES, FUZZ

FUZZ_INPUTS = sorted(p for folder in (FUZZ / "seeds", FUZZ / "regressions") for p in folder.iterdir()
                     if p.name != "README.md")
FILES = sorted(FIXTURES.glob("*.bvh")) + [CORPUS / "bvh11__131_01.bvh", CORPUS / "pybvh__bvh_test3.bvh"]


def contents(path):
    """A seed's file: fuzz inputs are an options byte, then the file (named NAME.EXT.fuzz)."""
    if path in FUZZ_INPUTS:
        name = path.name.removesuffix(".fuzz")
        return (name if "." in name else name + ".bin"), path.read_bytes()[1:]
    return path.name, path.read_bytes()


def variants(data: bytes, rng: np.random.Generator):
    """The bytes cut at 24 places and changed at random in 24 ways."""
    for cut in np.linspace(0, len(data), 24, dtype=int):
        yield data[:cut]
    for _ in range(24):
        changed = bytearray(data)
        for at in rng.integers(0, max(len(changed), 1), size=4):
            if changed:
                changed[at] = int(rng.integers(0, 256))
        yield bytes(changed)


def test_the_seeds_are_there():
    assert len(FUZZ_INPUTS) >= 10 and len(FILES) >= 6


@pytest.mark.parametrize("seed", FUZZ_INPUTS + FILES, ids=lambda p: p.name)
def test_hostile_files_raise_or_load(seed, tmp_path):
    name, data = contents(seed)
    rng = np.random.default_rng(zlib.crc32(seed.name.encode()))
    loaded = refused = 0
    for k, variant in enumerate(variants(data, rng)):
        path = tmp_path / f"{k}_{name}"
        path.write_bytes(variant)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                motions = bvhscope.load_all(path)
        except bvhscope.Error as error:
            assert error.message
            refused += 1
            continue
        for motion in motions:
            assert motion.positions.shape == (len(motion), len(motion.joint_names), 3)
            rotations = motion.local_rotations("quat")
            assert rotations is None or rotations.shape[0] == len(motion)
        loaded += 1
    assert loaded + refused == 48
    assert refused > 0  # the cut at 0 bytes at least

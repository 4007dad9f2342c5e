"""bvhscope for Python: motion files (BVH, joint arrays, glTF, FBX) as numpy arrays, and the
command line's measures, conversions and headless renders.

    import bvhscope
    m = bvhscope.load("walk.bvh")
    m.positions            # (frames, joints, 3) float32, as `bvhscope export` writes them
    bvhscope.metrics(m)    # the dict of `bvhscope metrics --json`
    bvhscope.render(m, "walk.mp4", size=(640, 480))

Everything runs in this process on bvhscope's engine (no display is needed: renders use EGL);
reading, posing, rotations and the commands run with the GIL released. Errors raise ``bvhscope.Error`` subclasses that say
where (file, line, column); warnings are ``bvhscope.BvhscopeWarning``.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Union

import numpy as np

from . import _arguments, _bvhscope
from ._errors import BvhscopeWarning, CommandError, Error, FileError, UsageError

__version__: str = _bvhscope.__version__

__all__ = [
    "Motion",
    "load",
    "load_all",
    "from_positions",
    "info",
    "metrics",
    "compare",
    "lint",
    "retarget",
    "convert",
    "render",
    "report",
    "Error",
    "FileError",
    "UsageError",
    "CommandError",
    "BvhscopeWarning",
]

PathLike = Union[str, "os.PathLike[str]"]


class Motion:
    """One motion: a skeleton (joints in depth-first order, End Sites included) and its frames.

    Arrays come from the engine without copies where it holds them (``channel_values``, the
    positions of joint arrays) and are read-only; ``positions`` is computed on first use, on
    every core, and kept.
    """

    __slots__ = ("_engine", "_mode", "_up")

    def __init__(self) -> None:
        raise TypeError("motions come from bvhscope.load(), load_all() or from_positions()")

    @classmethod
    def _wrap(cls, engine: Any, mode: str, up: str | None) -> "Motion":
        motion = object.__new__(cls)
        motion._engine = engine
        motion._mode = mode  # the position mode asked for at load ("auto", "add", "replace")
        motion._up = up      # the up axis asked for at load (None: the file's coordinates kept)
        return motion

    # The skeleton.
    @property
    def joint_names(self) -> list[str]:
        """Every joint's name in depth-first order; End Sites are named "<parent>End"."""
        return self._engine.joint_names

    @property
    def parents(self) -> np.ndarray:
        """Each joint's parent index (int32), -1 for roots; a parent comes before its children."""
        return self._engine.parents

    @property
    def offsets(self) -> np.ndarray:
        """(joints, 3) float32: each joint's OFFSET from its parent (the rest pose), in file units and
        the file's axes (not turned by ``up``, as ``channel_values`` are not)."""
        return self._engine.offsets

    @property
    def end_sites(self) -> np.ndarray:
        """(joints,) bool: which joints are End Sites."""
        return self._engine.end_sites

    # Time.
    @property
    def frame_count(self) -> int:
        return self._engine.frame_count

    def __len__(self) -> int:
        return self._engine.frame_count

    @property
    def frame_time(self) -> float:
        """Seconds per frame (the file's, or ``source_fps``'s)."""
        return self._engine.frame_time

    @property
    def declared_frame_time(self) -> float:
        """The frame time as the file wrote it (``frame_time`` is the one played: a file's 0 becomes
        1/30 s, ``source_fps`` replaces it)."""
        return self._engine.declared_frame_time

    @property
    def fps(self) -> float:
        """Frames per second: 1 / frame_time."""
        return 1.0 / self._engine.frame_time

    # What bvhscope decided about it.
    @property
    def up_axis(self) -> str:
        """The axis pointing up in ``positions``' coordinates ("+y", "+z", ...): the detected one,
        or "+y" when loaded with ``up`` (``info()["up_axis"]`` stays the file's, as the program's)."""
        return self._engine.up_axis

    @property
    def unit(self) -> str:
        """The length unit guessed from the figure's height ("centimetres", "metres", "unknown")."""
        return self._engine.unit

    @property
    def position_mode(self) -> str:
        """How position channels place joints: "add" (to the OFFSET) or "replace" (it)."""
        return self._engine.position_mode

    @property
    def format(self) -> str:
        """The format that read it ("BVH", "NumPy array", "glTF", "FBX", ...)."""
        return self._engine.format

    @property
    def source(self) -> str:
        return self._engine.source

    @property
    def name(self) -> str:
        """The motion's name in a file of several (an animation, a prompt); "" for a file's only one."""
        return self._engine.name

    @property
    def warnings(self) -> list[str]:
        """The load's warnings, located ("FILE:LINE:COL: warning: ...")."""
        return self._engine.warnings

    # The motion.
    @property
    def positions(self) -> np.ndarray:
        """(frames, joints, 3) float32: every joint's world position at every frame, bit for bit
        what ``bvhscope export`` writes (with the same ``position_mode`` and ``up``)."""
        return self._engine.positions

    @property
    def holds_positions(self) -> bool:
        """True for joint positions without channels (joint arrays)."""
        return self._engine.holds_positions

    @property
    def array_joints(self) -> np.ndarray | None:
        """For joint arrays: each joint's index in the array it was read from (its joints are put in
        depth-first order here), so that ``positions == array[:, array_joints]``; None otherwise."""
        return self._engine.array_joints

    @property
    def channels(self) -> list[str]:
        """The channels of a frame row, in file order: "Hips.Xposition", "Hips.Zrotation", ..."""
        return self._engine.channels

    @property
    def channel_values(self) -> np.ndarray:
        """(frames, channels) float32: the frame rows as read (degrees for rotations)."""
        return self._engine.channel_values

    def local_rotations(self, order: str = "xyz") -> np.ndarray | None:
        """Each joint's rotation relative to its parent, from its channels, at every frame.

        ``order="quat"``: (frames, joints, 4) float64 quaternions (w, x, y, z), w >= 0. An axis order
        ("xyz", "zxy", ...): (frames, joints, 3) Euler angles in degrees in BVH's convention
        (R = R(first) R(second) R(third)), continuous from frame to frame. The default, "xyz", is
        not the file's own channel order (often "zxy"): ask for that order to get angles that
        match ``channel_values``, up to whole turns. Joints without rotation
        channels hold the identity. None for motions of joint positions.
        """
        return self._engine.local_rotations(order)

    # The command line on it.
    def info(self) -> dict:
        """The dict of ``bvhscope info --json`` for this motion."""
        return info(self)

    def save(self, path: PathLike, **options: Any) -> str:
        """Writes the motion as ``convert`` does (BVH, .glb, .gltf or .fbx by the extension of
        ``path``; ``options`` are convert's); returns what convert reported."""
        return convert(self, path, **options)

    def __repr__(self) -> str:
        what = self.name or os.path.basename(self.source)
        return (f"<bvhscope.Motion {what!r}: {self.frame_count} frames at {self.fps:g} fps, "
                f"{len(self.joint_names)} joints, {self.format}>")

    # For commands: the motion itself (handed over in memory) and the options it was loaded with.
    def _command_options(self) -> list[str]:
        return ["--position-mode", self._mode] if self._mode != "auto" else []


Source = Union[PathLike, Motion]


def _reading_options(source_fps: float | None, skeleton: PathLike | None, mean: PathLike | None,
                     std: PathLike | None, key: str | None) -> list[str]:
    return _arguments.options({
        "source_fps": source_fps,
        "skeleton": os.fspath(skeleton) if skeleton is not None else None,
        "mean": os.fspath(mean) if mean is not None else None,
        "std": os.fspath(std) if std is not None else None,
        "key": key,
    })


def _loaded(args: list[str], position_mode: str, up: str | None, every_motion: bool) -> list[Motion]:
    engine_args = args + ["--position-mode", position_mode] + (["--up", up] if up is not None else [])
    engine_motions = _bvhscope.load([os.fsencode(a) for a in engine_args], every_motion)
    motions = [Motion._wrap(m, position_mode, up) for m in engine_motions]
    for motion in motions:
        for line in motion.warnings:
            warnings.warn(line, BvhscopeWarning, stacklevel=3)
    return motions


def load(path: PathLike, motion: int = 0, position_mode: str = "auto", up: str | None = None, *,
         source_fps: float | None = None, skeleton: PathLike | None = None, mean: PathLike | None = None,
         std: PathLike | None = None, key: str | None = None) -> Motion:
    """Reads one motion of a file in any format bvhscope reads (chosen by its content).

    motion: which motion of a file holding several (glTF animations, MDM results), 0-based.
    position_mode: "auto", "add" or "replace" (how position channels place joints).
    up: None keeps the file's coordinates (as ``export``); "auto" or an axis ("+z") turns the
        motion so that that axis (auto: the detected one) points up +Y (as ``export --up``).
    source_fps, skeleton, mean, std, key: as the command line's --source-fps, --skeleton FILE,
        --mean/--std M.npy (HumanML3D feature vectors), --key NAME (an .npz archive's array).
    Raises FileError (located) for a file that cannot be read, UsageError for a wrong option.
    """
    args = [os.fspath(path), "--motion", str(motion)] + _reading_options(source_fps, skeleton, mean, std, key)
    return _loaded(args, position_mode, up, every_motion=False)[0]


def load_all(path: PathLike, position_mode: str = "auto", up: str | None = None, *, source_fps: float | None = None,
             skeleton: PathLike | None = None, mean: PathLike | None = None, std: PathLike | None = None,
             key: str | None = None) -> list[Motion]:
    """Every motion of a file, in file order (options as ``load``)."""
    args = [os.fspath(path)] + _reading_options(source_fps, skeleton, mean, std, key)
    return _loaded(args, position_mode, up, every_motion=True)


def _skeleton_text(names: Sequence[str], parents: Sequence[int]) -> str:
    if len(names) != len(parents):
        raise UsageError(f"from_positions: {len(names)} names but {len(parents)} parents")
    lines = ["# name parent (from bvhscope.from_positions)"]
    first: dict[str, int] = {}
    for k, (name, parent) in enumerate(zip(names, parents)):
        if name in first:
            raise UsageError(f"from_positions: joint {k}'s name {name!r} is given twice (joint {first[name]})")
        first[name] = k
        if not name or any(c.isspace() for c in name) or "#" in name:
            raise UsageError(f"from_positions: joint {k}'s name {name!r} is empty or holds a space or '#'")
        parent = int(parent)
        if parent < -1 or parent >= len(names):
            raise UsageError(f"from_positions: joint {k} ({name})'s parent {parent} is not a joint (-1: a root)")
        lines.append(f"{name} {'-' if parent == -1 else parent}")
    return "\n".join(lines) + "\n"


def from_positions(array: Any, parents: Sequence[int] | None = None, names: Sequence[str] | None = None,
                   fps: float | None = None) -> Motion:
    """A motion of joint positions from an array (frames, joints, 3), float32 or float64.

    parents: each joint's parent index (-1 for a root), in the array's joint order; names: each
    joint's name (default "joint0", "joint1", ...). Without either, the joints are those of the
    layout their count names (22: HumanML3D, 21: KIT-ML, 24: SMPL, 52: SMPL-H), else unconnected
    points. fps: frames per second (default: the layout's rate, else 30). The motion can be
    rendered, compared, measured and saved like a loaded one; its joints are in depth-first order
    (``array_joints`` maps them back to the array's).
    """
    values = np.asarray(array)
    if values.dtype not in (np.float32, np.float64):
        values = values.astype(np.float64) if np.issubdtype(values.dtype, np.number) else values
    if values.ndim != 3 or values.shape[2] != 3:
        raise UsageError(f"from_positions: the array must be (frames, joints, 3), not {values.shape}")
    if fps is not None and not (0 < fps <= 10000):
        raise UsageError(f"from_positions: fps must be above 0 (and at most 10000), not {fps}")
    text = ""
    if parents is not None or names is not None:
        if parents is None:
            raise UsageError("from_positions: names need parents (-1 for a root)")
        if len(parents) != values.shape[1]:
            raise UsageError(f"from_positions: {len(parents)} parents for an array of {values.shape[1]} joints")
        joint_names = list(names) if names is not None else [f"joint{k}" for k in range(len(parents))]
        text = _skeleton_text(joint_names, list(parents))
    values = np.ascontiguousarray(values)
    buffer = io.BytesIO()
    np.save(buffer, values, allow_pickle=False)
    engine = _bvhscope.from_npy_bytes(buffer.getbuffer(), text.encode("utf-8", "surrogateescape"), float(fps or 0.0))
    return Motion._wrap(engine, "auto", None)


# The commands, run in this process.
Argument = Union[str, Motion]


def _run(args: list[Argument], command: str) -> str:
    status, out, err = _bvhscope.run(_encoded(args))
    err_text = err.decode("utf-8", "surrogateescape")
    _arguments.raise_for(status, err_text, command, _escaped_paths(args))
    _arguments.warn_about(err_text, [line for a in args if isinstance(a, Motion) for line in a.warnings])
    return out.decode("utf-8", "surrogateescape")


def _escaped_paths(args: list[Argument]) -> dict[str, str]:
    """Each text argument as the commands' messages write it (escaped), mapped back to itself."""
    return {_bvhscope.printable(os.fsencode(a)): a for a in args if not isinstance(a, Motion)}


def _encoded(args: list[Argument]) -> list[Any]:
    """Arguments for the engine: text as the bytes a file name is (surrogates kept), motions as the
    engine's (handed to the command in memory)."""
    return [a._engine if isinstance(a, Motion) else os.fsencode(a) for a in args]


def _up_options(up: str | None) -> list[str]:
    return ["--up", up] if up is not None else []


def _read_as(shared: list[str], up: str | None, options: dict) -> list[str]:
    """The options the inputs were loaded with, for a command: their up axis unless the caller
    gives the command one of its own."""
    return shared + ([] if "up" in options else _up_options(up))


def _inputs(sources: Sequence[Source], command: str) -> tuple[list[Argument], list[str], str | None]:
    """The inputs of a command (paths, or motions handed over in memory), and the options and up axis
    the motions were loaded with: the command line reads all its inputs one way, so these must agree."""
    if not sources:
        raise UsageError(f"{command}: no file or motion given")
    inputs: list[Argument] = []
    settings: list[tuple[list[str], str | None]] = []
    for source in sources:
        if isinstance(source, Motion):
            inputs.append(source)
            settings.append((source._command_options(), source._up))
        else:
            inputs.append(os.fspath(source))
            settings.append(([], None))
    first = settings[0]
    for k, setting in enumerate(settings[1:], start=1):
        if setting != first:
            shown = [" ".join(s[0] + _up_options(s[1])) or "none" for s in (first, setting)]
            raise UsageError(
                f"{command}: input {k + 1} was loaded with other options than input 1 ({shown[1]} against "
                f"{shown[0]}); the command reads all its inputs one way: load them alike")
    return inputs, first[0], first[1]


# Options that say how a file is read: a motion was read already (load() takes them).
_READING = ("motion", "source_fps", "skeleton", "mean", "std", "key")


def _check_reading(command: str, sources: Sequence[Source], options: dict) -> None:
    given = [name for name in _READING if options.get(name) is not None]
    if given and any(isinstance(source, Motion) for source in sources):
        raise UsageError(f"{command}: {', '.join(given)} say how a file is read; a motion was read already "
                         "(pass them to load())")


def _per_file(command: str, sources: Source | Iterable[Source], options: dict) -> Any:
    """``command --json`` over one source (its dict), or over a folder or several sources: a list of
    each file's dict, where a file that failed is ``{"file": ..., "error": {...}}`` (the others go on)."""
    single = isinstance(sources, (str, os.PathLike, Motion))
    listed = [sources] if single else list(sources)
    _check_reading(command, listed, options)
    inputs, shared, up = _inputs(listed, command)
    args = [command, *inputs, *_read_as(shared, up, options), *_arguments.options(options), "--json"]
    status, out, err = _bvhscope.run(_encoded(args))
    text = out.decode("utf-8", "surrogateescape")
    err_text = err.decode("utf-8", "surrogateescape")
    if text.startswith('{"files": [') and status in (0, 1, 4):
        batch = json.loads(text)
        if status != 1 or batch.get("failed", 0) > 0 or batch.get("errors", 0) > 0:
            _arguments.warn_about(err_text, [line for a in args if isinstance(a, Motion) for line in a.warnings])
            return batch["files"]
        _arguments.raise_for(status, err_text, command, _escaped_paths(args))  # a folder unread or empty
    if command == "lint" and status in (1, 4) and text.strip():
        return json.loads(text)[0]  # findings are not exceptions
    _arguments.raise_for(status, err_text, command, _escaped_paths(args))
    _arguments.warn_about(err_text, [line for a in args if isinstance(a, Motion) for line in a.warnings])
    reports = json.loads(text)
    return reports[0] if command == "lint" else reports


def info(sources: Source | Iterable[Source], **options: Any) -> Any:
    """The dict of ``bvhscope info FILE --json`` (options: info's, e.g. ``position_mode``, ``up``); for a
    folder or several files the list of each file's dict (a file that failed: ``{"file", "error"}``)."""
    return _per_file("info", sources, options)


def metrics(sources: Source | Iterable[Source], **options: Any) -> Any:
    """The dict of ``bvhscope metrics FILE --json``: skating, jitter, floating, penetration, bone
    drift and root figures in metres (options: metrics', e.g. ``units="cm"``, ``jobs=2``); for a folder
    or several files the list of each file's dict (a file that failed: ``{"file", "error"}``)."""
    return _per_file("metrics", sources, options)


def compare(ref: Source, other: Source, align: str | None = None, offset: float | None = None,
            **options: Any) -> dict:
    """The dict of ``bvhscope compare REF OTHER --json``: MPJPE, PA-MPJPE, per joint and per frame figures.

    align: "none", "root", "rigid" or "procrustes"; offset: OTHER's time offset in REF frames; options: compare's
    (``frames=(a, b)``, ``map="map.csv"``, ``units="cm"``, ...). Two folders give ``{"pairs": [...],
    "unpaired": {...}, "aggregate": {...}}`` (options ``pair_by="index"``, ``jobs``, ``recursive``, ``csv``); a
    pair that failed is an entry with its ``error``, not an exception.
    """
    _check_reading("compare", [ref, other], options)
    inputs, shared, up = _inputs([ref, other], "compare")
    extra = _arguments.options({"align": align, "offset": offset, **options})
    args = ["compare", *inputs, *_read_as(shared, up, options), *extra, "--json"]
    folders = all(not isinstance(s, Motion) and os.path.isdir(s) for s in (ref, other))
    if not folders:
        return json.loads(_run(args, "compare"))
    status, out, err = _bvhscope.run(_encoded(args))
    text = out.decode("utf-8", "surrogateescape")
    if status in (0, 1) and text.startswith('{"reference_folder": '):
        return json.loads(text)
    _arguments.raise_for(status or 1, err.decode("utf-8", "surrogateescape"), "compare", _escaped_paths(args))
    return {}


def lint(sources: Source | Iterable[Source], **options: Any) -> Any:
    """What ``bvhscope lint --json`` finds: for one file or motion its dict (``findings``...), for
    a folder or several a list of them. Findings are not exceptions: a file with errors is reported,
    not raised."""
    return _per_file("lint", sources, options)


def convert(source: Source, output: PathLike, **options: Any) -> str:
    """Writes ``source`` as ``bvhscope convert`` does (.bvh, .glb, .gltf or .fbx by the extension),
    through a temporary file renamed at the end; returns convert's report. Options are convert's:
    ``frames=(a, b)``, ``fps=30``, ``units="m"``, ``up="+y"``, ``rename={"old": "new"}``,
    ``skeleton_names="cmu"``, ``body=True`` (glTF: a skinned capsule body), ``force=True``...
    """
    inputs, shared, up = _inputs([source], "convert")
    _check_reading("convert", [source], options)
    if isinstance(source, Motion):
        if up is not None and "up" not in options:
            # Loaded with `up`: the figure is turned to +Y up, as its positions were.
            shared = shared + ["--up", "+y"] + ([] if up == "auto" else ["--from-up", up])
    out = _run(["convert", *inputs, *shared, "-o", os.fspath(output), *_arguments.options(options)], "convert")
    return out.strip()


def retarget(source: Source, target: Source, output: PathLike | None = None,
             map: PathLike | Mapping[str, str] | None = None, **options: Any) -> Motion | str:
    """Moves ``source``'s motion onto ``target``'s skeleton as ``bvhscope retarget`` does: the
    target's joints, names, offsets and channels, the source's frames at its rate.

    output: a .bvh, .glb, .gltf or .fbx path to write (returns retarget's report line); without it
        the result comes back as a Motion.
    map: source joint to target joint pairs given first: a map file (compare's format) or a dict
        ``{"LeftArm": "mixamorig:LeftArm", ...}``. A name that does not exist raises FileError.
    options: retarget's: ``root="scale"|"keep"|"none"``, ``feet="plant"|"free"``,
        ``fingers=True``, ``frames=(a, b)``, ``save_map="map.csv"``...
    Position modes are decided as the command decides them: a motion loaded with another
    ``position_mode`` than "auto" is refused. A returned Motion was read from a temporary file
    (``SOURCE_on_TARGET.bvh``, removed since): ``save()`` it to keep it.
    """
    _check_reading("retarget", [source, target], options)
    for given in (source, target):
        if isinstance(given, Motion) and given._mode != "auto":
            raise UsageError(f"retarget: a motion loaded with position_mode={given._mode!r}; retarget decides "
                             "position modes itself: load it with the default (\"auto\")")
    args: list[Argument] = ["retarget", source if isinstance(source, Motion) else os.fspath(source),
                            "--to", target if isinstance(target, Motion) else os.fspath(target)]
    for given, option in ((source, "--from-up"), (target, "--to-up")):
        if isinstance(given, Motion) and given._up is not None:
            args += [option, given._up]
    with tempfile.TemporaryDirectory(prefix="bvhscope-retarget-") as folder:
        map_path = None
        if isinstance(map, Mapping):
            for pair in map.items():
                for name in pair:
                    if (not isinstance(name, str) or not name or name != name.strip(" \t") or name.startswith("#")
                            or any(c in name for c in ",\n\r")):
                        raise UsageError(f"retarget: map: {name!r} cannot be a joint name in a map (empty, a ',', "
                                         "a line break, a leading '#' or spaces around it)")
            map_path = os.path.join(folder, "map.csv")
            with open(map_path, "w", encoding="utf-8", newline="\n") as file:
                file.write("".join(f"{a},{b}\n" for a, b in map.items()))
            args += ["--map", map_path]
        elif map is not None:
            args += ["--map", os.fspath(map)]
        def stem(given: Source) -> str:
            path = given.source if isinstance(given, Motion) else os.fspath(given)
            return os.path.splitext(os.path.basename(path))[0] or "motion"

        written = (os.fspath(output) if output is not None else
                   os.path.join(folder, f"{stem(source)}_on_{stem(target)}.bvh"))
        try:
            out = _run([*args, "-o", written, *_arguments.options(options)], "retarget")
        except FileError as error:
            if map_path is None or error.file != map_path:
                raise
            # The dict's pairs, in order: line N is the N-th pair.
            raise FileError(error.message, "map", error.line, error.column) from None
        if output is not None:
            return out.strip()
        result = load(written)
    return result


def render(sources: Source | Sequence[Source], output: PathLike, size: tuple[int, int] | None = None,
           frames: tuple[int, int] | None = None, fps: float | None = None, camera: str | None = None,
           grid: tuple[int, int] | None = None, captions: Sequence[str] | None = None, **options: Any) -> None:
    """Renders as ``bvhscope render`` does, with no display (EGL): a PNG still (``frame=N``), a
    video (.mp4, .webm, .gif), or PNG frames (a path ending in "/").

    sources: one motion or file, or several (side by side; with ``grid=(cols, rows)`` each in a
    tile, captioned by ``captions``). size: (width, height); frames: (first, last) frames of a
    video; fps: its rate; camera: "fixed", "follow" or "orbit". Other options are render's
    (``frame=120``, ``style="lines"``, ``select="LeftHand"``, ``compare=True``, ``strip=8``...).
    """
    listed = [sources] if isinstance(sources, (str, os.PathLike, Motion)) else list(sources)
    if not listed:
        raise UsageError("render: no motion to render")
    _check_reading("render", listed, options)
    if options.get("each") and any(isinstance(source, Motion) for source in listed):
        raise UsageError("render: each=True renders files in processes of their own: pass paths, or render "
                         "the motions one by one")
    inputs, shared, up = _inputs(listed, "render")
    extra = _arguments.options({"size": size, "frames": frames, "fps": fps, "camera": camera, "grid": grid,
                                "captions": captions, **options})
    _run(["render", *inputs, *_read_as(shared, up, options), "-o", os.fspath(output), *extra],
         "render")


def report(sources: PathLike | Sequence[PathLike], output: PathLike, compare_to: PathLike | None = None,
           **options: Any) -> str:
    """Writes the page of ``bvhscope report``: one self-contained HTML file about a folder (or files)
    with previews, figures, lint findings, metrics and their distributions; with ``compare_to`` each
    file's errors against the file of the same name there. Options are report's (``title="..."``,
    ``previews=False`` for ``--no-previews``, ``jobs=2``, ``align="procrustes"``, ``joints="body"``,
    ``offset="auto"``...). A file that cannot be read is a row of the page with its error, not an
    exception; returns what report printed ("wrote ...")."""
    listed = [sources] if isinstance(sources, (str, os.PathLike)) else list(sources)
    if not listed:
        raise UsageError("report: no folder or file given")
    if any(isinstance(source, Motion) for source in listed):
        raise UsageError("report: pass folders or files (a report reads them itself)")
    if options.pop("previews", True) is False:
        options["no_previews"] = True
    args = ["report", *[os.fspath(s) for s in listed], "-o", os.fspath(output),
            *_arguments.options({"compare_to": compare_to, **options})]
    status, out, err = _bvhscope.run(_encoded(args))
    text = out.decode("utf-8", "surrogateescape")
    if status == 1 and text.startswith("wrote "):  # some files failed: they are rows of the page
        return text.strip()
    _arguments.raise_for(status, err.decode("utf-8", "surrogateescape"), "report", _escaped_paths(args))
    return text.strip()

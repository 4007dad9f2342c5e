"""Keyword arguments as the command line's options, and the command line's messages as exceptions."""

from __future__ import annotations

import numbers
import re
import warnings
from collections.abc import Iterable, Mapping
from typing import Any

from ._errors import CommandError, FileError, UsageError, BvhscopeWarning

# Options whose value is a pair written as AxB or A:B.
_PAIRS = {"size": "x", "grid": "x", "frames": ":"}
# Options given once per value.
_REPEATED = {"captions": "--caption", "rename": "--rename"}


def _text(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, numbers.Number):
        return str(value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    return repr(float(value))  # the shortest text that reads back as the same number


def options(values: Mapping[str, Any]) -> list[str]:
    """The command line's options for keyword arguments.

    ``name=value`` is ``--name value`` (underscores become dashes), ``flag=True`` is ``--flag``,
    None and False leave the option out; ``size=(w, h)`` and ``grid=(cols, rows)`` are ``WxH``,
    ``frames=(a, b)`` is ``A:B``; ``captions=[...]`` and ``rename={old: new}`` repeat their option.
    """
    args: list[str] = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        flag = "--" + name.replace("_", "-")
        if value is True:
            args.append(flag)
        elif name in _REPEATED:
            items = value.items() if isinstance(value, Mapping) else [value] if isinstance(value, str) else value
            for item in items:
                text = f"{item[0]}={item[1]}" if isinstance(item, tuple) else _text(item)
                args += [_REPEATED[name], text]
        elif name in _PAIRS and isinstance(value, Iterable) and not isinstance(value, str):
            pair = list(value)
            if len(pair) != 2:
                raise UsageError(f"{name} takes two values, not {value!r}")
            args += [flag, _PAIRS[name].join(_text(v) for v in pair)]
        else:
            args += [flag, _text(value)]
    return args


_LOCATED = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<column>\d+): error: (?P<message>.*)$")
_WHOLE_FILE = re.compile(r"^(?P<file>.*?): error: (?P<message>.*)$")


def warn_about(err: str, known: Iterable[str] = ()) -> None:
    """Each warning line of a command as a BvhscopeWarning, but those in `known` (said already: the
    warnings of loaded motions, warned about when they were loaded)."""
    said = set(known)
    for line in err.splitlines():
        if ": warning: " in line and line not in said:
            warnings.warn(line, BvhscopeWarning, stacklevel=4)


def raise_for(status: int, err: str, command: str, paths: Mapping[str, str] | None = None) -> None:
    """The exception for a command's exit status and messages (nothing for status 0). `paths` maps
    a file as the messages write it (escaped) back to the path it was given as."""
    paths = paths or {}
    if status == 0:
        return
    lines = [line for line in err.splitlines() if line and line != "Try 'bvhscope --help'."]
    if status == 2:
        message = lines[0] if lines else f"{command}: wrong usage"
        raise UsageError(message.removeprefix("bvhscope: "))
    for line in lines:
        if ": warning: " in line:
            continue
        located = _LOCATED.match(line)
        if located:
            file = paths.get(located["file"], located["file"])
            raise FileError(located["message"], file, int(located["line"]), int(located["column"]))
        whole = _WHOLE_FILE.match(line)
        if whole and whole["file"] != "bvhscope":
            raise FileError(whole["message"], paths.get(whole["file"], whole["file"]))
        raise CommandError(line.removeprefix("bvhscope: "), output=err)
    raise CommandError(f"{command} failed (exit status {status})", output=err)

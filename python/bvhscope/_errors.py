"""The exceptions and warnings of the bvhscope package."""

from __future__ import annotations


class Error(Exception):
    """Anything bvhscope refuses or cannot do.

    ``message`` is the reason; ``file``, ``line`` and ``column`` say where when it is about a
    file (``line`` and ``column`` are 1-based, 0 when it is about the whole file).
    """

    def __init__(self, message: str, file: str | None = None, line: int = 0, column: int = 0):
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        super().__init__(self._text())

    def _text(self) -> str:
        if self.file is None:
            return self.message
        where = self.file
        if self.line > 0:
            where += f":{self.line}"
            if self.column > 0:
                where += f":{self.column}"
        return f"{where}: {self.message}"


class FileError(Error):
    """A file that cannot be read as a motion (or written): located at its line and column."""


class UsageError(Error, ValueError):
    """An option or argument that bvhscope does not take (a wrong value, a missing output)."""


class CommandError(Error):
    """A command that failed for another reason; ``output`` holds everything it said."""

    def __init__(self, message: str, file: str | None = None, line: int = 0, column: int = 0, output: str = ""):
        self.output = output
        super().__init__(message, file, line, column)


class BvhscopeWarning(UserWarning):
    """What bvhscope warns about while reading or writing (the file's location is in the text)."""

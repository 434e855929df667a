"""Clear, collected errors for bad data: file, key path, what was expected, what was found."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


class OutputError(Exception):
    """An output path that would escape its folder: a bug or hostile data, never written (raised by
    :mod:`printkit.output`; here so that the command line can catch it without importing the writer)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in one file, printed as a single line."""

    file: str
    path: str
    expected: str
    found: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        key = f" {self.path}:" if self.path else ""
        line = f"{where}:{key} expected {self.expected}, found {self.found}"
        # One problem, one line, whatever the data holds.
        return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in line)


class DataError(Exception):
    """Raised with every problem found in a game's data, never a traceback for the user."""

    def __init__(self, problems: list[Problem]) -> None:
        unique = list(dict.fromkeys(problems))
        super().__init__("\n".join(str(p) for p in unique))
        self.problems = unique


class SettingError(Exception):
    """A ``[print]`` setting that the layout of some piece cannot honour (an engine does not know
    the file; :func:`printkit.build.layout` turns it into a :class:`Problem` at the setting's line)."""

    def __init__(self, key: str, expected: str, found: str) -> None:
        super().__init__(f"{key}: expected {expected}, found {found}")
        self.key, self.expected, self.found = key, expected, found


def found_repr(value: object, limit: int = 60) -> str:
    text = repr(value) if not isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def suggest(value: object, choices: Iterable[object]) -> str:
    """`` (did you mean "ink"?)`` when ``value`` is close to one of ``choices`` (difflib), else ``""``."""
    if not isinstance(value, str) or not value:
        return ""
    import difflib

    names = [str(c) for c in choices]
    close = difflib.get_close_matches(value, names, n=1, cutoff=0.6)
    if not close:  # a difference of case only ("Red" for "red") is closer than difflib's ratio says
        close = [n for n in names if n.lower() == value.lower()][:1]
    return f" (did you mean {found_repr(close[0])}?)" if close and close[0] != value else ""


def collect(items: Iterable[T], step: Callable[[T], R]) -> list[R]:
    """Run ``step`` on every item; raise one :class:`DataError` with the problems of every failure."""
    results: list[R] = []
    problems: list[Problem] = []
    for item in items:
        try:
            results.append(step(item))
        except DataError as err:
            problems += err.problems
    if problems:
        raise DataError(problems)
    return results

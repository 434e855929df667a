"""The one way printkit finds its plug-ins: component kinds (:mod:`printkit.kinds`), layout elements
(:mod:`printkit.elements`) and check types (:mod:`printkit.checks`) are each a package with one module
per entry, and each module registers its entry when imported. Adding a kind or an element is adding a
module, nothing else. An element's, a check type's or a kind's module is named after it (:func:`module_of`),
so a game's entries are found without importing the others (:func:`import_named`)."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

T = TypeVar("T")


def add(table: dict[str, T], name: str, entry: T, what: str) -> T:
    """Put ``entry`` in ``table`` under ``name``; a second entry of that name is a bug in printkit."""
    if name in table:
        raise RuntimeError(f"{what} {name!r} registered twice")
    table[name] = entry
    return entry


def import_modules(package: str, path: Iterable[str]) -> None:
    """Import every module of ``package`` once, in name order (``_private`` helpers excepted), so each
    registers itself; the order makes docs and unions the same on every machine."""
    for info in sorted(pkgutil.iter_modules(path), key=lambda i: i.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{package}.{info.name}")


NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
"""How every element and check type is spelled: lower-case words joined by ``-`` (so it names a module,
never a helper)."""


def module_of(package: str, name: str) -> str:
    """The module of ``package`` that registers ``name``: the name with ``_`` for ``-``
    (``board-places``: ``printkit.checks.board_places``)."""
    return f"{package}.{name.replace('-', '_')}"


def import_named(package: str, table: Mapping[str, T], names: Iterable[str]) -> list[T] | None:
    """The entries of ``table`` that ``names`` name, each module of ``package`` imported if need be (and
    no other, but those it imports); None when one of them is no entry (then only the whole registry can
    say which are)."""
    wanted = sorted(set(names))
    for name in wanted:
        if name not in table:
            if not NAME.fullmatch(name):
                return None
            try:
                importlib.import_module(module_of(package, name))
            except ModuleNotFoundError as exc:
                if exc.name != module_of(package, name):
                    raise
                return None
            if name not in table:
                return None
    return [table[name] for name in wanted]


class OnFirstUse(dict[str, T]):
    """A table that fills itself: looking ``name`` up the first time takes ``find(name)`` (which imports the
    module that defines it; KeyError when there is none), so a process imports only what it uses."""

    def __init__(self, find: Callable[[str], T]) -> None:
        super().__init__()
        self._find = find

    def __missing__(self, name: str) -> T:
        value = self[name] = self._find(name)
        return value

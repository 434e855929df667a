"""The one way printkit finds its plug-ins: component kinds (:mod:`printkit.kinds`) and layout
elements (:mod:`printkit.elements`) are each a package with one module per entry, and each module
registers its entry when imported. Adding a kind or an element is adding a module, nothing else."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
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

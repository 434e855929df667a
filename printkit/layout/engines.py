"""The registry of layout engines, by the name a kind declares: each engine is the function of the same
name in its own module (``grid`` in :mod:`printkit.layout.grid`), imported when a game first uses it (the
tile engine of boards brings the fold geometry, which a deck of cards never needs)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import get_args

from printkit.kinds import LayoutEngine
from printkit.layout import Engine
from printkit.registry import OnFirstUse

NAMES: tuple[str, ...] = get_args(LayoutEngine)
"""Every engine a kind may name."""


def _engine(name: str) -> Engine:
    """The engine ``name``, from its module (KeyError: no such engine)."""
    if name not in NAMES:
        raise KeyError(name)
    engine: Engine = getattr(importlib.import_module(f"{__package__}.{name}"), name)
    return engine


ENGINES: dict[str, Engine] = OnFirstUse(_engine)
"""The engines imported so far; looking one up imports its module the first time."""


def load_engines(names: Iterable[str] = NAMES) -> None:
    """Import the engines ``names`` (default: all of them) now: before workers are forked, which all lay out."""
    for name in names:
        ENGINES[name]

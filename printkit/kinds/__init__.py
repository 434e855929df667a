"""The registry of component kinds: one module per kind, each calling :func:`register`.

A kind is a data model (its keys in ``game.toml``), a ``draw`` function that turns
one variant into :class:`Art`, the output group its sheets go to and the layout
engine that places its pieces on paper. Adding a kind is adding a module here, named
after the kind (``lattice-piece``: ``lattice_piece.py``): loading a game imports the kinds
its components name (:func:`load_named`), the docs and the gallery every kind (:func:`load_kinds`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from printkit.drawing import Drawing
from printkit.registry import add, import_modules, import_named

if TYPE_CHECKING:
    from printkit.game import Game, Variant
    from printkit.model import ComponentBase

LayoutEngine = Literal["grid", "pack", "tile"]


@dataclass
class Art:
    """What a kind draws for one variant.

    ``front`` has its trim box at (0, 0, width, height). ``back`` is the reverse as
    seen when the piece is turned over about its vertical axis (left and right
    swapped), drawn in the same box; None when the piece has no printed back.
    ``outline`` is the cut line in the same coordinates (None: the trim rectangle).
    """

    front: Drawing
    back: Drawing | None = None
    outline: Drawing | None = None
    info: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Kind:
    """A component kind. ``variants``, when given, lets a component generate its own variants
    from its parameters (e.g. every free shape of N fields); it returns None when the component
    does not ask for that, and is only consulted for components without ``vary`` or ``table``."""

    name: str
    model: type[ComponentBase]
    draw: Callable[[Game, ComponentBase, Variant], Art]
    sheet: str
    layout: LayoutEngine
    doc: str
    variants: Callable[[ComponentBase], list[Variant] | None] | None = None
    example: str = ""
    """A minimal game.toml fragment: layouts and one component with id `piece` (for docs/gallery.md)."""


KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> Kind:
    return add(KINDS, kind.name, kind, "component kind")


def load_kinds() -> dict[str, Kind]:
    """Import every module of this package once, in name order, so each registers its kind."""
    import_modules(__name__, __path__)
    return KINDS


def load_named(names: Iterable[str]) -> list[Kind] | None:
    """The kinds ``names`` name, each module imported (and no other, but those they import); None when one
    of them is no kind (then only every kind can say which are)."""
    return import_named(__name__, KINDS, names)

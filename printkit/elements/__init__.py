"""The registry of layout elements: one module per element, each calling :func:`register`.

An element is a data model (its keys in a layout's ``elements``, with a docstring and a
description per field: the documentation) and a ``draw`` function that turns it, resolved
for one piece, into drawing nodes. Adding an element is adding a module here, named after the
element (:func:`printkit.registry.module_of`), so that loading a game imports only the modules of
the elements its layouts name (:func:`load_named`) and drawing imports an element's module when it
first draws one (:func:`element_type`); the ``Element`` union of :mod:`printkit.model` is built
from this registry, and ``printkit docs`` documents every registered element. Modules whose name starts with
``_`` hold shared helpers and register nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from printkit.registry import add, import_modules, import_named

if TYPE_CHECKING:
    from printkit.drawing import Node
    from printkit.modelbase import ElementBase


@dataclass(frozen=True)
class ElementType:
    """A layout element. ``draw(el, ctx, w, h, b)`` draws ``el`` for one piece of w x h mm with
    bleed b. ``memo``: the drawing depends only on the element's own values and templates, so
    pieces resolving them alike may share it (false for elements that draw children against
    other values, such as ``repeat``). The board places an element draws (for the proof) are read
    by :mod:`printkit.places`."""

    name: str
    model: type[ElementBase]
    draw: Callable[..., list[Node]]
    memo: bool = True
    example: str = ""
    """A minimal use of the element (one TOML inline table), drawn for the gallery (docs/gallery.md)."""
    picture: tuple[float, float] = (60.0, 40.0)
    """Size (mm) of the piece the example is drawn on."""

    @property
    def doc(self) -> str:
        return " ".join((self.model.__doc__ or "").split())


ELEMENT_TYPES: dict[str, ElementType] = {}


def register(element: ElementType) -> ElementType:
    return add(ELEMENT_TYPES, element.name, element, "layout element")


def load_elements() -> dict[str, ElementType]:
    """Import every element module of this package once, in name order, so each registers itself."""
    import_modules(__name__, __path__)
    # In module name order, whichever element module was imported first (faces imports some).
    ordered = sorted(ELEMENT_TYPES.values(), key=lambda e: e.model.__module__)
    if list(ELEMENT_TYPES.values()) != ordered:
        ELEMENT_TYPES.clear()
        ELEMENT_TYPES.update((e.name, e) for e in ordered)
    return ELEMENT_TYPES


def element_models() -> tuple[Any, ...]:
    """The registered element models, in module name order (the ``Element`` union's members)."""
    return tuple(e.model for e in load_elements().values())


def load_named(names: Iterable[str]) -> list[ElementType] | None:
    """The elements ``names`` name, in module name order, each module imported (and no other, but those
    they import); None when one of them is no element."""
    found = import_named(__name__, ELEMENT_TYPES, names)
    return None if found is None else sorted(found, key=lambda e: e.model.__module__)


def element_type(name: str) -> ElementType:
    """The element ``name``, its module imported if need be (KeyError when there is none)."""
    element = ELEMENT_TYPES.get(name)
    if element is None:
        found = load_named([name])
        if found is None:
            raise KeyError(name)
        element = found[0]
    return element

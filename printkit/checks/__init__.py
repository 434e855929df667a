"""The registry of check types: one module per type of ``[[checks]]``, each calling :func:`register`.

A check type is a data model (its keys in ``[[checks]]``, with a docstring and a description per
field: the documentation), a ``run`` function that turns one declared check into report lines,
and a small example. ``on_kit`` checks measure the drawn kit (``run(game, kit, check)``), the
others read the data alone (``run(game, check)``) and count the components they name (so those
count as checked by the proof). Adding a check type is adding a module here, named after the type
(``board-places`` is ``board_places.py``: :func:`printkit.registry.module_of`), so that loading a game imports only the
modules of the types its ``[[checks]]`` name (:func:`load_named`), and a proof those and the :data:`AUTOMATIC`
ones; the docs and the schema take them all (:func:`load_checks`). The ``Check`` union of :mod:`printkit.model` is
built from this registry, ``printkit docs`` documents every registered type and a test holds each to being documented,
exercised and named after its module. Modules whose name starts with ``_`` hold shared helpers and
register nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from printkit.registry import add, import_modules, import_named

if TYPE_CHECKING:
    from printkit.modelbase import CheckBase
    from printkit.report import Line


@dataclass(frozen=True)
class CheckType:
    """A check type. ``order`` places it in the ``Check`` union, the schema and the docs (the
    order they have always had; a new type takes the next number)."""

    name: str
    model: type[CheckBase]
    run: Callable[..., list[Line]]
    on_kit: bool = False
    order: int = 1000
    example: str = ""
    """A minimal ``[[checks]]`` table of this type (TOML), as a game would declare it."""
    auto: str = ""
    """For a check that runs without being declared: the rule it holds the kit to (its lines'
    ``source``). It runs once per game with its defaults and its type as id, unless the game
    declares checks of its type (they replace it) or lists the id in ``[proof] off``."""

    @property
    def doc(self) -> str:
        return " ".join((self.model.__doc__ or "").split())


CHECK_TYPES: dict[str, CheckType] = {}


AUTOMATIC = ("attributes", "box-folds", "colour-blind", "colours-apart", "contrast", "decks", "inside", "nesting",
             "shape-names", "swatches")
"""The types that run without being declared (those with an ``auto`` rule), named here so that a proof
imports these and the game's own types, not every module of the registry; :func:`register` holds a type
to being listed exactly when it has one."""


def register(check: CheckType) -> CheckType:
    if bool(check.auto) != (check.name in AUTOMATIC):
        raise RuntimeError(f"check type {check.name!r}: listed in checks.AUTOMATIC exactly when it has an `auto` rule")
    return add(CHECK_TYPES, check.name, check, "check type")


def load_checks() -> dict[str, CheckType]:
    """Import every check module of this package once, so each registers itself; the table is in
    ``order`` (then name) order."""
    import_modules(__name__, __path__)
    if list(CHECK_TYPES) != sorted(CHECK_TYPES, key=lambda n: (CHECK_TYPES[n].order, n)):
        ordered = sorted(CHECK_TYPES.values(), key=lambda c: (c.order, c.name))
        CHECK_TYPES.clear()
        CHECK_TYPES.update((c.name, c) for c in ordered)
    return CHECK_TYPES


def load_named(names: Iterable[str]) -> list[CheckType] | None:
    """The check types ``names`` name, in ``order``, each module imported (and no other, but those they
    import); None when one of them is no check type."""
    found = import_named(__name__, CHECK_TYPES, names)
    return None if found is None else sorted(found, key=lambda c: (c.order, c.name))


def check_models() -> tuple[type[CheckBase], ...]:
    """The registered check models in order (the ``Check`` union's members)."""
    return tuple(c.model for c in load_checks().values())


def check_type(name: str) -> CheckType:
    return load_checks()[name]


def types_of(names: Iterable[str]) -> dict[str, CheckType]:
    """The check types ``names`` name, by name in ``order``, importing only their modules (all of them when
    one is no check type: the table then says what there is)."""
    found = load_named(names)
    return {t.name: t for t in found} if found is not None else load_checks()


def automatic(declared: list[CheckBase], off: list[str]) -> list[CheckBase]:
    """The automatic checks a game runs: every ``auto`` type's default instance, but for the types
    the game declares (its own instances replace the default) and the ids in ``off``."""
    types = {c.type for c in declared}
    return [t.model(id=t.name, type=t.name, source=t.auto) for t in types_of(AUTOMATIC).values()
            if t.name not in types and t.name not in off]

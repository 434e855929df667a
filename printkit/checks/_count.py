"""Counting pieces for the checks on the data (and the proof's expectations): a piece's value for a
set, the pieces a selection and a `where` pick, how a count adds up, the figures pieces carry."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from printkit.polyform import Cell, parse_cells

if TYPE_CHECKING:
    from printkit.game import Game, Variant
    from printkit.model import ComponentBase
    from printkit.modelbase import Scalar

POLYFORM_NAMES = {1: "monomino", 2: "domino", 3: "tromino", 4: "tetromino", 5: "pentomino",
                  6: "hexomino", 7: "heptomino", 8: "octomino"}


def set_value(variant: Variant, set_name: str) -> str | None:
    """A piece's value for a set: the ``name`` of its record (``vary``) or its CSV column of that name."""
    rec = variant.values.get(set_name)
    if isinstance(rec, dict) and "name" in rec:
        return str(rec["name"])
    row = variant.values.get("row")
    if isinstance(row, dict) and row.get(set_name) is not None:
        return str(row[set_name]).strip()
    return None


def _scalar(value: Scalar) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def matches(variant: Variant, where: dict[str, Scalar]) -> bool:
    return all(set_value(variant, key) == _scalar(value) for key, value in where.items())


def selected(game: Game, ids: Iterable[str]) -> list[ComponentBase]:
    """The components named by ``ids`` (``*`` for all) that exist, in data order."""
    wanted = set(ids)
    return [c for c in game.components if "*" in wanted or c.id in wanted]


def variants(game: Game, comps: Iterable[ComponentBase], where: dict[str, Scalar]) -> Iterator[tuple[ComponentBase, Variant]]:
    for comp in comps:
        for variant in game.variants[comp.id]:
            if matches(variant, where):
                yield comp, variant


def count(game: Game, comps: list[ComponentBase], where: dict[str, Scalar]) -> int:
    return sum(v.copies for _, v in variants(game, comps, where))


def breakdown(game: Game, comps: list[ComponentBase], where: dict[str, Scalar]) -> str:
    """``"a 72 + b 4 + c 4 = 80"``: how a count over several components adds up."""
    parts = [(c.id, count(game, [c], where)) for c in comps]
    parts = [p for p in parts if p[1]]
    if len(parts) < 2:
        return ""
    return " + ".join(f"{cid} {n}" for cid, n in parts) + f" = {sum(n for _, n in parts)}"


def set_values(game: Game, set_name: str, comps: list[ComponentBase], where: dict[str, Scalar]) -> list[str]:
    """The values of a set: its records' names in data order, then any other value a piece carries."""
    declared = list(dict.fromkeys(str(r.get("name")) for r in game.data.sets.get(set_name, [])))
    found = {set_value(v, set_name) for _, v in variants(game, comps, where)}
    return declared + sorted(v for v in found if v is not None and v not in declared)


def groups(game: Game, name: str, comps: list[ComponentBase], where: dict[str, Scalar],
           per: str | None) -> list[tuple[str, dict[str, Scalar]]]:
    """What a count is checked over: the whole selection, or with ``per`` each value of that set
    (lines named ``name[set=value]``)."""
    if per is None:
        return [(name, dict(where))]
    return [(f"{name}[{per}={value}]", {**where, per: value}) for value in set_values(game, per, comps, where)]


def piece_name(comp: ComponentBase, variant: Variant) -> str:
    return f"{comp.id}-{variant.key}" if variant.key else comp.id


def _figures(game: Game, comp_id: str, template: str, check_id: str) -> list[tuple[str, frozenset[Cell]]]:
    """(piece name, cells) for each copy of each piece of a component; bad cells are data errors."""
    from printkit.game import DrawContext

    comp = game.component(comp_id)
    out = []
    for variant in game.variants[comp.id]:
        ctx = DrawContext(game, variant, f"checks.{check_id}", {"component": {"id": comp.id, "name": comp.label}})
        text = ctx.text(template, "cells")
        try:
            cells = parse_cells(text)
        except ValueError as exc:
            raise ctx.fail("cells", str(exc), text) from None
        out += [(piece_name(comp, variant), cells)] * variant.copies
    return out


def polyform_name(size: int) -> str:
    return POLYFORM_NAMES.get(size, f"{size}-omino")

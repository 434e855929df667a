"""What the checks of colour share: the pieces that differ only in colour, value against value.

A set whose every record stands for a colour (its name a palette colour, or a `colour` or `fill`
field naming one: colours, elements, sides) is a set the rules tell pieces apart by. Two pieces
of one component that differ in that set's value, and agree on every other set, must look
different: if their faces differ in anything but colour (a symbol, a label, a figure:
:func:`printkit.looks.shape_key`) they do; if not, their colours alone must tell them apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from printkit import looks
from printkit.checks._count import selected, set_value
from printkit.checks._kit import _record_colour, drawn

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


@dataclass(frozen=True)
class Pair:
    """Two pieces that differ only in the value of ``set`` and only in colour."""

    component: str
    set: str
    values: tuple[str, str]
    pieces: tuple[str, str]
    layers: tuple[list[looks.Layer], list[looks.Layer]]


def coloured_sets(game: Game) -> list[str]:
    """The sets whose every record stands for a colour."""
    return [name for name, recs in game.data.sets.items()
            if len(recs) > 1 and all(_record_colour(game, r) is not None for r in recs)]


def colour_only_pairs(game: Game, kit: Kit, components: list[str]) -> dict[tuple[str, str], list[Pair]]:
    """For each (component, coloured set) whose pieces carry two or more of the set's values: the
    pairs of pieces told apart by colour alone (an empty list when a symbol or label tells every
    pair apart). Cached on the kit: the two colour checks read the same pairs."""
    cache = kit.game.cache
    key = ("colour-only-pairs", id(kit), tuple(components))
    if key in cache and cache[key][0] is kit:  # type: ignore[index]
        return cache[key][1]  # type: ignore[index]
    sets = coloured_sets(game)
    out: dict[tuple[str, str], list[Pair]] = {}
    for comp in selected(game, components):
        pieces = drawn(kit, comp.id)
        carried = [s for s in game.data.sets if any(set_value(v, s) is not None for v, _ in pieces.values())]
        faces: dict[str, tuple[tuple[object, ...], list[looks.Layer]]] = {}
        for s in (s for s in carried if s in sets):
            others = [o for o in carried if o != s]
            groups: dict[tuple[str | None, ...], dict[str, str]] = {}
            for name, (variant, _) in pieces.items():
                value = set_value(variant, s)
                if value is not None:
                    groups.setdefault(tuple(set_value(variant, o) for o in others), {}).setdefault(value, name)
            if len({v for g in groups.values() for v in g}) < 2:
                continue
            pairs: list[Pair] = []
            for group in groups.values():
                for (va, pa), (vb, pb) in combinations(group.items(), 2):
                    for p in (pa, pb):
                        if p not in faces:
                            front = pieces[p][1].front
                            faces[p] = (looks.shape_key(front), looks.layers(front))
                    if faces[pa][0] == faces[pb][0]:
                        pairs.append(Pair(comp.id, s, (va, vb), (pa, pb), (faces[pa][1], faces[pb][1])))
            out[(comp.id, s)] = pairs
    cache[key] = (kit, out)
    return out

"""The drawing stage: every piece of a game drawn once, in memory (a :class:`Kit`), and what the
drawn pieces tell the box plan. The proof measures this kit and the build lays it out; neither
stage above it is imported here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, cast

from printkit.boxes import Box, plan
from printkit.drawing import FOLD, Drawing, Node, children_key, line
from printkit.errors import DataError, Problem
from printkit.game import Game
from printkit.kinds import KINDS, Art
from printkit.layout import Item
from printkit.load import slug


@dataclass
class Kit:
    """Everything drawn for one game: its items per output group, and the distinct faces."""

    game: Game
    groups: dict[str, list[Item]] = field(default_factory=dict)
    faces: dict[str, Drawing] = field(default_factory=dict)
    svg_names: dict[str, str] = field(default_factory=dict)
    rulebook: Any = None
    """The game's :class:`printkit.rulebook.Rulebook` once a job has rendered it (its PDFs and page share it)."""
    rulebook_error: DataError | None = None
    """Why the rulebook could not be rendered, once a job of this process has tried."""
    diagrams: dict[str, tuple[Drawing, float]] = field(default_factory=dict)
    """The rulebook's diagrams as printed (drawing, width in mm), by address; set before the proof measures them."""
    printed: dict[str, list[Any]] = field(default_factory=dict)
    """What each PDF of a paper takes to print (:class:`printkit.assembly.Printed`), by paper, once a job
    of this process has laid the paper out (the assembly sheet says it)."""


def draw(game: Game) -> Kit:
    """Draw every variant of every component once; copies share the same art.

    A component that fails to draw is reported (its first failing variant) and the
    others are still drawn, so one run lists every broken component.
    """
    kit = Kit(game)
    backs = _Backs()
    problems: list[Problem] = []
    for comp in game.components:
        kind = KINDS[comp.kind]
        group = comp.sheet or kind.sheet
        for variant in game.variants[comp.id]:
            try:
                art: Art = kind.draw(game, comp, variant)
            except DataError as err:
                problems += err.problems
                break
            piece = f"{comp.id}-{variant.key}" if variant.key else comp.id
            front_ref = f"{piece}"
            kit.faces[front_ref] = _with_cut(art) if kind.layout == "pack" else _with_folds(art)
            kit.svg_names[front_ref] = f"svg/{piece}.svg"
            back_ref = None
            if art.back is not None:
                layout_name = art.info.get("back_layout")
                back_ref = backs.ref(art.back, comp.id, piece, layout_name if isinstance(layout_name, str) else None)
                shared = kit.faces[back_ref] = backs.drawings[back_ref]
                kit.svg_names[back_ref] = f"svg/{back_ref}.svg"
                if shared is not art.back:  # a back like another piece's: that one, drawn and stored once
                    art = Art(art.front, shared, art.outline, art.info)
            for copy in range(1, variant.copies + 1):
                kit.groups.setdefault(group, []).append(
                    Item(comp.id, piece, variant.key, copy, art, front_ref, back_ref)
                )
    if problems:
        raise DataError(problems)
    return kit


def _with_cut(art: Art) -> Drawing:
    """A piece cut along its own outline (token, net) carries that outline in its SVG's cut layer,
    so the SVG alone is enough for a cutting machine. Sheets print the outline separately."""
    if art.outline is None:
        return art.front
    f = art.front
    return Drawing(f.width, f.height, [*f.children, *art.outline.children], {**f.defs, **art.outline.defs}, f.bleed)


def _with_folds(art: Art) -> Drawing:
    """A board that folds carries its fold lines (``Art.info["folds"]``) in its SVG's fold layer, as its
    sheets print them; the face itself holds none (the rulebook and the box art show it too)."""
    folds = cast("list[list[float]]", art.info.get("folds") or [])  # a board's lines (x1, y1, x2, y2)
    if not folds:
        return art.front
    f = art.front
    lines: list[Node] = []
    for fold in folds:
        x1, y1, x2, y2 = (float(v) for v in fold)
        lines.append(line(x1, y1, x2, y2, FOLD, "fold"))
    return Drawing(f.width, f.height, [*f.children, *lines], dict(f.defs), f.bleed)


class _Backs:
    """Distinct backs: identical ones share one reference, so they are drawn and stored once.

    A back from a layout without templates is the very same object for every piece
    (found by identity); other backs are compared by content.
    """

    def __init__(self) -> None:
        self.drawings: dict[str, Drawing] = {}
        self._index: dict[object, str] = {}

    def ref(self, back: Drawing, comp_id: str, piece: str, layout: str | None = None) -> str:
        """The back's reference: ``<component>-back``, or ``<component>-<layout>-back`` for a back
        chosen per piece (``back = "{row.kind}"``), or ``<piece>-back`` when that is taken."""
        if id(back) in self._index:
            return self._index[id(back)]
        content = (back.width, back.height, back.bleed, children_key(back.children))
        if content in self._index:
            return self._index[content]
        name = f"{comp_id}-back"
        if layout:
            name = f"{comp_id}-{slug(layout)}" + ("" if slug(layout).endswith("back") else "-back")
        ref = name if name not in self.drawings else f"{piece}-back"
        self.drawings[ref] = back  # kept alive, so its id stays unique
        self._index[id(back)] = self._index[content] = ref
        return ref


def plan_boxes(kit: Kit, sleeves: bool | None = None) -> list[Box]:
    """The boxes of a drawn kit (the build's and the proof's ``fits-box`` check: one plan)."""
    sizes = _measured(kit)
    return plan(kit.game, sizes.pieces, sleeves, sizes.assembled, kit.faces, sizes.folded)


def piece_sizes(kit: Kit) -> dict[str, list[tuple[float, float, int]]]:
    """Each component's drawn pieces as (width, height, copies): what the lid box must hold."""
    return _measured(kit).pieces


def assembled_sizes(kit: Kit) -> dict[str, tuple[float, float, float]]:
    """Components whose pieces are built into solids (``Art.info["assembled"]``): their largest built size."""
    return _measured(kit).assembled


def built_sizes(kit: Kit) -> dict[str, list[tuple[float, float, float]]]:
    """Every distinct built size (largest dimension first) of each component built into solids, smallest first."""
    return _measured(kit).built


def folded_sizes(kit: Kit) -> dict[str, tuple[float, float, int]]:
    """Boards folded along their printed fold lines (``Art.info["folded"]``): the folded size and the parts."""
    return _measured(kit).folded


class _Sizes(NamedTuple):
    pieces: dict[str, list[tuple[float, float, int]]]
    assembled: dict[str, tuple[float, float, float]]
    built: dict[str, list[tuple[float, float, float]]]
    folded: dict[str, tuple[float, float, int]]


def _measured(kit: Kit) -> _Sizes:
    """What the sizes above read off the kit's items, in one walk over them (a deck has 10,000)."""
    sized: dict[str, dict[tuple[float, float], int]] = {}
    assembled: dict[str, tuple[float, float, float]] = {}
    built: dict[str, set[tuple[float, float, float]]] = {}
    folded: dict[str, tuple[float, float, int]] = {}
    for items in kit.groups.values():
        for item in items:
            art = item.art
            size = (art.front.width, art.front.height)
            sizes = sized.setdefault(item.component, {})
            sizes[size] = sizes.get(size, 0) + 1
            dims = art.info.get("assembled")
            if isinstance(dims, (tuple, list)) and len(dims) == 3:
                big = sorted((float(v) for v in dims), reverse=True)
                old = assembled.get(item.component, (0.0, 0.0, 0.0))
                assembled[item.component] = (max(old[0], big[0]), max(old[1], big[1]), max(old[2], big[2]))
                built.setdefault(item.component, set()).add((round(big[0], 1), round(big[1], 1), round(big[2], 1)))
            fold = art.info.get("folded")
            if isinstance(fold, (tuple, list)) and len(fold) == 3:
                folded[item.component] = (float(fold[0]), float(fold[1]), int(fold[2]))
    return _Sizes({cid: [(w, h, n) for (w, h), n in counts.items()] for cid, counts in sized.items()}, assembled,
                  {c: sorted(s, key=lambda d: (d[0] * d[1] * d[2], d)) for c, s in built.items()}, folded)

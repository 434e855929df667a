"""Gutterfold: each piece's back printed beside its face, mirrored across a fold line.

For players without duplex printing: fold the sheet along the dashed line, glue,
cut, and every back sits behind its own face. Works on top of any layout engine:
the engine lays the pieces out on half a sheet, with backs for a long-edge flip
(fold line vertical) or a short-edge flip (fold line horizontal); its front page
goes on one half and its back page on the other. A flip about the fold line is
exactly what a long-edge (or short-edge) duplex back page assumes, so the engine's
mirroring carries over unchanged.

Four arrangements are tried (fold vertical or horizontal, sheet upright or turned
a quarter) and the one with the fewest sheets wins; ties keep the earlier one.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.drawing import FOLD, Drawing, Group, Matrix, apply, line, mat_mul, translate
from printkit.errors import DataError
from printkit.layout import Engine, Item, LayoutOptions, Paper, Sheet

FOLD_CLEAR = 1.0
"""Crop marks near the fold stop this far from the fold line (mm)."""
QUARTER: Matrix = (0.0, 1.0, -1.0, 0.0, 0.0, 0.0)  # (X, Y) -> (-Y, X): a quarter turn clockwise


def fold(engine: Engine, items: list[Item], paper: Paper, opts: LayoutOptions) -> list[Sheet]:
    """Lay ``items`` out with ``engine`` as gutterfold sheets of ``paper``."""
    best: list[Sheet] | None = None
    for turned in (False, True):
        w, h = (paper.height, paper.width) if turned else (paper.width, paper.height)
        for vertical in (True, False):
            try:
                sheets = _fold_on(engine, items, Paper(paper.name, w, h, paper.margin, paper.band), opts, vertical)
            except DataError:
                continue
            if turned:
                sheets = [_turn(s, paper) for s in sheets]
            if best is None or len(sheets) < len(best):
                best = sheets
    if best is None:  # nothing fits half a sheet: let the engine say why on a whole one
        return engine(items, paper, opts)
    return best


def _fold_on(engine: Engine, items: list[Item], paper: Paper, opts: LayoutOptions, vertical: bool) -> list[Sheet]:
    """Gutterfold on an upright ``paper``, fold line vertical (long-edge pairs) or horizontal (short-edge)."""
    margin = max(paper.margin, opts.bleed + 1.0)
    room = max(margin - FOLD_CLEAR, 0.0)  # marks run on towards the fold, which is no edge of the paper
    if vertical:
        half = Paper(paper.name, paper.width / 2, paper.height, margin, paper.band, (0.0, room, 0.0, 0.0))
        shift = (paper.width / 2, 0.0)
        fold_line = (paper.width / 2, paper.margin, paper.width / 2, paper.height - paper.margin)
    else:
        half = Paper(paper.name, paper.width, paper.height / 2, margin, 0.0, (0.0, 0.0, room, 0.0))
        shift = (0.0, paper.height / 2)
        fold_line = (paper.margin, paper.height / 2, paper.width - paper.margin, paper.height / 2)
    halves = engine(items, half, replace(opts, duplex="long" if vertical else "short"))
    out: list[Sheet] = []
    i = 0
    while i < len(halves):
        front = halves[i]
        back = halves[i + 1] if i + 1 < len(halves) and halves[i + 1].kind == "back" else None
        i += 2 if back is not None else 1
        page = len(out) + 1
        d = Drawing(paper.width, paper.height)
        d.defs.update(front.drawing.defs)
        d.add(Group(tuple(front.drawing.children)))
        placements = [replace(p, page=page) for p in front.placements]
        roles = tuple(front.roles)
        info: dict[str, object] = {}
        if back is not None:
            d.defs.update(back.drawing.defs)
            d.add(Group(tuple(back.drawing.children), translate(*shift)))
            placements += [replace(p, page=page, x=p.x + shift[0], y=p.y + shift[1]) for p in back.placements]
            d.add(line(*fold_line, FOLD, "fold"))
            roles = tuple(dict.fromkeys((*roles, "fold")))
            info["fold"] = [round(v, 3) for v in fold_line]
        out.append(Sheet(d, placements, roles, kind=front.kind, info=info))
    return out


def _turn(sheet: Sheet, paper: Paper) -> Sheet:
    """A sheet laid out on the turned paper, turned a quarter onto the upright ``paper``."""
    m = mat_mul(translate(paper.width, 0.0), QUARTER)
    d = Drawing(paper.width, paper.height, [Group(tuple(sheet.drawing.children), m)], dict(sheet.drawing.defs))
    placements = []
    for p in sheet.placements:
        (x1, y1), (x2, y2) = apply(m, p.x, p.y), apply(m, p.x + p.w, p.y + p.h)
        placements.append(replace(p, x=min(x1, x2), y=min(y1, y2), w=abs(x2 - x1), h=abs(y2 - y1),
                                  rotated=not p.rotated))
    info = dict(sheet.info)
    if "fold" in info:
        x1, y1, x2, y2 = info["fold"]  # type: ignore[misc]
        info["fold"] = [round(v, 3) for v in (*apply(m, x1, y1), *apply(m, x2, y2))]
    return Sheet(d, placements, sheet.roles, sheet.kind, info)


"""The `solid` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from printkit.checks import CheckType, _kit, register
from printkit.checks._kit import (
    _content,
    _line,
    _listing,
    drawn,
    face_contents,
    open_faces,
)
from printkit.modelbase import Bool, CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class SolidCheck(CheckBase):
    """The nets of `component` build complete solids: every face has content (pips, a symbol or
    text) unless its number is in `blank`; with `distinct`, no two faces of a piece are alike;
    and every net folds closed: each glued edge meets its partner edge in length."""

    type: Literal["solid"] = Field(description="Check type: `solid`.")
    component: str = Field(description="A `net` component.")
    blank: list[Annotated[int, Field(strict=True, ge=0, le=5)]] = Field(
        [], description="Faces (0-based, in the solid's face order) that may be left without content."
    )
    distinct: Bool = Field(False, description="No two faces of one piece alike (a numbered die).")


def check_solid(game: Game, kit: Kit, c: SolidCheck) -> list[Line]:
    comp = game.component(c.component)
    if comp.kind != "net":
        from printkit.errors import DataError, Problem, found_repr

        raise DataError([Problem(game.rel(), f"checks.{c.id}.component", "a `net` component", found_repr(comp.id))])
    blank, alike, open_nets = [], [], []
    names = []
    for name, (variant, _) in drawn(kit, comp.id).items():
        names.append(name)
        faces = face_contents(game, comp, variant)
        gone = open_faces(game, comp, variant)
        for i, face in enumerate(faces):
            if i not in c.blank and i not in gone and not (face[1] or face[2] or face[3]):
                blank.append(f"{name} face {i}")
        if c.distinct:
            seen: dict[tuple[Any, ...], int] = {}
            for i, face in enumerate(faces):
                if i not in gone and (face[1] or face[2] or face[3]):
                    key = (face[1], face[2], face[3])
                    if key in seen:
                        alike.append(f"{name} faces {seen[key]} and {i} ({_content(face)})")
                    seen.setdefault(key, i)
        net = _kit._net(game, comp, variant)
        for (fa, (a1, a2)), (fb, (b1, b2)) in net.glued:
            la, lb = math.dist(a1, a2), math.dist(b1, b2)
            if abs(la - lb) > 0.05:
                open_nets.append(f"{name} (face {fa} edge {la:.1f} mm glued to face {fb} edge {lb:.1f} mm)")
    lines = [
        _line(c, f"{c.id}[faces]", "every face printed" + (f" but {c.blank}" if c.blank else ""),
              f"{len(blank)} blank", not blank,
              f"faces with nothing printed: {_listing(blank)}" if blank else
              f"every face of {len(names)} pieces carries its content", [b.split(' face')[0] for b in blank]),
        _line(c, f"{c.id}[closes]", "glued edges of equal length", f"{len(open_nets)} mismatched", not open_nets,
              f"edges that cannot meet: {_listing(open_nets)}" if open_nets else
              "every glued edge meets its partner in length", [o.split(' (')[0] for o in open_nets]),
    ]
    if c.distinct:
        lines.insert(1, _line(c, f"{c.id}[distinct]", "no two faces alike", f"{len(alike)} alike", not alike,
                              f"faces alike: {_listing(alike)}" if alike else "no two faces of a piece alike",
                              [a.split(' faces')[0] for a in alike]))
    return lines


EXAMPLE = """\
[[checks]]
id = "die-faces"
type = "solid"
component = "die"
distinct = true
source = "A six-sided die."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("solid", SolidCheck, check_solid, on_kit=True, order=10, example=EXAMPLE))

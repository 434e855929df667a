"""The `shape-names` check (automatic, on the drawn kit): a piece is the shape its name says."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import lattice
from printkit.checks import CheckType, register
from printkit.checks._count import POLYFORM_NAMES, selected
from printkit.checks._kit import _ctx, _line, _listing, drawn, texts
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game, Variant
    from printkit.model import ComponentBase

CLAIMS: dict[str, re.Pattern[str]] = {
    "triangle": re.compile(r"\btriang(?:le|ular)s?\b", re.IGNORECASE),
    "petal": re.compile(r"\b(?:biangular|petals?)\b", re.IGNORECASE),
    "hexagon": re.compile(r"\bhex(?:agon(?:al)?|agons)?\b", re.IGNORECASE),
    "square": re.compile(r"\bsquares?\b", re.IGNORECASE),
    "circle": re.compile(r"\b(?:round|circular|disc|disk)s?\b", re.IGNORECASE),
    **{name: re.compile(rf"\b{name}e?s?\b", re.IGNORECASE) for name in POLYFORM_NAMES.values()},
}
"""The shape classes a name can claim, and the words that claim them."""


class ShapeNamesCheck(CheckBase):
    """A piece is the shape that its name, its set values and its printed labels (texts of up to three
    words) say: a "triangular"
    or "biangular" (petal) lattice piece is made of such fields only; a "hexagonal", "square" or
    "round" token is cut so; a piece named a pentomino (monomino ... octomino) has that many
    fields or squares. Runs without being declared (id `shape-names`); one line per component whose
    name claims a shape."""

    type: Literal["shape-names"] = Field(description="Check type: `shape-names`.")
    components: list[str] = Field(["*"], description='Components whose pieces are read; ["*"]: all.')


SHAPED = ("lattice-piece", "token")
"""The kinds whose pieces have a shape class (see :func:`_classes`)."""


def _classes(game: Game, comp: ComponentBase, variant: Variant) -> tuple[set[str], str] | None:
    """The shape classes a piece has, and a description of it; None when its kind has no shape class
    (a kind not in :data:`SHAPED`)."""
    if comp.kind == "lattice-piece":
        fields = lattice.parse_fields(_ctx(game, comp, variant).text(getattr(comp, "fields", ""), "fields"))
        kinds = {"petal" if lattice.is_petal(f) else "triangle" for f in fields}
        have = set(kinds) if len(kinds) == 1 else set()
        name = POLYFORM_NAMES.get(len(fields))
        if name:
            have.add(name)
        words = " and ".join(sorted(kinds))
        return have, f"{len(fields)} field{'s' if len(fields) != 1 else ''} ({words})"
    if comp.kind == "token":
        shape = str(getattr(comp, "shape", ""))
        return {"hexagon" if shape == "hexagon" else "square" if shape in ("square", "rounded") else shape}, \
            f"cut as a {shape}"
    return None


def check_shape_names(game: Game, kit: object, c: ShapeNamesCheck) -> list[Line]:
    from printkit.checks._count import set_value

    lines: list[Line] = []
    for comp in selected(game, c.components):
        if comp.kind not in SHAPED:
            continue  # no piece of it has a shape class: what its names claim is not measured
        wrong: list[str] = []
        culprits: list[str] = []
        claimed_any = False
        for piece, (variant, art) in drawn(kit, comp.id).items():  # type: ignore[arg-type]
            # its name, its set values and the labels it prints (a few words: a sentence that says
            # "move one square" names no shape of the piece)
            words = [comp.label, *(v for s in game.data.sets if (v := set_value(variant, s)) is not None),
                     *(t.text for d in (art.front, art.back) for t, _ in texts(d) if len(t.text.split()) <= 3)]
            text = " ".join(words)
            claims = {cls for cls, pattern in CLAIMS.items() if pattern.search(text)}
            if not claims:
                continue
            found = _classes(game, comp, variant)
            if found is None:
                continue
            claimed_any = True
            have, what = found
            missing = sorted(claims - have)
            relevant = [m for m in missing if (comp.kind == "token") == (m in ("hexagon", "square", "circle"))]
            if relevant:
                wrong.append(f"{piece} is named {' and '.join(relevant)} but is {what}")
                culprits.append(piece)
        if not claimed_any:
            continue
        lines.append(_line(c, f"{c.id}[{comp.id}]", "as named", f"{len(wrong)} not" if wrong else "as named",
                           not wrong, f"pieces whose shape is not the one their name says: {_listing(wrong)}" if wrong
                           else f"every {comp.id} piece is the shape its name says", culprits))
    return lines


SOURCE = "A piece must be the shape its name says (printkit's own rule)."
EXAMPLE = """\
[[checks]]
id = "shape-names"
type = "shape-names"
components = ["microbact"]
source = "A triangular microbact is one triangular field."
"""

register(CheckType("shape-names", ShapeNamesCheck, check_shape_names, on_kit=True, order=29, example=EXAMPLE,
                   auto=SOURCE))

"""The `words` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import set_value
from printkit.checks._kit import (
    _ctx,
    _drawn_colours,
    _line,
    _listing,
    _phrase,
    _record_colour,
    _says,
    drawn,
    pips_of,
    texts,
)
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class WordsCheck(CheckBase):
    """What is printed on a piece agrees with the variant it belongs to: a word naming a value of
    `set` (a record's `name` or one of `fields`) printed on a piece of another value fails (fronts
    and backs); a side (front or back) drawn in another value's colour and not in the piece's own
    fails; with
    `pips`, the pips drawn on the piece (the most on one face) equal this template's value."""

    type: Literal["words"] = Field(description="Check type: `words`.")
    component: str = Field(description="The component whose pieces are read.")
    set: str | None = Field(None, description="The set whose values the printed words must agree with.")
    fields: list[str] = Field(["name", "label"], description="Record fields whose values are words for that value.")
    pips: str | None = Field(None, description='The pips a piece must show, as a template, e.g. "{size.pips}".')


def check_words(game: Game, kit: Kit, c: WordsCheck) -> list[Line]:
    comp = game.component(c.component)
    wrong: list[str] = []
    culprits: list[str] = []
    pieces = drawn(kit, comp.id)
    records = [r for r in (game.data.sets.get(c.set, []) if c.set else []) if r.get("name") is not None]

    def _phrases(rec: dict[str, Any]) -> list[str]:
        vals = [str(rec.get("name")), *(str(rec[f]) for f in c.fields if rec.get(f) is not None)]
        return list(dict.fromkeys(p for p in (_phrase(v) for v in vals) if p))

    known: dict[int, list[str]] = {id(r): _phrases(r) for r in records}

    def phrases(rec: dict[str, Any]) -> list[str]:
        return known[id(rec)] if id(rec) in known else _phrases(rec)

    colour_of = {id(r): _record_colour(game, r) for r in records}

    for name, (variant, art) in pieces.items():
        if c.set:
            own = set_value(variant, c.set)
            rec_own = variant.values.get(c.set)
            mine = rec_own if isinstance(rec_own, dict) else next((r for r in records if str(r.get("name")) == own), None)
            printed = _phrase(" | ".join(t.text for d in (art.front, art.back) for t, _ in texts(d)))
            own_phrases = phrases(mine) if mine else []
            for rec in records:
                if rec is mine or str(rec.get("name")) == own:
                    continue
                for p in phrases(rec):
                    # A word of another value that is only part of a longer word of this piece's value is fine.
                    if _says(printed, p) and not any(len(q) > len(p) and _says(q, p) and _says(printed, q)
                                                     for q in own_phrases):
                        wrong.append(f'{name} ({c.set} {own}) prints "{p.upper()}", a word of {c.set} {rec.get("name")}')
                        culprits.append(name)
                        break
            own_rgb = (colour_of[id(mine)] if id(mine) in colour_of else _record_colour(game, mine)) if mine else None
            if own_rgb is not None:
                # each side on its own: a back drawn only in another value's colour fails as a front does
                for side, face in (("", art.front), ("its back ", art.back)):
                    if face is None:
                        continue
                    colours = _drawn_colours(face)
                    drawn_in = [str(r.get("name")) for r in records if str(r.get("name")) != own
                                and colour_of[id(r)] not in (None, own_rgb) and colour_of[id(r)] in colours]
                    if own_rgb not in colours and drawn_in:
                        wrong.append(f"{name} ({c.set} {own}) {'has ' + side if side else ''}{'is ' if not side else ''}"
                                     f"drawn in {drawn_in[0]}, not in {own}")
                        culprits.append(name)
        if c.pips is not None and comp.kind == "net":
            want = _ctx(game, comp, variant, f"checks.{c.id}").number(c.pips, "pips")
            shown = max(pips_of(game, comp, variant))
            if shown != want:
                wrong.append(f"{name} shows {shown} pips, its value is {want:g}")
                culprits.append(name)
    what = " and ".join(x for x in (f"{c.set} words and colours" if c.set else "", "pips" if c.pips else "") if x)
    return [_line(c, c.id, "agree", f"{len(wrong)} disagree" if wrong else "agree", not wrong,
                  f"printed {what} contradict the piece: {_listing(wrong)}" if wrong else
                  f"the {what} printed on {len(pieces)} pieces agree with their variants", culprits)]


EXAMPLE = """\
[[checks]]
id = "colours"
type = "words"
component = "card"
set = "colour"
source = "A card names its colour."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("words", WordsCheck, check_words, on_kit=True, order=12, example=EXAMPLE))

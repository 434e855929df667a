"""The `attributes` check (automatic, on the drawn kit): a printed sentence that names a value of a set
gives it its own attributes (fire burns, air blows), never another value's."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from printkit import looks
from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import _line, _listing, _phrase, _says, drawn
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit
    from printkit.model import ComponentBase


class AttributesCheck(CheckBase):
    """Printed texts agree with the data: a sentence on a piece (front or back) that names one value
    of a set (a record's `name` or `label`) and a word that is an attribute of another value of
    that set (a field of its record, such as `power`, that no other record shares) must also say
    that value's own attribute of the same field. "FIRE blows ..." fails where the data gives
    `blows` to air and `burns` to fire. Fields naming colours or symbols are not read. Runs
    without being declared (id `attributes`); one line per set with such fields."""

    type: Literal["attributes"] = Field(description="Check type: `attributes`.")
    components: list[str] = Field(["*"], description='Components whose faces are read; ["*"]: all.')
    sets: list[str] = Field([], description="The sets read (none: every set whose records have such fields).")


def _is_word(game: Game, value: str) -> bool:
    from printkit.game import BUILTIN_COLOURS
    from printkit.symbols import SYMBOLS

    return (bool(re.search(r"[^\W\d_]", value)) and value not in game.palette and value not in BUILTIN_COLOURS
            and value not in SYMBOLS and not value.startswith("#"))


def attribute_fields(game: Game, records: list[dict[str, Any]]) -> dict[str, dict[int, str]]:
    """field -> {record index: phrase} for the fields whose word values belong to one record each."""
    names = {_phrase(str(r.get(k))) for r in records for k in ("name", "label") if r.get(k) is not None}
    out: dict[str, dict[int, str]] = {}
    keys = dict.fromkeys(k for r in records for k in r if k not in ("name", "label"))
    for key in keys:
        values = {i: str(r[key]) for i, r in enumerate(records) if isinstance(r.get(key), str)}
        phrases = {i: _phrase(v) for i, v in values.items() if _is_word(game, v)}
        if len(phrases) < 2 or len(set(phrases.values())) != len(phrases) or set(phrases.values()) & names:
            continue
        out[key] = phrases
    return out


def check_attributes(game: Game, kit: Kit, c: AttributesCheck) -> list[Line]:
    lines: list[Line] = []
    normal: list[tuple[str, str, str]] | None = None  # (sentence as phrase, sentence, piece), read once needed
    for set_name, recs in game.data.sets.items():
        if c.sets and set_name not in c.sets:
            continue
        records = [r for r in recs if r.get("name") is not None]
        fields = attribute_fields(game, records)
        if not fields:
            continue
        if normal is None:
            normal = _sentences(kit, selected(game, c.components))
        own = [[p for p in (_phrase(str(r.get(k))) for k in ("name", "label") if r.get(k) is not None) if p]
               for r in records]
        wrong: list[str] = []
        culprits: list[str] = []
        read = 0
        for text, sentence, piece in normal:
            named = [i for i, phrases in enumerate(own) if any(_says(text, p) for p in phrases)]
            if len(named) != 1:
                continue
            i = named[0]
            for key, phrases in fields.items():
                others = [j for j, p in phrases.items() if j != i and _says(text, p)]
                mine_said = i in phrases and _says(text, phrases[i])
                read += bool(others or mine_said)
                if not others or mine_said:
                    continue
                j = others[0]
                mine = f"; {records[i]['name']}'s is {records[i][key]}" if i in phrases else ""
                wrong.append(f'"{sentence.strip()[:60]}" on {piece}: {records[j][key]} is the {key} of '
                             f"{records[j]['name']}{mine}")
                culprits.append(piece)
        ok = not wrong
        what = ", ".join(fields)
        detail = (f"a sentence names one {set_name} and another one's {what}: {_listing(wrong)}" if wrong else
                  f"{read} printed sentences name one {set_name} with its own {what}")
        lines.append(_line(c, f"{c.id}[{set_name}]", "agree", f"{len(wrong)} disagree" if wrong else "agree", ok,
                           detail, culprits))
    return lines


def _sentences(kit: Kit, comps: list[ComponentBase]) -> list[tuple[str, str, str]]:
    """Every sentence the components' faces print: (as a phrase, as printed, the piece)."""
    sentences: list[tuple[str, str]] = []  # (sentence, piece)
    seen_faces: set[int] = set()
    for comp in comps:
        for name, (_, art) in drawn(kit, comp.id).items():
            for face in (art.front, art.back):
                if face is not None and id(face) not in seen_faces:
                    seen_faces.add(id(face))
                    sentences += [(s, name) for s in looks.paragraphs(face)]
    return [(_phrase(s), s, piece) for s, piece in sentences]


SOURCE = "Printed texts must agree with the data (printkit's own rule)."
EXAMPLE = """\
[[checks]]
id = "attributes"
type = "attributes"
sets = ["element"]
source = "Each element has its own power."
"""

register(CheckType("attributes", AttributesCheck, check_attributes, on_kit=True, order=23, example=EXAMPLE,
                   auto=SOURCE))

"""The building blocks of the data model: field types, the strict base model and the bases of
elements and checks. Element and check modules (each a plug-in of its registry) import from here,
so the registries never need :mod:`printkit.model`, which builds the unions from them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic import (
    Strict as StrictValue,
)

from printkit.units import UnitError, parse_length

MAX_COUNT = 100_000
"""Refuse more than this many pieces of one component: a typo, not a game."""


MAX_TITLE = 200
"""Longest title, subtitle, designer or component name (characters): it is printed on a box lid."""
MAX_SHORT = 40
"""Longest players / age / time text."""

MAX_LENGTH = 2000.0
"""Refuse lengths beyond 2 m: no printed piece is that large, so it is a typo (a unit slip)."""


def _length(value: object) -> float:
    try:
        mm = parse_length(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None
    if abs(mm) > MAX_LENGTH:
        raise ValueError(f"a length of at most {MAX_LENGTH:g} mm (a limit that refuses absurd sizes)")
    return mm


MIN_LENGTH = 0.01
"""Smallest size (a piece, a cell, a thickness) printkit accepts: 10 micrometres, below what any printer draws."""


def _positive_length(value: object) -> float:
    mm = _length(value)
    if mm < MIN_LENGTH:
        raise ValueError("a length greater than 0" if mm <= 0 else
                         f"a length of at least {MIN_LENGTH:g} mm (nothing smaller prints)")
    return mm


def _non_negative_length(value: object) -> float:
    mm = _length(value)
    if mm < 0:
        raise ValueError("a length of 0 or more")
    return mm


LENGTH_SCHEMA = WithJsonSchema({
    "anyOf": [{"type": "number"}, {"type": "string", "pattern": r"^\s*[-+]?(\d+\.?\d*|\.\d+)\s*(mm|cm|in|pt|px)?\s*$"}],
    "description": "A length: a number of mm, or text such as 63mm, 2.5in, 9pt.",
})
Length = Annotated[float, BeforeValidator(_length), LENGTH_SCHEMA]
PositiveLength = Annotated[float, BeforeValidator(_positive_length), LENGTH_SCHEMA]
NonNegativeLength = Annotated[float, BeforeValidator(_non_negative_length), LENGTH_SCHEMA]
Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)]
Count = Annotated[int, Field(strict=True, ge=1, le=MAX_COUNT)]
Bool = Annotated[bool, Field(strict=True)]
"""true or false, never "yes" or 1: a quoted word is a mistake, not a switch."""
Scalar = str | int | float | bool
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


class Strict(BaseModel):
    """Base of every model: unknown keys are errors, values are not coerced."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)


class GameInfo(Strict):
    """What the game is; printed on the rulebook, the box and the proof."""

    title: str = Field(description="The game's name as printed.", max_length=MAX_TITLE)
    subtitle: str | None = Field(None, description="A line under the title.", max_length=MAX_TITLE)
    players: str | None = Field(None, description='Number of players, e.g. "2" or "2-9".', max_length=MAX_SHORT)
    age: str | None = Field(None, description='Recommended age, e.g. "7+".', max_length=MAX_SHORT)
    time: str | None = Field(None, description='Playing time, e.g. "30-60 min".', max_length=MAX_SHORT)
    designer: str | None = Field(None, description="Who designed the game.", max_length=MAX_TITLE)
    seed: str | None = Field(
        None, description="The source rulebook the facts come from (file name), for the proof."
    )


class PrintSettings(Strict):
    """How sheets are printed; every key can be overridden on the command line."""

    bleed: NonNegativeLength = Field(3.0, description="Bleed around each piece with art to the edge (mm).")
    margin: NonNegativeLength = Field(
        5.0, description="Unprintable border of the paper; trim lines stay inside it (mm)."
    )
    crop_marks: Bool = Field(True, description="Print crop marks outside the bleed.")
    duplex: Literal["long", "short", "none"] = Field(
        "long", description="How backs are laid out: long-edge flip, short-edge flip, or no backs."
    )
    papers: list[str] = Field(
        ["a4", "letter"],
        description="Papers to build for: a4, letter, a3, tabloid, or a custom size WxH such as 300x400mm.",
    )
    spacing: NonNegativeLength = Field(
        2.0, description="Gap between packed pieces that are cut along their outline (mm)."
    )
    overlap: NonNegativeLength = Field(
        10.0, description="Overlap between the tiles of a board larger than the paper (mm)."
    )
    ink_saver: bool = Field(
        False, description="Print with large fills and backgrounds dropped, outlines and text kept (`--ink-saver`)."
    )
    backs: Literal["duplex", "fold"] = Field(
        "duplex",
        description="Where backs print: on back pages for duplex printing, or `fold`: beside each face, "
        "mirrored across a fold line (gutterfold, for printers without duplex).",
    )
    offset: tuple[Length, Length] = Field(
        (0.0, 0.0),
        description="Shift of every back page (x right, y down, mm) to correct a duplex printer's "
        "misregistration; measure it with `printkit calibrate`.",
    )
    print_shop: bool = Field(
        False, description="Also write one PDF per design at trim + bleed in CMYK, and a 300 dpi PNG per face."
    )
    shop_bleed: NonNegativeLength = Field(
        3.0, description="Least bleed of every print-shop file (mm; shops ask for 3 mm or 1/8 in): pieces drawn with "
        "less for home sheets (chips, nets, lattice pieces, standees) are drawn again with this much for the shop."
    )
    cut_file: bool = Field(
        False, description="Also write an SVG of the cut lines per sheet, with registration marks for print-then-cut."
    )
    tts: bool = Field(False, description="Also write Tabletop Simulator deck sheets and their JSON.")
    tts_base_url: str | None = Field(
        None, description="Where the Tabletop Simulator sheet images will be hosted, e.g. "
        '"https://example.org/mygame/tts/"; the deck JSON names each image by this URL plus its file name '
        "(`--tts-base-url`). Omitted: the bare file name."
    )
    shop_paper: str = Field(
        "300 gsm card", description="The stock named for every file on the print-shop order sheet."
    )
    shop_papers: dict[str, str] = Field(
        {}, description='Stock per component id or kind on the order sheet, e.g. { board = "2 mm greyboard" }.'
    )
    pod: list[str] = Field(
        [], description="Print-on-demand profiles to export every card face and back for, e.g. "
        '["thegamecrafter-poker"] (`--pod`); the profiles are listed in docs/print-on-demand.md.'
    )
    svg_text: Literal["text", "outlines"] = Field(
        "text", description="Text in the per-piece and cut SVGs: live `text`, or `outlines` (the glyphs as paths, "
        "the same look as the PDF on every machine and in cutting software; `--svg-outlines`)."
    )

    font: str | None = Field(
        None, description='TrueType font file in the game folder for printed text, e.g. "fonts/Game.ttf"; '
        "omitted: DejaVu Sans. Embedded in the PDFs; SVGs name its family."
    )
    font_bold: str | None = Field(
        None, description="TrueType font file for bold text; omitted: `font` (or DejaVu Sans Bold)."
    )
    rulebook_font: str = Field(
        "default", description="The font family the rulebooks (PDF and HTML) are set in: `default` (the `font` "
        "above, else DejaVu Sans), a family of `[fonts]`, or `dejavu` (printkit's own, whatever the game uses)."
    )

    @field_validator("papers")
    @classmethod
    def _papers(cls, v: list[str]) -> list[str]:
        from printkit.papers import MAX_PAPERS, paper_size

        if not v:
            raise ValueError("at least one paper")
        if len(set(v)) > MAX_PAPERS:
            raise ValueError(f"at most {MAX_PAPERS} papers (each is a whole kit)")
        for name in v:
            paper_size(name)
        return [name.strip().lower() for name in v]


FONT_NAME = re.compile(r"^[A-Za-z][\w-]*$")


class FontFamily(Strict):
    """A font family of the game: TrueType or OpenType files in the game folder, one per style.

    A style left out is set in the nearest one declared (bold italic in bold, then italic, then
    regular; bold and italic in regular): printkit never fakes a weight or a slant."""

    regular: str = Field(description='The upright face, e.g. "fonts/Body-Regular.ttf".')
    bold: str | None = Field(None, description="The bold face.")
    italic: str | None = Field(None, description="The italic face.")
    bold_italic: str | None = Field(None, description="The bold italic face.")


class PaletteColour(Strict):
    """A named colour with an optional exact CMYK value for print shops."""

    rgb: str = Field(description="Screen colour as #rrggbb.")
    cmyk: tuple[float, float, float, float] | None = Field(
        None, description="Print colour as four fractions 0..1 (cyan, magenta, yellow, black)."
    )

    @field_validator("rgb")
    @classmethod
    def _hex(cls, v: str) -> str:
        if not HEX.match(v):
            raise ValueError("a colour as #rrggbb")
        return v.lower()


def _palette_entry(value: object) -> object:
    return {"rgb": value} if isinstance(value, str) else value


HexColour = Annotated[str, StringConstraints(pattern=HEX.pattern)]
PaletteEntry = Annotated[PaletteColour, BeforeValidator(_palette_entry, json_schema_input_type=HexColour | PaletteColour)]
"""A palette colour: "#rrggbb", or a table with `rgb` and `cmyk` (the schema accepts both, as the loader does)."""


class Assumption(Strict):
    """A decision taken where the rulebook is vague; the proof lists every one."""

    id: Id = Field(description="Short name of the assumption.")
    text: str = Field(description="What was decided and why.")
    about: list[str] = Field([], description="Component ids the decision concerns.")


class Expectation(Strict):
    """A count the rulebook states, with the sentence it comes from; checked by the proof."""

    id: Id = Field(description="Short name of the expectation.")
    components: list[str] = Field(
        description='Component ids whose pieces are counted; ["*"] counts every component.'
    )
    where: dict[str, Scalar] = Field(
        {},
        description='Only count pieces whose variant matches, e.g. {colour = "red"} '
        "(a set name and the value of its `name` field).",
    )
    per: str | None = Field(
        None, description="Check the count for each value of this set (e.g. `colour`: 8 of every colour)."
    )
    places: list[str] = Field(
        [], description="Count places of the components' faces instead of pieces: place kinds (`cell`, `spot`, "
        "`space`, `field`, `petal`, `triangle`, `point`) or layout element ids, e.g. [\"cell\"] for a board's grid cells."
    )
    count: int | None = Field(None, description="The number the rulebook gives (or give `counts`).",
                              ge=0, le=10 * MAX_COUNT)
    counts: dict[str, Annotated[int, Field(strict=True, ge=0, le=10 * MAX_COUNT)]] = Field(
        {}, description="One number per value instead of `count`: with `per`, per value of that set "
        "(`counts = { forest = 4, hills = 3 }`); with `places`, per place kind or element id "
        "(`counts = { cell = 19, space = 51 }`). Each value is checked on its own line."
    )
    source: str = Field(description="The rulebook sentence the number comes from.")
    severity: Literal["error", "warning"] = Field(
        "error", description="error: a mismatch fails the proof; warning: it is reported only."
    )

    @model_validator(mode="after")
    def _one_count(self) -> Expectation:
        if (self.count is None) == (not self.counts):
            raise ValueError("either `count` or `counts` (one number per value), not both" if self.counts
                             else "a `count` (or `counts`, one number per value)")
        if self.counts and self.per is None and not self.places:
            raise ValueError("`counts` with `per` (the set its keys are values of) or with `places`")
        return self


# --- structural checks ([[checks]]) ---------------------------------------------
# Each check type is one small generic class: a rule the proof applies to the data,
# with the rulebook sentence it comes from. The logic lives in printkit/proof.py.


Whole = Annotated[int, Field(strict=True, ge=0, le=10 * MAX_COUNT)]
"""A whole number in a check: never coerced from text or a float."""


def _as_list(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    if not isinstance(value, list):
        raise ValueError("a whole number or a list of whole numbers")  # pydantic reports ValueError
    return value


class CheckBase(Strict):
    """Fields every structural check has."""

    id: Id = Field(description="Short name of the check; names its lines in the report.")
    source: str = Field(description="The rulebook sentence (or the reasoning) the check comes from.")
    severity: Literal["error", "warning"] = Field(
        "error", description="error: a failure fails the proof; warning: it is reported only."
    )

    if TYPE_CHECKING:
        type: str  # each check type's own `Literal` field (the union's tag)


# --- layout elements ----------------------------------------------------------
# Values typed ``Num`` or ``str`` may be templates such as "{position.angle}",
# resolved against the piece's variant when it is drawn. A ``Num`` is a number or a template, never
# ``true`` or ``false`` (a typo for a number must not draw a 1 mm rectangle or a single pip).

StrictInt = Annotated[int, StrictValue()]
"""A whole number as the data writes it: ``true`` and ``false`` are refused (pydantic would read them as 1 and 0)."""
Num = StrictInt | Annotated[float, StrictValue()] | str
Point = tuple[Num, Num]


MIRRORS = ("none", "x", "y", "both")
"""What ``mirror`` takes: none, x (left to right, across a vertical line), y (top to bottom), both."""
TRANSFORM_KEYS = ("rotate", "origin", "mirror", "scale", "translate")
"""Keys every element takes for its transform (gathered into its ``transform`` when it is loaded)."""


class Transform(Strict):
    """Turn, mirror, scale and move what an element draws: keys every element takes. Their values
    are checked when the element is drawn (they may be templates, e.g. `rotate = "{k * 90}"`)."""

    rotate: Any = Field(0, description="Turn what the element draws by this many degrees clockwise, about `origin` "
                        "(a number or a template).")
    origin: Any = Field(None, description="The point [x, y] the element turns, mirrors and scales about; omitted: the "
                        "centre of what it draws (of its bounding box).")
    mirror: Any = Field("none", description="Mirror what the element draws about `origin`: `x` (left to right), `y` "
                        "(top to bottom), `both` or `none`; may be a template (\"{'x' if k % 2 else 'none'}\").")
    scale: Any = Field(1, description="Scale about `origin`: one factor, or [across, down]; a negative factor mirrors.")
    translate: Any = Field((0, 0), description="Shift [dx, dy] (mm) applied last, after turning and scaling.")

    @property
    def active(self) -> bool:
        """Whether it changes anything (most elements have no transform: a cheap test)."""
        return not (self.rotate == 0 and self.mirror == "none" and self.scale == 1 and self.origin is None
                    and self.translate == (0, 0))


NO_TRANSFORM = Transform()


def _gather_transform(data: Any) -> Any:
    """``rotate = 90`` on an element goes into its ``transform`` (an element with a ``rotate`` of its own,
    such as `text`, keeps it): one small model for five keys every element takes, gathered once where
    elements are read (the ``Element`` union), not in every element model."""
    if isinstance(data, dict) and any(k in data for k in TRANSFORM_KEYS):
        from printkit.elements import ELEMENT_TYPES

        element = ELEMENT_TYPES.get(data.get("type"))  # type: ignore[arg-type]
        own = element.model.model_fields if element is not None else {}
        moved = {k: data[k] for k in TRANSFORM_KEYS if k in data and k not in own}
        if moved:
            data = {k: v for k, v in data.items() if k not in moved}
            data["transform"] = {**(data.get("transform") or {}), **moved}
    return data


def _transform_schema(schema: dict[str, Any], cls: type) -> None:
    """The JSON Schema (for editors) lists the transform's keys on the element itself, as they are written."""
    props = schema.get("properties", {})
    props.pop("transform", None)
    number = {"anyOf": [{"type": "number"}, {"type": "string"}]}
    pair = {"type": "array", "items": number, "minItems": 2, "maxItems": 2}
    keys: dict[str, dict[str, Any]] = {"rotate": number, "origin": pair, "mirror": {"type": "string"},
                                       "scale": {"anyOf": [number, pair]}, "translate": pair}
    for key, sub in keys.items():
        if key not in props:
            props[key] = {**sub, "description": Transform.model_fields[key].description}


class ElementBase(Strict):
    """Fields shared by every layout element."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False, json_schema_extra=_transform_schema)

    id: str | None = Field(None, description="Name, so a layout that extends this one can replace it.")
    when: str | None = Field(
        None, description='Draw only when this template is non-empty and not "false", e.g. "{row.icon}"; '
        "a field missing from a piece's record counts as empty."
    )
    transform: Transform = Field(NO_TRANSFORM, description="`rotate`, `origin`, `mirror`, `scale` and `translate`, "
                                 "written as keys of the element itself (see Transform).")

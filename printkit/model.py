"""The typed data model of a game folder (``game.toml`` + CSV tables).

Every model rejects unknown keys and every field carries a description: the
descriptions are the data format's documentation. Lengths are parsed into mm
here, once; colours and templated values (``"{colour.fill}"``) are resolved when
pieces are drawn, against the game's palette and the piece's variant.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

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
        raise ValueError("a whole number or a list of whole numbers")  # noqa: TRY004 (pydantic reports ValueError)
    return value


class CheckBase(Strict):
    """Fields every structural check has."""

    id: Id = Field(description="Short name of the check; names its lines in the report.")
    source: str = Field(description="The rulebook sentence (or the reasoning) the check comes from.")
    severity: Literal["error", "warning"] = Field(
        "error", description="error: a failure fails the proof; warning: it is reported only."
    )


class ProductCheck(CheckBase):
    """A component's pieces are exactly the product of the named sets: each combination
    of set values present `each` times, no combination missing, none extra.

    A piece's value for a set is the `name` of the record it was made from (``vary``),
    or the CSV column of that name (``table``)."""

    type: Literal["product"] = Field(description="Check type: `product`.")
    component: str = Field(description="The component id whose pieces are checked.")
    sets: list[str] = Field(description="Names of sets whose product the pieces must be.", min_length=1)
    each: Whole = Field(1, description="Pieces expected for every combination.", gt=0)


class DistinctPolyformsCheck(CheckBase):
    """The pieces of a component each carry a figure of `size` connected squares, and the
    figures are `count` different free polyforms (no two equal after rotation or reflection;
    with `mirrors`, after rotation only)."""

    type: Literal["distinct-polyforms"] = Field(description="Check type: `distinct-polyforms`.")
    component: str = Field(description="The component id whose pieces carry the figures.")
    cells: str = Field(
        description='The cells of a piece, as a template on its variant, e.g. "{shape.cells}" '
        '(cells are "x,y x,y ...", see printkit/polyform.py).'
    )
    size: Whole = Field(description="Squares in each figure (5 for pentominoes).", ge=1, le=64)
    count: Whole = Field(description="How many different figures there must be.", gt=0)
    mirrors: Bool = Field(
        False, description="true: a figure and its mirror image are different figures (one-sided pieces that are "
        "never turned over); false: a mirror image is the same figure, so a set may not hold both."
    )


class FitsBoardCheck(CheckBase):
    """Every figure can lie on a board of `rows` x `cols` squares in some rotation or
    reflection; a figure that cannot is flagged (usually a warning: a card nobody can complete)."""

    type: Literal["fits-board"] = Field(description="Check type: `fits-board`.")
    component: str = Field(description="The component id whose pieces carry the figures.")
    cells: str = Field(description='The cells of a piece, as a template, e.g. "{shape.cells}".')
    rows: Whole = Field(description="Rows of the board.", gt=0)
    cols: Whole = Field(description="Columns of the board.", gt=0)
    set_aside: str | None = Field(
        None, description='A template, e.g. "{shape.set_aside}": a piece for which it is non-empty is taken out of '
        "play by the rules before anyone chooses, so it need not fit; the proof names it. Omitted: every piece counts."
    )


class BoardRanksCheck(CheckBase):
    """Spaces per rank of a board drawn with ``grid`` layout elements. Rank 1 is the bottom
    row of every grid, rank 2 the row above it, and so on (grids share ranks bottom-aligned);
    the grids' bottom edges must line up on the drawing."""

    type: Literal["board-ranks"] = Field(description="Check type: `board-ranks`.")
    component: str = Field(description="The board component; its `face` layout is read.")
    ranks: list[Whole] = Field(description="Spaces expected in rank 1, 2, ... (bottom first).", min_length=1)


class BoardPlacesCheck(CheckBase):
    """The places a board's layout draws number `count`: grid cells (or points), hex cells, ring
    and track spaces, counted from the elements of its `face` (those inside a `repeat` are not
    counted). With `elements`, only elements of those types count (e.g. ["hexgrid"])."""

    type: Literal["board-places"] = Field(description="Check type: `board-places`.")
    component: str = Field(description="The board component; its `face` layout is read.")
    count: Whole = Field(description="Places the rules give.")
    elements: list[str] = Field([], description="Element types that count; omitted: every element that draws places.")


class SupplyCheck(CheckBase):
    """What the setup needs must be in the box: `players` x (product of `per_player`) +
    `extra` pieces, counted like an expectation; with `per`, for each value of that set.
    Having more than needed passes (the spare pieces are reported)."""

    type: Literal["supply"] = Field(description="Check type: `supply`.")
    components: list[str] = Field(description='Component ids whose pieces are counted; ["*"] for all.')
    where: dict[str, Scalar] = Field({}, description="Only count pieces whose variant matches (as in [[expect]]).")
    per: str | None = Field(None, description="Check the need for each value of this set.")
    players: Whole = Field(1, description="Number of players the setup is for.", gt=0)
    per_player: Annotated[list[Whole], BeforeValidator(_as_list, json_schema_input_type=Whole | list[Whole])] = Field(
        [], description="What each player takes: a number, or factors multiplied (e.g. [6, 5]: 6 of each of 5)."
    )
    extra: Whole = Field(0, description="What the setup takes besides the players' share.", ge=0)


class RequiresCheck(CheckBase):
    """A component the rules use must exist in the data and make at least `count` pieces.
    Unlike every other reference, a missing id here is a proof failure, not a data error."""

    type: Literal["requires"] = Field(description="Check type: `requires`.")
    components: list[str] = Field(description="Component ids whose pieces together must reach `count`.", min_length=1)
    count: Whole = Field(1, description="Pieces the rules need at least.", gt=0)


# --- checks on the drawn pieces (the kit can be played) ---------------------------
# These read the geometry the kit prints: the proof draws every piece (as the build does)
# and measures it. Places are the spaces of a board's layout: `cell` (a `grid` space),
# `spot` (a `ring` space), `space` (a `track` space), `field` and `point` (a `flower`);
# a place name may also be the `id` of a layout element, to pick one element's places.


class FitsCheck(CheckBase):
    """Pieces of `component` fit the places of `board` they are played on, with at least
    `clearance` mm to spare on every side: a token or card in a grid cell, ring spot or track
    space (circle in circle, square in square, and across), a built solid's base in a space,
    a lattice piece on a `flower` board (same spacing, so its fields cover the board's fields)."""

    type: Literal["fits"] = Field(description="Check type: `fits`.")
    component: str = Field(description="The component whose pieces are played on the board.")
    board: str = Field(description="The board component (its `face` layout has the places).")
    places: list[str] = Field(
        description="Place kinds (`cell`, `spot`, `space`, `field`) or layout element ids the pieces go on.",
        min_length=1,
    )
    clearance: NonNegativeLength = Field(0.5, description="Least room left around a piece on each side (mm).")


class NestsCheck(CheckBase):
    """Pieces the rules stack or nest do: the sizes of `component` (its distinct built sizes,
    smallest first) each fit over the next smaller with `clearance` mm to spare all round;
    with `hollow`, every piece that goes over another is open at its base; with `value`,
    the value printed on the pieces (`pips`: the most pips on one face) grows with size."""

    type: Literal["nests"] = Field(description="Check type: `nests`.")
    component: str = Field(description="A `net` component whose pieces nest (e.g. pyramids of three sizes).")
    clearance: NonNegativeLength = Field(0.5, description="Least gap between a piece and the one over it (mm).")
    hollow: Bool = Field(True, description="A piece that goes over a smaller one must be open at the base.")
    value: Literal["pips"] | None = Field(
        None, description="`pips`: more pips on larger pieces (pieces of one size print one value)."
    )


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


class BacksCheck(CheckBase):
    """Cards that share a deck (the deck the box plan puts them in: same size, or declared under
    [[boxes.decks]]) either all have backs or none; with `same`, they all share one back, but for
    the components listed in `own`."""

    type: Literal["backs"] = Field(description="Check type: `backs`.")
    components: list[str] = Field(["*"], description='Card components checked; ["*"]: every card component.')
    same: Bool = Field(True, description="Every card of a deck has the same back (false: backs may differ).")
    own: list[str] = Field([], description="Card components the rules give a back of their own (still all or none).")


class WordsCheck(CheckBase):
    """What is printed on a piece agrees with the variant it belongs to: a word naming a value of
    `set` (a record's `name` or one of `fields`) printed on a piece of another value fails; with
    `pips`, the pips drawn on the piece (the most on one face) equal this template's value."""

    type: Literal["words"] = Field(description="Check type: `words`.")
    component: str = Field(description="The component whose pieces are read.")
    set: str | None = Field(None, description="The set whose values the printed words must agree with.")
    fields: list[str] = Field(["name", "label"], description="Record fields whose values are words for that value.")
    pips: str | None = Field(None, description='The pips a piece must show, as a template, e.g. "{size.pips}".')


class PerPointCheck(CheckBase):
    """For lattice pieces: no piece puts more than `max` of its fields around one connecting point
    (so a piece can be placed under a rule such as "at most five fields of a colour at a point")."""

    type: Literal["per-point"] = Field(description="Check type: `per-point`.")
    component: str = Field(description="A `lattice-piece` component.")
    max: Whole = Field(description="Most fields of one piece around one point.", gt=0)


class MinWidthCheck(CheckBase):
    """Every piece of `components` can be cut out with scissors: its cut outline nowhere narrows
    below `min` mm (a neck, a thin strip, or parts that touch at a point)."""

    type: Literal["min-width"] = Field(description="Check type: `min-width`.")
    components: list[str] = Field(["*"], description='Components checked; ["*"]: all.')
    min: PositiveLength = Field(description="Narrowest part a person can cut (mm).")


class MinTextCheck(CheckBase):
    """No text printed on a piece of `components` is smaller than `min` (e.g. "5pt")."""

    type: Literal["min-text"] = Field(description="Check type: `min-text`.")
    components: list[str] = Field(["*"], description='Components checked; ["*"]: all.')
    min: PositiveLength = Field(description='Smallest readable text size, e.g. "5pt".')


class FoldsCheck(CheckBase):
    """The fold lines of a board do not run through its places (cells, spots, spaces, fields):
    pieces must lie flat there. The fold lines are those printed on the board (role `fold`), or,
    when it prints none, the middles its `folds` names (half: across the long side; quarters: both)."""

    type: Literal["folds"] = Field(description="Check type: `folds`.")
    component: str = Field(description="The board component.")
    places: list[str] = Field(["cell", "spot", "space", "field"], description="Place kinds or element ids kept clear.")


class FitsBoxCheck(CheckBase):
    """Every piece of `components` fits the box the plan puts it in (a card in its tuck box, a
    piece, a pile, a folded board or a built solid in the lid box), and the boxes are reported."""

    type: Literal["fits-box"] = Field(description="Check type: `fits-box`.")
    components: list[str] = Field(["*"], description='Components checked; ["*"]: all.')


Check = Annotated[
    ProductCheck | DistinctPolyformsCheck | FitsBoardCheck | BoardRanksCheck | BoardPlacesCheck | SupplyCheck
    | RequiresCheck | FitsCheck | NestsCheck | SolidCheck | BacksCheck | WordsCheck | PerPointCheck
    | MinWidthCheck | MinTextCheck | FoldsCheck | FitsBoxCheck,
    Field(discriminator="type"),
]


# --- layout elements ----------------------------------------------------------
# Values typed ``Num`` or ``str`` may be templates such as "{position.angle}",
# resolved against the piece's variant when it is drawn.

Num = int | float | str
Point = tuple[Num, Num]


class ElementBase(Strict):
    """Fields shared by every layout element."""

    id: str | None = Field(None, description="Name, so a layout that extends this one can replace it.")
    when: str | None = Field(
        None, description='Draw only when this template is non-empty and not "false", e.g. "{row.icon}"; '
        "a field missing from a piece's record counts as empty."
    )


# Each element is a module of printkit/elements (its model, drawing and documentation), found
# through that package's registry. The element modules import the names defined above, so the
# registry is loaded here, in the middle of this module.
from printkit.elements import element_models  # noqa: E402

if TYPE_CHECKING:
    Element = ElementBase
else:
    Element = Annotated[Union[element_models()], Field(discriminator="type")]  # noqa: UP007
for _model in element_models():
    if not _model.__pydantic_complete__:  # an element holding elements (repeat)
        _model.model_rebuild(_types_namespace={"Element": Element})

# The element models under their old names here, for code written before the registry.
from printkit.elements.chord import ChordElement  # noqa: E402, F401
from printkit.elements.circle import CircleElement  # noqa: E402, F401
from printkit.elements.flower import FlowerElement  # noqa: E402, F401
from printkit.elements.grid import GridElement  # noqa: E402, F401
from printkit.elements.image import ImageElement  # noqa: E402, F401
from printkit.elements.lanes import LanesElement  # noqa: E402, F401
from printkit.elements.line import LineElement  # noqa: E402, F401
from printkit.elements.polyform import PolyformElement  # noqa: E402, F401
from printkit.elements.polygon import PolygonElement  # noqa: E402, F401
from printkit.elements.rect import RectElement  # noqa: E402, F401
from printkit.elements.repeat import RepeatElement  # noqa: E402, F401
from printkit.elements.ring import RingElement  # noqa: E402, F401
from printkit.elements.symbol import SymbolElement  # noqa: E402, F401
from printkit.elements.text import TextElement  # noqa: E402, F401
from printkit.elements.track import TrackElement  # noqa: E402, F401
from printkit.elements.wheel import WheelElement  # noqa: E402, F401


class Layout(Strict):
    """A declared face: a background and elements drawn in order; may extend another layout."""

    extends: str | None = Field(None, description="Name of a layout whose elements come first.")
    background: str | None = Field(None, description="Fill of the whole face, bleed included.")
    elements: list[Element] = Field([], description="Elements drawn in order, over the background.")


class DiagramPiece(Strict):
    """One printed face placed in a rulebook diagram, drawn by the same code that prints it."""

    piece: str = Field(
        description="A piece name as in out/<game>/svg/ (e.g. `line-card-red-top-180`, `line-card-back`), "
        "or a component id (its first variant's face)."
    )
    x: Length | None = Field(None, description="Left of the piece's trim in the diagram (mm); omitted: placed in rows.")
    y: Length | None = Field(None, description="Top of the piece's trim in the diagram (mm); omitted: placed in rows.")
    rotate: Literal[0, 90, 180, 270] = Field(0, description="Quarter turns clockwise; x and y place the turned piece's top left corner.")
    crop: tuple[Length, Length, Length, Length] | None = Field(
        None, description="Show only this window of the face, [x, y, w, h] in the face's mm (a detail of a board)."
    )
    label: str | None = Field(
        None, description='A caption printed under the piece; may use the piece\'s values, e.g. "{position.label}".'
    )


class Diagram(Strict):
    """A rulebook picture composed from printed faces: pieces placed in diagram mm, plus annotations.

    Pieces with no ``x``/``y`` are laid out in rows of ``columns``, ``gap`` apart. The
    diagram is drawn at true size in mm and scaled to the width the rulebook asks for.
    """

    pieces: list[DiagramPiece] = Field([], description="The faces shown, in drawing order.")
    columns: int | None = Field(None, description="Pieces per row when they are placed automatically.", ge=1)
    gap: NonNegativeLength = Field(6.0, description="Space between automatically placed pieces (mm).")
    label_size: PositiveLength = Field(5.0, description="Font size of piece labels in diagram mm.")
    width: PositiveLength | None = Field(None, description="Diagram width; omitted: just wide enough for its pieces.")
    height: PositiveLength | None = Field(None, description="Diagram height; omitted: just tall enough for its pieces.")
    outline: bool = Field(True, description="Draw a thin grey line around each piece's trim.")
    elements: list[Element] = Field([], description="Layout elements (text, circle, line, ...) drawn over the pieces, in diagram mm.")


def check_size(size: object, width: float | None, height: float | None) -> None:
    """A piece is sized by a named or single `size`, or by `width` and `height`: one way, not both."""
    if size is None and (width is None or height is None):
        raise ValueError("either `size` or both `width` and `height`")
    if size is not None and (width is not None or height is not None):
        raise ValueError("`size` or `width`/`height`, not both")


class TableSource(Strict):
    """A table of variants with more to say than its file: a spreadsheet's sheet, the quantity column's name."""

    file: str = Field(description="The table file in the game folder: .csv, or a spreadsheet (.xlsx, .ods, .xls).")
    sheet: str | None = Field(None, description="The spreadsheet's sheet, by name; omitted: the first sheet.")
    quantity: str = Field("quantity", description="The column giving each row's copies (e.g. `copies`, `count`).",
                          min_length=1)


class ComponentBase(Strict):
    """Fields every component kind has."""

    id: Id = Field(description="Unique id of the component in its game.")
    kind: str = Field(description="The component kind (card, chip, board, ...).")
    name: str | None = Field(None, description="Display name; defaults to the id.", max_length=MAX_TITLE)
    count: Count = Field(1, description="Copies of each variant.")
    vary: list[str] = Field(
        [], description="Names of sets whose product gives the variants (e.g. colour x position)."
    )
    table: str | TableSource | None = Field(
        None, description="A table in the game folder, one variant per row: a CSV file or a spreadsheet "
        '(.xlsx, .ods: the first sheet), or `{ file = "cards.xlsx", sheet = "Creatures", quantity = "copies" }`. '
        "The quantity column (`quantity` unless named) sets each row's copies."
    )
    sheet: Id | None = Field(None, description="Output group (file name part); defaults per kind.")
    notes: str | None = Field(None, description="Free notes for designers; not printed.")

    @property
    def label(self) -> str:
        return self.name or self.id


class DeckDeclaration(Strict):
    """Card components that share one tuck box (declared when grouping by size is not wanted)."""

    id: Id = Field(description="Short name of the deck; names its tuck box files.")
    name: str | None = Field(None, description="Printed name of the deck; defaults to the first component's name.")
    components: list[str] = Field(description="Ids of the card components in this deck.", min_length=1)


class BoardPacking(Strict):
    """How a large piece goes into the lid box: folded, or its parts stacked."""

    component: str = Field(description="Id of the component (a board or any large piece).")
    across: int = Field(1, description="Parts across its width: it folds (or is cut) into this many columns.",
                        strict=True, ge=1, le=16)
    down: int = Field(1, description="Parts down its height: it folds (or is cut) into this many rows.",
                      strict=True, ge=1, le=16)
    how: Literal["fold", "stack"] = Field(
        "fold", description="fold: one folded sheet; stack: separate parts stacked (same footprint and height)."
    )


class BoxSettings(Strict):
    """The boxes printkit computes from the components: a tuck box per deck, a lid box per game."""

    tuck_boxes: bool = Field(True, description="Print a tuck box for every deck of cards.")
    lid_box: bool = Field(True, description="Print a two-piece telescoping lid box for the whole game.")
    card_thickness: PositiveLength = Field(
        0.3, description="Thickness of one card (mm) when the card component gives no `thickness`."
    )
    cardstock: PositiveLength = Field(0.4, description="Thickness of the board the boxes are printed on (mm).")
    piece_thickness: PositiveLength = Field(
        0.3, description="Thickness of one flat printed piece (tokens, shapes, nets, board sheets) in the lid box (mm)."
    )
    clearance: NonNegativeLength = Field(
        1.0, description="Play added to each inner dimension of a tuck box (width, height, depth), in mm."
    )
    content_clearance: NonNegativeLength = Field(
        2.0, description="Play added to each inner dimension of the lid box around its contents (mm)."
    )
    lid_clearance: NonNegativeLength = Field(
        0.5, description="Gap on each side between the outside of the base and the inside of the lid (mm)."
    )
    sleeves: bool = Field(False, description="Cards are sleeved: tuck boxes grow (also `printkit build --sleeves`).")
    sleeve_thickness: NonNegativeLength = Field(0.1, description="Thickness a sleeve adds to one card (mm).")
    sleeve_margin: NonNegativeLength = Field(
        3.0, description="What a sleeve adds to a card's width and to its height (mm)."
    )
    min_deck: int = Field(
        10, description="Fewest cards that get their own tuck box; smaller decks lie loose in the lid box.",
        strict=True, ge=1, le=MAX_COUNT,
    )
    pile_height: PositiveLength = Field(
        20.0, description="Tallest pile of flat pieces in the lid box (mm); more pieces make more piles."
    )
    glue_tab: PositiveLength = Field(10.0, description="Width of glue tabs and join tabs (mm).")
    min_depth: NonNegativeLength = Field(
        20.0, description="Least inside depth of the lid box (mm), so a box of flat pieces still has walls to hold."
    )
    lid_depth: float = Field(
        1.0, description="Depth of the lid as a fraction of the base's height (1: the lid covers the base).",
        gt=0.1, le=1.0,
    )
    background: str = Field("white", description="Fill of the boxes' outside faces (palette name or #rrggbb).")
    ink: str = Field("black", description="Colour of the text on the boxes.")
    accent: str | None = Field(
        None, description="Colour of the titles and of a frame on the lid's top and each deck's front "
        "(palette name or #rrggbb); omitted: titles in `ink`, no frame."
    )
    art: str | None = Field(
        None, description="Title art: a printed face (a piece name as in out/<game>/svg/, e.g. `card-back`, or a "
        "component id) drawn on the lid's top and on each tuck box's front above the title; omitted: text only."
    )
    decks: list[DeckDeclaration] = Field(
        [], description="Decks declared by hand; omitted: card components are grouped by card size."
    )
    boards: list[BoardPacking] = Field(
        [], description="How large pieces fold or stack in the lid box; omitted: halved until they fit the paper."
    )


class AssemblySettings(Strict):
    """The assembly sheet (``<game>-assembly-<paper>.pdf``): what to print on which paper, and notes to the steps."""

    paper: dict[str, str] = Field(
        {}, description="Paper to print an output group on (`cards`, `pieces`, `board`, `nets`, `box`, `rules`), "
        'e.g. `nets = "thin card, 160 g/m²"`; omitted groups keep printkit\'s advice.'
    )
    notes: dict[str, str] = Field(
        {}, description="One more step for a component, by id, printed after the generated cut, fold and glue steps."
    )


class GameFile(Strict):
    """The whole of ``game.toml``; ``components`` is validated against the kind registry."""

    game: GameInfo = Field(description="What the game is.")
    print: PrintSettings = Field(PrintSettings(), description="How sheets are printed.")
    boxes: BoxSettings = Field(BoxSettings(), description="Tuck boxes and the lid box, sized from the components.")
    assembly: AssemblySettings = Field(AssemblySettings(), description="The assembly sheet's papers and notes.")
    palette: dict[str, PaletteEntry] = Field({}, description="Named colours.")
    fonts: dict[str, FontFamily] = Field(
        {}, description="Font families by name, chosen by a text's `font` key or a span's `font=` "
        '(docs/text.md), e.g. `[fonts.title] regular = "fonts/Title.ttf"`; `default` is the `[print] font`.'
    )
    icons: dict[str, str] = Field(
        {}, description='Inline icons by name, written `:name:` in any text: a PNG, JPEG or SVG file in the game '
        'folder (`coin = "icons/coin.svg"`) or a symbol of the library (`gem = "diamond"`); the symbols need no entry.'
    )
    sets: dict[str, list[dict[str, Scalar]]] = Field(
        {}, description="Named lists of records (each with a `name`) that components vary over."
    )
    layouts: dict[str, Layout] = Field({}, description="Declared faces, by name.")
    components: list[dict[str, Any]] = Field(description="The components, each a table with a `kind`.")
    expect: list[Expectation] = Field([], description="Counts the rulebook states, with sources.")
    checks: list[Check] = Field([], description="Structural checks of the data against the rules (the proof).")
    assumptions: list[Assumption] = Field([], description="Decisions taken where the rulebook is vague.")
    rules: dict[str, Any] = Field({}, description="Facts for the rulebook templates (free-form).")
    diagrams: dict[str, Diagram] = Field({}, description="Rulebook pictures composed from printed faces, by name.")

"""How the rulebook sets its text: the game's fonts, its colours and its inline icons.

Both rulebook writers (PDF and HTML) read spans and icons of the rich-text markup
(docs/text.md) through one :class:`Look`, so a span's colour, size and font and an icon mean
the same on the cards, in the PDF rulebook and on the HTML page. A name the game does not
define is a data error at the rulebook's template, with a did-you-mean.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from printkit.errors import DataError, Problem, found_repr, suggest
from printkit.richtext import SPAN_KEYS, IconArt
from printkit.units import UnitError, parse_length

if TYPE_CHECKING:
    from printkit.game import Game

BUILT_IN = {s: s for s in ("regular", "bold", "italic", "bold_italic")}
PT_PER_MM = 72 / 25.4


@dataclass
class Look:
    """The rulebook's fonts (by style), and how span values and icon names resolve."""

    body: dict[str, str] = field(default_factory=lambda: dict(BUILT_IN))
    """The rulebook's font family: font keys by style (``regular``, ``bold``, ``italic``, ``bold_italic``)."""
    where: str = "the rulebook"
    """The file errors are reported at (the rulebook's template)."""
    families: Callable[[str], dict[str, str] | None] = lambda name: BUILT_IN if name in ("default", "dejavu") else None
    family_names: list[str] = field(default_factory=lambda: ["default", "dejavu"])
    colours: dict[str, str] = field(default_factory=lambda: {"black": "#000000", "white": "#ffffff"})
    icons: Callable[[str], IconArt | None] = lambda name: _library_icon(name)
    icon_names: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game, where: str) -> Look:
        """The look of ``game``'s rulebook: its ``[print] rulebook_font`` family (the default family unless told)."""
        from printkit.icons import find_icon, icon_names

        body = game.family(game.settings.rulebook_font) or dict(BUILT_IN)
        colours = {"black": "#000000", "white": "#ffffff", **{k: v.rgb for k, v in game.palette.items()}}
        return cls(body, where, game.family, game.family_names(), colours, lambda name: find_icon(game, name),
                   icon_names(game))

    def fail(self, expected: str, found: str, choices: list[str] | None = None) -> DataError:
        hint = suggest(found, choices) if choices else ""
        return DataError([Problem(self.where, "", expected, found_repr(found) + hint)])

    def family(self, name: str) -> dict[str, str]:
        found = self.families(name)
        if found is None:
            raise self.fail("a font family (" + ", ".join(self.family_names) + ") in a span's font=", name,
                            self.family_names)
        return found

    def colour(self, value: str) -> str:
        hex_colour = self.colours.get(value) or (value.lower() if _is_hex(value) else None)
        if hex_colour is None:
            names = sorted(self.colours)
            raise self.fail("a palette colour (" + ", ".join(names) + ") or #rrggbb in a span's colour=", value, names)
        return hex_colour

    def size(self, value: str, base: float) -> float:
        """A span's size in points, ``base`` the size of the text around it (points)."""
        try:
            pt = base * float(value[:-1]) / 100 if value.endswith("%") else parse_length(value) * PT_PER_MM
        except (ValueError, UnitError):
            raise self.fail("a span size as a length (7pt, 2.5mm) or a percentage (120%)", value) from None
        if not 0 < pt <= 1000:
            raise self.fail("a span size greater than 0 and at most 1000 pt", value)
        return pt

    def icon(self, name: str) -> IconArt:
        found = self.icons(name)
        if found is None:
            from printkit.symbols import SYMBOLS

            names = self.icon_names or sorted(SYMBOLS)
            raise self.fail("an icon of the symbol library or of [icons] (" + ", ".join(names) + ")", f":{name}:",
                            names)
        return found

    def span(self, attrs: tuple[tuple[str, str], ...]) -> None:
        """Check a span's keys (the values are checked where they are used)."""
        for key, _ in attrs:
            if key not in SPAN_KEYS:
                raise self.fail("a span key (" + ", ".join(SPAN_KEYS) + ")", key, list(SPAN_KEYS))


def _is_hex(value: str) -> bool:
    from printkit.model import HEX

    return bool(HEX.match(value))


def _library_icon(name: str) -> IconArt | None:
    from printkit.icons import symbol_icon
    from printkit.symbols import SYMBOLS

    return symbol_icon(name, name) if name in SYMBOLS else None


def style_key(body: dict[str, str], bold: bool, italic: bool) -> str:
    return body["bold_italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"]

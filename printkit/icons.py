"""Inline icons (``:coin:`` in a text): what each draws, sized to the text around it.

An icon is a library symbol (:mod:`printkit.symbols`), or a picture file the game declares in
``[icons]``: a PNG or JPEG, or SVG art read into the drawing tree (:mod:`printkit.svgart`),
so it is vector in every output. Each becomes an :class:`~printkit.richtext.IconArt`: its aspect ratio and a
function that draws it into a box, so the line breaker, both backends and the rulebook treat
every kind alike.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from printkit.drawing import Image, Node, Paint, Path
from printkit.richtext import IconArt
from printkit.symbols import SYMBOLS, symbol_segments

if TYPE_CHECKING:
    from printkit.assets import ImageFile
    from printkit.game import Game
    from printkit.svgart import SvgArt


DRAWN = 1024
"""Places an icon keeps its drawing for (see :func:`_alike`)."""


def _alike(draw: Callable[[float, float, float, str], list[Node]]) -> Callable[[float, float, float, str], list[Node]]:
    """``draw``, giving the very nodes it gave before for the same place, height and colour: the same
    icon at the same place on many cards of a deck (a cost at the start of a line) is then one node,
    which the proof's memos (by node) and the SVG writer (an element per node) take up once. Nodes
    are immutable, so sharing them changes no output."""
    kept = lru_cache(maxsize=DRAWN)(lambda x, top, h, fill: tuple(draw(x, top, h, fill)))
    return lambda x, top, h, fill: list(kept(x, top, h, fill))


def symbol_icon(name: str, symbol: str) -> IconArt:
    """A library symbol, filled in the colour of its text."""
    segments = symbol_segments(symbol)

    def draw(x: float, top: float, h: float, fill: str) -> list[Node]:
        cx, cy = x + h / 2, top + h / 2
        segs = tuple((s[0], *[float(v) * h + (cx if i % 2 == 0 else cy) for i, v in enumerate(s[1:])])
                     for s in segments)
        return [Path(segs, Paint(fill=fill))]

    return IconArt(name, 1.0, _alike(draw))


def image_icon(name: str, image: ImageFile) -> IconArt:
    """A picture (PNG or JPEG), its own colours, at its own aspect ratio."""
    aspect = image.width / image.height if image.height else 1.0

    def draw(x: float, top: float, h: float, fill: str) -> list[Node]:
        return [Image(x, top, h * aspect, h, image.data, image.format)]

    return IconArt(name, aspect, _alike(draw))


def svg_icon(name: str, art: SvgArt) -> IconArt:
    """SVG art (read into the drawing tree by :mod:`printkit.svgart`), its own colours, at its own aspect ratio."""
    aspect = art.width / art.height if art.height else 1.0

    def draw(x: float, top: float, h: float, fill: str) -> list[Node]:
        return [art.place(x, top, h * aspect, h)]

    return IconArt(name, aspect, _alike(draw))


def find_icon(game: Game, name: str) -> IconArt | None:
    """The icon ``:name:`` shows: the game's own first, then the library's symbol of that name."""
    icon = game.icons.get(name)
    if icon is None and name in SYMBOLS:
        icon = game.icons[name] = symbol_icon(name, name)
    return icon


def icon_names(game: Game) -> list[str]:
    return sorted({*game.icons, *SYMBOLS})

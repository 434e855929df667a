"""The filters and functions rulebook templates may use: the one place they are registered.

Keep them small and pure: templates may come from strangers, so nothing here reads
files, calls out or hands back Python objects beyond strings, numbers and lists.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from jinja2 import Environment

E = TypeVar("E", bound=Environment)

WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``{{ n | plural("card") }}`` -> "1 card", "3 cards" (or the given plural form)."""
    word = singular if count == 1 else plural_form or singular + "s"
    return f"{count} {word}"


def and_join(items: Iterable[Any], last: str = "and") -> str:
    """``["a", "b", "c"] | and_join`` -> "a, b and c"."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def in_words(count: int) -> str:
    """Small whole numbers as words (1 -> "one"); larger ones stay digits."""
    return WORDS[count] if isinstance(count, int) and 0 <= count < len(WORDS) else str(count)


MD_SPECIAL = set("\\`*_{}[]<>()#+-.!|~")


def md(value: object) -> str:
    """Escape a data value so Markdown prints it literally (a `|` cannot break a table, a `*` stays a star)."""
    return "".join("\\" + ch if ch in MD_SPECIAL else ch for ch in str(value))


def mm(value: float) -> str:
    """A length in mm, without a trailing .0: 63.0 -> "63 mm"."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return f"{text} mm"


def figure(src: str, caption: str = "", width: float | None = None) -> str:
    """Markdown for a picture alone in its paragraph: ``{{ figure("diagram:triangle", "A triangle", 70) }}``.

    ``src`` is ``component:ID``, ``piece:NAME`` or ``diagram:NAME``; ``width`` in mm.
    """
    query = f"?width={float(width):g}" if width is not None else ""
    safe = caption.replace("[", "(").replace("]", ")").replace("\n", " ")
    return f"\n\n![{safe}]({src}{query})\n\n"


def picture(src: str, box: float | None = None) -> str:
    """Markdown for a small picture inside a table cell (no caption), fitted in a ``box`` mm square."""
    query = f"?box={float(box):g}" if box is not None else ""
    return f"![]({src}{query})"


def section(body: str, title: str, level: int = 2) -> str:
    """``{% filter section("Setup") %}...{% endfilter %}``: a heading over ``body``, or nothing when it is empty."""
    if not body.strip():
        return ""
    return "\n" + "#" * level + f" {title}\n\n{body.strip()}\n\n"


FILTERS = {"md": md, "section": section, "plural": plural, "and_join": and_join, "in_words": in_words, "mm": mm}
GLOBALS = {"figure": figure, "picture": picture}


def register(env: E) -> E:
    """Add every rulebook filter and function to ``env``."""
    env.filters.update(FILTERS)
    env.globals.update(GLOBALS)
    return env

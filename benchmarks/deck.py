"""Generate a CSV-driven deck of N poker cards as a printkit game folder (and the CSV the reference reads)."""

from __future__ import annotations

import csv
from pathlib import Path

COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b7950b", "#7d3c98", "#ca6f1e"]
ICONS = ["star", "flame", "drop", "leaf", "diamond", "hexagon"]

GAME_TOML = """\
[game]
title = "Benchmark deck of {n} cards"

[print]
papers = ["a4"]

# A deck of thousands of cards has no tuck box that prints on A4: the benchmark is about cards.
[boxes]
tuck_boxes = false
lid_box = false

[palette]
paper = "#fbf8f0"
back = "#22313f"
gold = "#e9c46a"

[layouts.face]
background = "paper"
elements = [
  {{ type = "rect", x = 4, y = 4, w = 55, h = 80, r = 3, stroke = "{{row.colour}}", width = 1.5 }},
  {{ type = "text", text = "{{row.title}}", x = 8, y = 10, w = 47, size = "11pt", bold = true, align = "center" }},
  {{ type = "symbol", name = "{{row.icon}}", cx = "50%", cy = "55%", size = 24, fill = "{{row.colour}}" }},
  {{ type = "text", text = "{{row.text}}", x = 8, y = 68, w = 47, h = 12, size = "7pt", align = "center" }},
]

[layouts.back]
background = "back"
elements = [
  {{ type = "rect", x = 5, y = 5, w = 53, h = 78, r = 3, stroke = "gold", width = 0.8 }},
  {{ type = "symbol", name = "star", size = 30, fill = "gold" }},
]

[[components]]
id = "card"
kind = "card"
size = "poker"
table = "cards.csv"
face = "face"
back = "back"
"""


WORDS = [
    "apple", "bee", "cat", "dragon", "eel", "falcon", "goat", "heron", "ibis", "jackal", "kite", "lynx",
    "mole", "newt", "owl", "puma", "quail", "raven", "swan", "toad", "urchin", "viper", "wolf", "yak",
    "zebu", "ant", "bat", "crow", "dove", "emu", "frog", "gnu", "hare", "imp", "jay", "koala", "lark",
]
"""Words of many widths: the varied rich deck starts each card's text with two of them."""


def write_deck(folder: Path, n: int, rich: bool = False, varied: bool = False) -> Path:
    """A game folder ``folder/deck-<n>`` with ``game.toml`` and ``cards.csv``; returns it.

    ``rich``: ``folder/deck-rich-<n>``, the same deck whose every card text uses the rich-text markup:
    bold, italic, a coloured span and an inline icon in the sentence (after the same word on every
    card: the icon sits at one of a few places). ``varied``: ``folder/deck-varied-<n>``, the rich deck
    whose texts start with two words of many widths (1,369 pairs), so that its icon sits at a place of
    its own on most cards, as on a real deck's cards."""
    game = folder / (f"deck-varied-{n}" if varied else f"deck-rich-{n}" if rich else f"deck-{n}")
    game.mkdir(parents=True, exist_ok=True)
    (game / "game.toml").write_text(GAME_TOML.format(n=n))
    with open(game / "cards.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["name", "title", "colour", "icon", "text", "quantity"])
        for i in range(n):
            lead = f"{WORDS[i % 37].title()} {WORDS[i // 37 % 37]}" if varied else "Effect"
            text = (f"**{lead}** :{ICONS[i % len(ICONS)]}: of *card* [number {i + 1}]{{colour={COLOURS[i % len(COLOURS)]}}}, "
                    "long enough to wrap." if rich or varied else f"Effect text of card number {i + 1}, long enough to wrap.")
            w.writerow([f"c{i:05d}", f"Card {i + 1}", COLOURS[i % len(COLOURS)], ICONS[i % len(ICONS)], text, 1])
    return game

"""Games the benchmarks generate besides the decks: a hex map and a score pad.

The hex map is a wargame map of ``cols`` x ``rows`` flat hexes, labelled in the 0101 scheme, with
terrain fills from a CSV table, a river along some edges and a road through cell centres. The pad is
``n`` numbered score sheets, four to a page, each a grid of boxes with players' names.
"""

from __future__ import annotations

from pathlib import Path


def write_hexmap(root: Path, cols: int, rows: int) -> str:
    """A folder ``hexmap-<cols>x<rows>`` under ``root``; returns its game id."""
    gid = f"hexmap-{cols}x{rows}"
    folder = root / gid
    folder.mkdir(parents=True, exist_ok=True)
    fills = ["#9fc48a", "#d8c9a0", "#7f9f6a", "#cfe3f3"]
    lines = ["cell,fill,edges"]
    for c in range(cols):
        for r in range(rows):
            edges = "n:river ne:river" if (c + r) % 7 == 0 else ""
            lines.append(f"\"{c},{r}\",{fills[(c * 3 + r) % len(fills)]},{edges}")
    (folder / "map.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    size = 9.0
    width, height = (cols * 1.5 + 0.5) * size + 10, (rows + 0.5) * size * 3 ** 0.5 + 10
    (folder / "game.toml").write_text(f"""[game]
title = "Hex map {cols} x {rows}"

[layouts.map]
background = "white"
elements = [
  {{ type = "hexgrid", cols = {cols}, rows = {rows}, size = {size}, fill = "{{cell.fill}}", table = "map.csv", labels = true, label_format = "{{col}}{{row}}", col_labels = "01", row_labels = "01", label_size = "4pt", edge_styles = {{ river = {{ stroke = "#3a78c0", width = 1.5 }}, road = {{ stroke = "#8a5a2b", width = 1, dash = [2, 1] }} }}, links = [{{ cells = ["0,0", "{cols - 1},{rows - 1}"], route = "cells", style = "road" }}] }},
]

[[components]]
id = "map"
kind = "board"
width = {width:.1f}
height = {height:.1f}
face = "map"
""", encoding="utf-8")
    return gid


def write_pad(root: Path, n: int) -> str:
    """A folder ``pad-<n>`` under ``root`` with ``n`` numbered score sheets; returns its game id."""
    gid = f"pad-{n}"
    folder = root / gid
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.toml").write_text(f"""[game]
title = "Score pad of {n}"

[layouts.score]
background = "white"
elements = [
  {{ type = "text", text = "SCORE", x = 0, y = 6, w = "100%", size = "14pt", bold = true, align = "center" }},
  {{ type = "grid", x = 12, y = 24, rows = 5, cols = 4, cell = 18, stroke = "black", width = 0.3, labels = "chess", col_side = "top", col_labels = ["Ann", "Bo", "Cy", "Di"], row_labels = "1", rows_from = "top", label_size = "6pt" }},
]

[[components]]
id = "score"
kind = "pad"
width = 96
height = 130
count = {n}
per_page = 4
number = true
face = "score"
""", encoding="utf-8")
    return gid

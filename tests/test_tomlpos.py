"""Line numbers for key paths, read from the TOML text itself (tomllib gives none)."""

from __future__ import annotations

import tomllib

from printkit.tomlpos import key_lines, line_of

VALID = '''[game]
title = "A [tricky] = \\"title\\""
notes = """
several
lines with key = "value" inside
"""
"quoted key" = 1
a.b.c = 2

[[components]]
id = "first"
kind = "card"

[[components]]
id = "second"
elements = [
  { type = "rect", fill = "red" },
  # a comment between items
  { type = "text", text = "x, y ] }" },
]

[components.extra]
deep = 'literal [x]'

[[sets.colour]]
name = "red"
[[sets.colour]]
name = "blue"
'''


def test_lines_of_tables_keys_items_and_inline_keys() -> None:
    lines = key_lines(VALID)
    raw = tomllib.loads(VALID)
    expect = {
        "game.title": 2, "game.notes": 3, "game.quoted key": 7, "game.a.b.c": 8,
        "components[0].id": 11, "components.first.kind": 12, "components.second": 14,
        "components.second.elements[0].fill": 17, "components.second.elements[1].text": 19,
        "components.second.extra.deep": 23, "sets.colour[1].name": 28, "sets.colour[0]": 25,
    }
    found = {path: line_of(path, lines, raw) for path in expect}
    assert found == expect


def test_an_unknown_key_falls_back_to_its_table() -> None:
    raw = tomllib.loads(VALID)
    assert line_of("components.first.colour", key_lines(VALID), raw) == 10
    assert line_of("components.second.elements[1].fill (variant red)", key_lines(VALID), raw) == 19
    assert line_of("nowhere.at.all", key_lines(VALID), raw) is None


def test_the_scanner_never_fails_on_text_it_cannot_follow() -> None:
    # Inline tables across lines are not TOML 1.0; the scanner keeps what it found before them.
    broken = VALID.split("elements = [")[0] + "size = { w = 1,\n  h = 2 }\n[later]\nkey = 1\n"
    lines = key_lines(broken)
    assert lines[("game", "title")] == 2 and lines[("components", 0, "id")] == 11
    assert ("later", "key") not in lines

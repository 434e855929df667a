"""The building process imports what a game's load and draw use, and what every job of its build needs,
before its workers fork; what one feature alone uses (boxes, a layout engine, a kind, the proof) is
imported where that feature runs (issue 29: start-up pays only for what the command and the game use)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import kinds
from printkit.kinds import KINDS, load_kinds
from printkit.layout import engines
from printkit.registry import NAME, module_of

ROOT = Path(__file__).resolve().parent.parent

DECK = """\
[game]
title = "Cards, no boxes"

[boxes]
tuck_boxes = false
lid_box = false

[sets]
colour = [{ name = "red" }, { name = "blue" }]

[layouts.face]
elements = [{ type = "text", text = "{colour.name}", x = 5, y = 5, w = 50 }]

[[components]]
id = "card"
kind = "card"
size = "poker"
vary = ["colour"]
face = "face"
"""

PROBE = """
import json, sys
from pathlib import Path
def loaded():
    return {m for m in sys.modules if m.startswith("printkit")}
import printkit.build as build
from printkit.errors import DataError
from printkit.options import BuildOptions
seen = {"import": sorted(loaded())}
game = build.load_all([Path(sys.argv[1])])[0]
build.game_jobs(build.draw(game), BuildOptions())
seen["drawn"] = sorted(loaded())
try:
    build.load_all([Path(sys.argv[2])])
except DataError as err:
    seen["unknown"] = [str(p) for p in err.problems]
print(json.dumps(seen))
"""

FEATURES = ["printkit.proof", "printkit.boxes.net", "printkit.boxes.tuck",
            "printkit.boxes.telescope", "printkit.boxes.pages", "printkit.folds", "printkit.lattice", "printkit.tracks",
            "printkit.layout.tile", "printkit.layout.pack", "printkit.kinds.board", "printkit.elements.track",
            "printkit.elements.chord", "printkit.rulebook", "printkit.inksaver"]
"""Modules of features a deck of cards without boxes does not use."""


def test_a_deck_without_boxes_imports_only_what_its_load_draw_and_jobs_use(tmp_path: Path) -> None:
    deck, unknown = tmp_path / "deck", tmp_path / "unknown"
    deck.mkdir()
    unknown.mkdir()
    (deck / "game.toml").write_text(DECK, encoding="utf-8")
    (unknown / "game.toml").write_text(DECK.replace('kind = "card"', 'kind = "cart"'), encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", PROBE, str(deck), str(unknown)], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True, timeout=120)
    seen = json.loads(out.stdout)
    at_import, drawn = set(seen["import"]), set(seen["drawn"])
    assert not {m for m in at_import if m.startswith(("printkit.kinds.", "printkit.elements.", "printkit.faces"))}
    assert not at_import & {*FEATURES, "printkit.assembly"}, sorted(at_import & {*FEATURES, "printkit.assembly"})
    assert {"printkit.render.pdf", "printkit.layout", "printkit.layout.marks"} <= at_import  # every job's
    assert not drawn & set(FEATURES), sorted(drawn & set(FEATURES))
    # the game's kind, element and engine, and what the sheets' job and the assembly sheet's both use
    assert {"printkit.kinds.card", "printkit.elements.text", "printkit.layout.grid", "printkit.assembly"} <= drawn - at_import
    assert not {m for m in drawn if m.startswith("printkit.kinds.")} - {"printkit.kinds.card"}
    # an unknown kind: every kind is imported, so the problem lists them all, as it always did
    assert seen["unknown"] == [f"{unknown / 'game.toml'}:16: components.card.kind: expected a component kind "
                               "(board, card, lattice-piece, net, pad, standee, token), found \"cart\" "
                               "(did you mean \"card\"?)"]


def test_every_kind_lives_in_the_module_its_name_says() -> None:
    for name, kind in load_kinds().items():
        assert NAME.fullmatch(name), name
        assert module_of("printkit.kinds", name) == kind.model.__module__ == kind.draw.__module__, name
    assert kinds.load_named(["token", "card"]) == [KINDS["card"], KINDS["token"]]
    assert kinds.load_named(["lattice_piece"]) is None and kinds.load_named(["cart"]) is None
    assert kinds.load_named([]) == []


def test_an_engine_is_its_module_s_function_of_the_same_name() -> None:
    engines.load_engines()
    assert sorted(engines.ENGINES) == sorted(engines.NAMES) == ["grid", "pack", "tile"]
    for name, engine in engines.ENGINES.items():
        assert engine.__module__ == f"printkit.layout.{name}" and engine.__name__ == name
    assert {k.layout for k in load_kinds().values()} <= set(engines.NAMES)
    with pytest.raises(KeyError):
        engines.ENGINES["spiral"]


def test_a_table_filled_on_first_use_asks_once_per_name_and_keeps_no_miss() -> None:
    from printkit.registry import OnFirstUse

    asked: list[str] = []

    def find(name: str) -> int:
        asked.append(name)
        if name == "none":
            raise KeyError(name)
        return len(name)

    table = OnFirstUse(find)
    assert table["grid"] == 4 and table["grid"] == 4 and asked == ["grid"]
    with pytest.raises(KeyError):
        table["none"]
    assert "none" not in table and table.get("tile") is None and asked == ["grid", "none"]

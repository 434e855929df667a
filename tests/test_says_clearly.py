"""Issue 15, "says nothing, or says it badly": the messages and the workflow commands.

Bad game folders are in the corpus (tests/bad); here are the cases that need a process of
their own (memory), the workflow commands (new, docs, preview, watch) and the schema.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, copy_game, run_cli

from printkit.cli import main

PEAK_SCRIPT = """
import resource, sys
from pathlib import Path
from printkit.cli import main
code = main(sys.argv[1:])
print(code, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _peak_kb(*argv: str) -> tuple[int, int]:
    done = subprocess.run([sys.executable, "-c", PEAK_SCRIPT, *argv], capture_output=True, text=True, cwd=ROOT, check=False,
                          timeout=240)
    code, peak = done.stdout.split()[-2:]
    return int(code), int(peak)


def test_a_large_unused_file_costs_no_memory(tmp_path: Path) -> None:
    """A 3 GB file the game never names (sparse: no disk used) is neither read nor hashed whole."""
    game = copy_game("shape-cards", tmp_path)
    out = str(tmp_path / "out")
    argv = ("build", "--data", str(tmp_path / "data"), "--out", out, "--quiet", "--no-svg", "--paper", "a4")
    code, baseline = _peak_kb(*argv)
    assert code == 0
    with open(game / "making-of.mp4", "wb") as f:
        f.truncate(3_000_000_000)
    code, peak = _peak_kb(*argv, "--force")
    assert code == 0
    assert peak < baseline + 50_000, f"{peak} KB at peak, {baseline} KB without the file"
    # and an up-to-date check does not read it either (same size: counted by name and size)
    code, peak = _peak_kb(*argv)
    assert code == 0 and peak < baseline + 50_000


def test_inputs_digest_streams_and_hashes_only_what_the_game_uses(tmp_path: Path) -> None:
    from printkit import state

    game = copy_game("shape-cards", tmp_path)
    before = state.inputs_digest(game, "")
    (game / "notes.txt").write_text("draft 1")
    with_notes = state.inputs_digest(game, "")
    assert with_notes != before  # a new file counts (by name and size) ...
    (game / "notes.txt").write_text("draft 2")
    assert state.inputs_digest(game, "") == with_notes  # ... but its content is not read
    (game / "rules" / "rulebook.md").write_text((game / "rules" / "rulebook.md").read_text() + "\nMore.\n")
    assert state.inputs_digest(game, "") != with_notes  # the rules are always read


def test_new_prints_a_command_that_works_from_here(tmp_path: Path) -> None:
    for data in ("data", "my games"):
        made = run_cli("new", "my-game", "--data", data, cwd=tmp_path)
        assert made.returncode == 0, made.stderr
        [line] = [line for line in made.stdout.splitlines() if line.startswith("next: ")]
        command = line.removeprefix("next: ").split("   then open ")[0]
        argv = shlex.split(command)
        assert argv[:3] == ["printkit", "build", "my-game"] and ("--data" in argv) == (data != "data")
        built = run_cli(*argv[1:], "--quiet", "--no-svg", "--paper", "a4", cwd=tmp_path)
        assert built.returncode == 0, built.stderr
        assert (tmp_path / line.split("then open ")[1] / "manifest.json").is_file()
        run_cli("new", "other", cwd=tmp_path)  # the default --data needs no flag
    assert (tmp_path / "data" / "other" / "game.toml").is_file()


def test_docs_check_works_from_any_folder(tmp_path: Path) -> None:
    checked = run_cli("docs", "--check", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert str(ROOT / "docs" / "format.md") in checked.stdout
    assert not (tmp_path / "docs").exists()


def test_first_build_counts_only_the_kit_files(tmp_path: Path) -> None:
    copy_game("shape-cards", tmp_path)
    built = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--paper", "a4", "--json")
    assert built.returncode == 0, built.stderr
    [game] = json.loads(built.stdout)["games"]
    assert ".printkit-state.json" not in game["files"] and ".printkit-state.json" not in game["changed"]
    assert sorted(game["changed"]) == sorted(game["files"])  # a first build changes every file it lists
    assert (tmp_path / "out" / "shape-cards" / ".printkit-state.json").is_file()


def test_preview_takes_any_paper_build_takes_and_says_what_it_does(tmp_path: Path) -> None:
    copy_game("shape-cards", tmp_path)
    out = tmp_path / "out"
    result = run_cli("preview", "--data", str(tmp_path / "data"), "--out", str(out), "--dpi", "10",
                     "--paper", "200x250mm")
    assert result.returncode == 0, result.stderr
    assert "shape-cards: drawing" in result.stdout and "picturing" in result.stdout
    pictures = {p.name for p in (out / "shape-cards" / "preview").iterdir()}
    assert any("-200x250mm-p1.png" in name for name in pictures), pictures
    bad = run_cli("preview", "--data", str(tmp_path / "data"), "--out", str(out), "--paper", "a5")
    assert bad.returncode == 2 and bad.stderr.startswith("error: command line: --paper:"), bad.stderr


def test_a_very_long_name_in_a_table_makes_a_short_file_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Variant keys become file names: a 300-character card name must not exceed the file system's limit."""
    data = tmp_path / "data"
    assert main(["new", "deck", "--data", str(data)]) == 0
    table = data / "deck" / "cards.csv"
    rows = table.read_text().splitlines()
    rows[1] = "m" * 300 + rows[1][rows[1].index(","):]
    rows[2] = "m" * 299 + "n" + rows[2][rows[2].index(","):]
    table.write_text("\n".join(rows) + "\n")
    code = main(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet"])
    assert code == 0, capsys.readouterr().err
    names = [p.name for p in (tmp_path / "out" / "deck" / "svg").iterdir()]
    long = [n for n in names if n.startswith("action-card-mmm")]
    assert len(long) == 2 and all(len(n.encode()) < 200 for n in long), long


def test_watch_says_no_change_and_takes_any_paper(tmp_path: Path) -> None:
    import os

    game = copy_game("shape-cards", tmp_path)
    cmd = [sys.executable, "-m", "printkit", "watch", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"),
           "--paper", "200x250mm", "--max-rebuilds", "1"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None
    lines = []
    while not (lines and lines[-1].startswith("watching")):
        line = proc.stdout.readline()
        assert line, "".join(lines) + (proc.stderr.read() if proc.stderr else "")
        lines.append(line)
    assert lines[0].startswith("built shape-cards in ")
    toml = game / "game.toml"
    toml.write_text(toml.read_text())  # saved, same content
    # "no change" is said once that save's events were handled: the next save is a new event, whenever it comes
    assert proc.stdout.readline() == "shape-cards: no change\n"
    toml.write_text(toml.read_text() + "\n# a comment\n")
    rest, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert rest.startswith("rebuilt shape-cards in ") and "up to date" not in rest, rest
    assert any(p.name.endswith("-200x250mm.pdf") for p in (tmp_path / "out" / "shape-cards").iterdir())


def _games_to_check(tmp_path: Path) -> list[Path]:
    assert main(["new", "scaffold", "--data", str(tmp_path)]) == 0
    games = [p for p in sorted((ROOT / "data").iterdir()) if (p / "game.toml").is_file()]
    games += [p for p in sorted((ROOT / "tests" / "games").iterdir()) if (p / "game.toml").is_file()]
    return [*games, tmp_path / "scaffold"]


def test_schema_validates_every_shipped_game_and_the_scaffold(tmp_path: Path) -> None:
    import tomllib

    import jsonschema

    result = run_cli("schema")
    assert result.returncode == 0, result.stderr
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    games = _games_to_check(tmp_path)
    assert len(games) >= 7
    failures = {}
    for game in games:
        errors = [f"{'.'.join(map(str, e.absolute_path))}: {e.message[:120]}"
                  for e in validator.iter_errors(tomllib.loads((game / "game.toml").read_text()))]
        if errors:
            failures[game.name] = errors[:5]
    assert failures == {}
    # ... and it still says no where printkit says no
    raw = tomllib.loads((ROOT / "data" / "euclidean" / "game.toml").read_text())
    for broken in ({**raw, "palette": {"ink": "navy"}}, {**raw, "colour": 1},
                   {**raw, "checks": [{**raw["checks"][0], "per_player": "two"}] if raw.get("checks") else [{"x": 1}]}):
        assert list(validator.iter_errors(broken)), broken


def test_the_editor_setup_is_documented() -> None:
    text = (ROOT / "docs" / "editors.md").read_text()
    assert "#:schema" in text and "[[rule]]" in text and "printkit schema > game.schema.json" in text
    assert "docs/editors.md" in (ROOT / "README.md").read_text()


def test_a_game_font_lacking_glyphs_is_named_by_its_file(tmp_path: Path) -> None:
    import shutil

    from printkit.build import draw
    from printkit.load import load_game
    from printkit.proof import prove

    game = tmp_path / "data" / "fonted"
    shutil.copytree(ROOT / "tests" / "bad" / "glyphs-missing" / "game", game)
    (game / "fonts").mkdir()
    shutil.copy(ROOT / "printkit" / "fonts" / "DejaVuSans.ttf", game / "fonts" / "Game.ttf")
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace("[palette]", '[print]\nfont = "fonts/Game.ttf"\n\n[palette]'))
    loaded = load_game(game)
    kit = draw(loaded)
    report = prove(loaded, kit.faces)
    [line] = [ln for ln in report.lines if ln.type == "glyphs" and "Game.ttf" in ln.detail]
    assert line.verdict == "fail" and line.detail.startswith('DejaVu Sans ("fonts/Game.ttf") has no glyph')
    assert '"龍" (U+9F8D) in card-dragon' in line.detail and "card-knight" not in line.detail
    assert [ln for ln in prove(loaded).lines if ln.type == "glyphs"] == [], "without the drawn faces no text to check"
    assert prove(loaded, kit.faces, glyphs="warning").warnings  # what a build records


def test_every_before_validator_declares_what_it_accepts() -> None:
    """A BeforeValidator accepts more than its type (a string for a palette colour, a number for a
    list): without `json_schema_input_type` (or a WithJsonSchema) the schema would refuse it."""
    import typing

    from pydantic import BeforeValidator, WithJsonSchema
    from pydantic_core import PydanticUndefined
    from test_docs_and_workflow import all_models

    def groups(ann: object) -> list[list[object]]:
        """The metadata of every Annotated inside a type (list items, dict values, union members)."""
        found = [list(getattr(ann, "__metadata__", ()))]
        return found + [g for arg in typing.get_args(ann) for g in groups(arg)]

    def silent_in(metadata: list[object]) -> bool:
        return any(isinstance(meta, BeforeValidator) and meta.json_schema_input_type is PydanticUndefined
                   for meta in metadata) and not any(isinstance(meta, WithJsonSchema) for meta in metadata)

    silent = [f"{m.__name__}.{name}" for m in all_models() for name, field in m.model_fields.items()
              if any(silent_in(g) for g in [list(field.metadata), *groups(field.annotation)])]
    assert silent == []
    # the walk sees validators nested in a dict's values (the palette's)
    from printkit.model import GameFile
    assert any(isinstance(meta, BeforeValidator) for g in groups(GameFile.model_fields["palette"].annotation) for meta in g)

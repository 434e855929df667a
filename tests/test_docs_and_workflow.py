"""Designer workflow: the generated format docs and JSON Schema cover every field; watch rebuilds what changed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from conftest import ROOT, copy_game, run_cli
from pydantic import BaseModel

from printkit import model
from printkit.docs import format_markdown, json_schema, nested_models, sections
from printkit.kinds import load_kinds


def all_models() -> list[type[BaseModel]]:
    models = [model.GameFile, model.ComponentBase, *(m for _, m in sections())]
    models += list(typing.get_args(typing.get_args(model.Element)[0]))
    models += [k.model for k in load_kinds().values()]
    models += [sub for k in load_kinds().values() for _, sub in nested_models(k.model)]
    return models


def test_docs_file_is_current() -> None:
    assert (ROOT / "docs" / "format.md").read_text() == format_markdown() + "\n", "run `printkit docs`"


def test_every_field_is_in_the_docs_and_the_schema() -> None:
    doc = format_markdown()
    schema = json.dumps(json_schema())
    missing_doc, missing_schema = [], []
    for m in all_models():
        for name, field in m.model_fields.items():
            if name == "transform":  # written as its keys (rotate, origin, ...) on the element: checked below
                assert all(f"| `{k}` |" in doc and f'"{k}"' in schema for k in model.TRANSFORM_KEYS)
                continue
            if f"| `{name}` |" not in doc and name not in ("kind", "type"):  # shown as section titles
                missing_doc.append(f"{m.__name__}.{name}")
            if f'"{name}"' not in schema:
                missing_schema.append(f"{m.__name__}.{name}")
            assert field.description, f"{m.__name__}.{name} has no description"
    assert missing_doc == [] and missing_schema == []


def test_schema_accepts_unit_strings_and_lists_kinds() -> None:
    result = run_cli("schema")
    assert result.returncode == 0
    schema = json.loads(result.stdout)
    text = json.dumps(schema)
    assert '"63mm"' not in text  # the pattern, not examples, describes lengths
    assert "(mm|cm|in|pt|px)" in text
    kinds = set(load_kinds())
    assert all(f'"const": "{k}"' in text or f'"enum": ["{k}"]' in text for k in kinds)


def test_watch_rebuilds_exactly_the_changed_game(tmp_path: Path) -> None:
    game = copy_game("euclidean", tmp_path)
    shutil.copytree(ROOT / "tests" / "games" / "engines", tmp_path / "data" / "engines")
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "printkit", "watch", "--data", str(tmp_path / "data"), "--out", str(out),
           "--paper", "a4", "--max-rebuilds", "1"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                 **{k: v for k, v in os.environ.items() if k.startswith("COVERAGE_")}})
    assert proc.stdout is not None
    lines: list[str] = []
    while not (lines and lines[-1].startswith("watching")):  # until the watcher is up, or watch ends
        line = proc.stdout.readline()
        assert line, "".join(lines) + (proc.stderr.read() if proc.stderr else "")
        lines.append(line)
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace('label = "RED"', 'label = "ROUGE"', 1))
    rest, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    rebuilt = [line for line in rest.splitlines() if line.startswith("rebuilt")]
    assert len(rebuilt) == 1 and rebuilt[0].startswith("rebuilt euclidean in ") and "changed" in rebuilt[0]
    manifest = (out / "euclidean" / "manifest.json").read_text()
    assert json.loads(manifest)["game"] == "euclidean"


def test_build_json_summary_for_scripts(tmp_path: Path) -> None:
    copy_game("euclidean", tmp_path)
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--paper", "a4", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)  # stdout is JSON and nothing else
    [game] = summary["games"]
    assert game["game"] == "euclidean" and game["pieces"] == 80 and game["pages"] == 18 + 2  # card pages + box pages (tuck box, base and lid: two small parts share a page)
    assert "euclidean-cards-a4.pdf" in game["files"] and "manifest.json" in game["changed"]
    assert 0 < game["seconds"] <= summary["seconds"]


def test_new_scaffolds_a_game_that_builds(tmp_path: Path) -> None:
    data = tmp_path / "data"
    title = 'The "Café" \\ Rock\'n\'roll = 1+1 #'  # quotes, a backslash, a formula, a comment sign
    result = run_cli("new", "my-game", "--data", str(data), "--title", title)
    assert result.returncode == 0, result.stderr
    from printkit.load import load_game

    assert load_game(data / "my-game").info.title == title
    assert (data / "my-game" / "game.toml").is_file() and (data / "my-game" / "rules" / "rulebook.md").is_file()
    built = run_cli("build", "--data", str(data), "--out", str(tmp_path / "out"), "--json")
    assert built.returncode == 0, built.stderr
    [game] = json.loads(built.stdout)["games"]
    assert game["pieces"] == 8 + 15 + 1  # the CSV deck's quantities, 5 chips x 3 colours, one board
    assert {"my-game-cards-a4.pdf", "my-game-pieces-a4.pdf", "my-game-board-a4.pdf"} <= set(game["files"])
    proof = run_cli("proof", "my-game", "--data", str(data))
    assert proof.returncode == 0 and "PASS" in proof.stdout, proof.stdout + proof.stderr
    again = run_cli("new", "my-game", "--data", str(data))
    assert again.returncode == 2 and "never overwrites" in again.stderr
    bad = run_cli("new", "My Game!", "--data", str(data))
    assert bad.returncode == 2 and "lowercase" in bad.stderr


@pytest.mark.parametrize("title", ["a {row.title} b", "{{ x }}", "two\nlines", "tab\there", "漢字", "x" * 201])
def test_new_refuses_a_title_it_could_not_print(title: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from printkit.cli import main

    assert main(["new", "g", "--data", str(tmp_path), "--title", title]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: command line: --title: expected a title"), err
    assert not (tmp_path / "g").exists()


@pytest.mark.parametrize("template", ["deck", "board-and-tokens", "hex-map", "standees", "dice"])
def test_every_template_takes_a_title_with_quotes(template: str, tmp_path: Path) -> None:
    from printkit.cli import main
    from printkit.load import load_game

    title = 'Say "hi" \\ it\'s'
    assert main(["new", "g", "--data", str(tmp_path), "--title", title, "--template", template]) == 0
    assert load_game(tmp_path / "g").info.title == title


def test_preview_pictures_every_page(tmp_path: Path) -> None:
    from PIL import Image
    from pypdf import PdfReader

    copy_game("euclidean", tmp_path)
    out = tmp_path / "out"
    result = run_cli("preview", "--data", str(tmp_path / "data"), "--out", str(out), "--dpi", "36")
    assert result.returncode == 0, result.stderr
    preview = out / "euclidean" / "preview"
    pages = len(PdfReader(out / "euclidean" / "euclidean-cards-a4.pdf").pages)
    pictures = sorted(preview.glob("euclidean-cards-a4-p*.png"))
    assert len(pictures) == pages
    with Image.open(pictures[0]) as im:
        assert im.size == (round(210 / 25.4 * 36), round(297 / 25.4 * 36))
    assert (preview / "overview.png").is_file()


def test_ci_runs_the_readme_command_with_lint_and_types_before_the_tests() -> None:
    """.ci/run is the README's second command, and that command runs ruff and mypy before pytest."""
    readme = (ROOT / "README.md").read_text()
    commands = [block.strip() for block in readme.split("```sh\n")[1:3]]
    second = commands[1].split("```")[0].strip()
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert ci == second
    steps = [step.strip() for step in second.split("&&")]
    assert steps.index("ruff check .") < steps.index("mypy printkit") < steps.index("python -m pytest")
    assert steps[-1] == "python -m pytest" and steps[0] == "bash .ci/browser"

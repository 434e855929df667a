"""The corpus of bad game folders in ``tests/bad/``: one planted mistake per folder.

Each case is ``tests/bad/<case>/game/`` (a small game) and ``expect.toml``: the exit
code, message fragments that must each appear, optionally the exact number of
error lines and symlinks to create (git cannot be trusted to keep links that point
outside). Every case must fail with one ``error:`` line per problem, no traceback,
and leave an existing ``out/`` byte-identical.
"""

from __future__ import annotations

import io
import shutil
import tomllib
from pathlib import Path

import pytest
from PIL import Image

from printkit.cli import main

BAD = Path(__file__).resolve().parent / "bad"
CASES = sorted(p for p in BAD.iterdir() if p.is_dir())
SPECS = {p: tomllib.loads((p / "expect.toml").read_text()) for p in CASES}
REFUSED = [p for p in CASES if SPECS[p]["exit"] != 0]
ACCEPTED = [p for p in CASES if SPECS[p]["exit"] == 0]
"""Unlucky but valid input (a byte-order mark, a spreadsheet's separators) is built; what the kit
cannot show as designed (a glyph the font lacks) is a `warning:` and, with `proof_exit`, fails the proof."""


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 0, 0)).save(buf, "PNG")
    return buf.getvalue()


def test_the_corpus_covers_enough_mistakes() -> None:
    assert len(CASES) >= 25
    for case in CASES:
        spec = SPECS[case]
        assert spec["messages"] or (spec["exit"] == 0 and "pieces" in spec), case.name
        assert (case / "game" / "game.toml").is_file(), case.name


@pytest.mark.parametrize("case", REFUSED, ids=lambda p: p.name)
def test_bad_game_is_refused_clearly(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tomllib.loads((case / "expect.toml").read_text())
    data = tmp_path / "data"
    game = data / case.name
    shutil.copytree(case / "game", game)
    (data / "outside.png").write_bytes(png())  # a real picture, just outside the game folder
    (data / "secret").mkdir()  # a folder of text just outside: links to it must never be read
    (data / "secret" / "rulebook.md").write_text("TOP-SECRET\nname,count\nTOP-SECRET,1\n")
    for link, target in spec.get("links", {}).items():
        (game / link).parent.mkdir(parents=True, exist_ok=True)
        (game / link).symlink_to(target)
    out = tmp_path / "out"
    (out / case.name).mkdir(parents=True)
    (out / case.name / "previous.pdf").write_bytes(b"%PDF-1.4 the previous, good kit")
    (out / "other.txt").write_text("not printkit's")
    before = snapshot(out)

    code = main(["build", "--data", str(data), "--out", str(out), "--quiet"])

    err = capsys.readouterr().err
    assert code == spec["exit"], err
    lines = err.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), err
    assert "Traceback" not in err
    for fragment in spec["messages"]:
        assert fragment in err
    if "lines" in spec:
        assert len(lines) == spec["lines"], err
    assert "TOP-SECRET" not in err
    assert snapshot(out) == before, "a refused build must not touch out/"
    assert {p.name for p in out.iterdir()} == {case.name, "other.txt"}, "no staging or temp files"


@pytest.mark.parametrize("case", ACCEPTED, ids=lambda p: p.name)
def test_unlucky_game_is_built_and_warned_about(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    spec = SPECS[case]
    data = tmp_path / "data"
    shutil.copytree(case / "game", data / case.name)
    out = tmp_path / "out"

    code = main(["build", "--data", str(data), "--out", str(out), "--quiet", "--no-svg"])

    err = capsys.readouterr().err
    assert code == 0, err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert all(line.startswith("warning: ") for line in lines), err
    assert len(lines) == len(spec.get("warnings", [])), err
    for fragment in spec.get("warnings", []):
        assert fragment in err
    manifest = json.loads((out / case.name / "manifest.json").read_text())
    assert sum(c["pieces"] for c in manifest["components"].values()) == spec["pieces"]
    if "proof_exit" in spec:
        code = main(["proof", "--data", str(data)])
        captured = capsys.readouterr()
        assert code == spec["proof_exit"], captured.out + captured.err
        report = " ".join(captured.out.split())  # the table wraps long lines
        for fragment in spec["proof_messages"]:
            assert " ".join(fragment.split()) in report, captured.out

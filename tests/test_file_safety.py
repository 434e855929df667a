"""No command deletes or changes a file it did not write, every game has one safe kit folder,
and whatever a killed build left behind goes with the next run of any command."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.output import STAGING

TINY = Path(__file__).resolve().parent / "games" / "tiny"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    shutil.copytree(TINY, tmp_path / "data" / "tiny")
    return tmp_path / "data"


def build(data: Path, out: Path, *more: str) -> int:
    return main(["build", "--data", str(data), "--out", str(out), "--quiet", *more])


def test_proof_out_into_a_built_kit_removes_nothing(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(data, out) == 0
    (out / "tiny" / "notes.txt").write_text("mine")
    before = snapshot(out)
    assert len(before) > 10
    assert main(["proof", "--data", str(data), "--out", str(out), "--json"]) == 0
    after = snapshot(out)
    assert set(after) == set(before), "proof --out removed or added files"
    changed = {k for k in after if after[k] != before[k]}
    assert changed <= {"tiny/proof.json", "tiny/tiny-proof.pdf"}, changed
    assert build(data, out) == 0  # the kit is still whole: up to date, nothing to rebuild
    assert snapshot(out) == after


def test_proof_out_into_a_fresh_folder_writes_just_the_proof(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "proofs"
    assert main(["proof", "--data", str(data), "--out", str(out), "--json"]) == 0
    assert sorted(snapshot(out)) == ["tiny/proof.json", "tiny/tiny-proof.pdf"]


@pytest.mark.parametrize("name, fragment", [
    (".hidden", "does not start with a dot"),
    ("a" * 120, "at most 100 characters"),
    ("bad\x01name", "control characters"),
    ("tab\tname", "control characters"),
    ("con", "reserved by Windows"),
    ("LPT1.txt", "reserved by Windows"),
    ("trailing.", "end with a dot"),
    (" spaced", "start or end with a space"),
    ("a:b", "control characters or any of"),
])
def test_an_odd_game_folder_name_is_refused(data: Path, tmp_path: Path, name: str, fragment: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    odd = data / name
    shutil.copytree(TINY, odd)
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    assert main(["build", str(odd), "--data", str(data), "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1 and fragment in err, err
    assert "Traceback" not in err
    assert snapshot(out) == {"keep.txt": b"mine"}


def test_hidden_folders_are_not_games(data: Path, tmp_path: Path) -> None:
    shutil.copytree(TINY, data / ".backup")
    out = tmp_path / "out"
    assert build(data, out) == 0
    assert sorted(p.name for p in out.iterdir()) == ["tiny"]


@pytest.mark.parametrize("arg", [".", "./", "../tiny", "sub/.."])
def test_a_game_named_by_a_dot_path_builds_into_its_own_folder(data: Path, tmp_path: Path, arg: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    (data / "tiny" / "sub").mkdir()
    monkeypatch.chdir(data / "tiny")
    out = tmp_path / "out"
    assert main(["build", arg, "--out", str(out), "--quiet"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["tiny"]
    assert (out / "tiny" / "tiny-cards-a4.pdf").is_file()


def test_names_differing_only_by_case_are_refused(data: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(TINY, data / "Tiny")
    out = tmp_path / "out"
    assert build(data, out) == 2
    err = capsys.readouterr().err
    assert "upper/lower case" in err and "Tiny" in err, err
    assert not out.exists()


def test_an_output_folder_inside_the_game_folder_is_refused(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(data)
    assert build(data, data) == 2
    assert "--out" in capsys.readouterr().err
    assert snapshot(data) == before


def dead_staging(out: Path) -> Path:
    """What a build killed with SIGKILL mid-write leaves: a staging folder whose lock nobody holds."""
    area = out / STAGING
    (area / "tiny~4194999~00ff" / "svg").mkdir(parents=True)
    (area / "tiny~4194999~00ff" / "svg" / "half.svg").write_bytes(b"<svg")
    (area / "tiny~4194999~00ff.lock").write_bytes(b"")
    return area


@pytest.mark.parametrize("command", [
    ["build", "--quiet"], ["proof", "--json"], ["list"], ["preview", "--dpi", "10"],
])
def test_any_next_command_sweeps_a_dead_builds_staging(data: Path, tmp_path: Path, command: list[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    assert build(data, out) == 0  # so the next build finds the game up to date
    kit = snapshot(out / "tiny")
    area = dead_staging(out)
    (out / "tiny" / STAGING).mkdir()  # a staging area inside a kit (preview writes there)
    monkeypatch.chdir(tmp_path)  # `list` has no --out: it sweeps ./out
    args = [command[0], "--data", str(data), *command[1:]]
    if command[0] in ("build", "preview"):
        args += ["--out", str(out)]
    assert main(args) == 0
    assert not area.exists() and not (out / "tiny" / STAGING).exists()
    now = snapshot(out / "tiny")
    assert {k: v for k, v in now.items() if not k.startswith("preview/")} == kit


def test_a_template_included_through_a_link_outside_is_never_read(data: Path, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("TOP-SECRET")
    rules = data / "tiny" / "rules"
    rules.mkdir()
    (rules / "rulebook.md").write_text('{% extends "base/rulebook.md" %}\n{% block intro %}'
                                       '{% include "parts/mine.md" %}{% endblock %}\n')
    (rules / "parts").mkdir()
    (rules / "parts" / "mine.md").symlink_to(secret)
    out = tmp_path / "out"
    assert build(data, out) == 2
    err = capsys.readouterr().err
    assert "rules/parts/mine.md: expected a template inside the game folder" in err and "TOP-SECRET" not in err
    assert not out.exists()


def test_a_link_that_stays_inside_the_game_folder_is_fine(data: Path, tmp_path: Path) -> None:
    game = data / "tiny"
    (game / "text").mkdir()
    (game / "text" / "intro.md").write_text('{% extends "base/rulebook.md" %}\n{% block intro %}Linked intro.{% endblock %}\n')
    (game / "rules").mkdir()
    (game / "rules" / "rulebook.md").symlink_to(Path("..") / "text" / "intro.md")
    out = tmp_path / "out"
    assert build(data, out) == 0
    assert "Linked intro." in (out / "tiny" / "tiny-rules.html").read_text()


def test_a_game_toml_linking_outside_is_refused(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = data / "tiny"
    (tmp_path / "elsewhere.toml").write_bytes((game / "game.toml").read_bytes())
    (game / "game.toml").unlink()
    (game / "game.toml").symlink_to(tmp_path / "elsewhere.toml")
    assert build(data, tmp_path / "out") == 2
    assert "expected a game.toml inside the game folder" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["con", "lpt1"])
def test_new_refuses_a_name_no_kit_folder_can_have(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", name, "--data", str(tmp_path / "data")]) == 2
    assert "reserved by Windows" in capsys.readouterr().err
    assert not (tmp_path / "data" / name).exists()


def test_new_never_replaces_a_link(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "mine").symlink_to(tmp_path / "nowhere")
    assert main(["new", "mine", "--data", str(tmp_path / "data")]) == 2
    assert (tmp_path / "data" / "mine").is_symlink() and not (tmp_path / "nowhere").exists()

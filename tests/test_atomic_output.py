"""Outputs are replaced as a whole: never half-written, never a mix, stale files dropped, foreign files kept."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import copy_game, run_cli

from printkit import output
from printkit.output import OutputError, write_all
from printkit.state import STATE


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def kit(files: dict[str, bytes]) -> dict[str, bytes]:
    """Files as build() hands them over: with the state record naming what printkit wrote."""
    return {**files, STATE: json.dumps({"files": sorted(files)}).encode()}


def test_unchanged_files_are_not_rewritten(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    assert write_all(out, kit({"a.pdf": b"A", "svg/b.svg": b"B"})) == [STATE, "a.pdf", "svg/b.svg"]
    inode = (out / "a.pdf").stat().st_ino
    assert write_all(out, kit({"a.pdf": b"A", "svg/b.svg": b"B"})) == []
    assert write_all(out, kit({"a.pdf": b"A", "svg/b.svg": b"B2"})) == ["svg/b.svg"]
    assert (out / "a.pdf").stat().st_ino == inode, "an identical file is carried over, not rewritten"
    assert snapshot(out)["svg/b.svg"] == b"B2"


def test_stale_outputs_go_and_files_printkit_did_not_write_stay(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, kit({"a.pdf": b"A", "svg/old.svg": b"O"}))
    (out / "notes.txt").write_text("the designer's own notes")
    changed = write_all(out, kit({"a.pdf": b"A", "svg/new.svg": b"N"}))
    assert set(snapshot(out)) == {STATE, "a.pdf", "svg/new.svg", "notes.txt"}
    assert "svg/old.svg" in changed and "svg/new.svg" in changed
    assert (out / "notes.txt").read_text() == "the designer's own notes"


def test_without_a_record_nothing_unknown_is_deleted(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    out.mkdir(parents=True)
    (out / "mine.pdf").write_bytes(b"not from this printkit")
    write_all(out, kit({"a.pdf": b"A"}))
    assert (out / "mine.pdf").read_bytes() == b"not from this printkit"


@pytest.mark.parametrize("exchange", [True, False], ids=["renameat2", "two-renames"])
def test_an_interruption_while_writing_leaves_the_previous_kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               exchange: bool) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, kit({f"svg/{i}.svg": b"old %d" % i for i in range(10)}))
    before = snapshot(out)
    if not exchange:
        monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    calls = {"n": 0}
    real = output._put

    def flaky(path: str, data: bytes) -> None:
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        real(path, data)

    monkeypatch.setattr(output, "_put", flaky)
    with pytest.raises(KeyboardInterrupt):
        write_all(out, kit({f"svg/{i}.svg": b"new %d" % i for i in range(10)}))
    assert snapshot(out) == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["game"], "no staging folder left behind"
    monkeypatch.setattr(output, "_put", real)
    write_all(out, kit({f"svg/{i}.svg": b"new %d" % i for i in range(10)}))
    assert snapshot(out)["svg/3.svg"] == b"new 3"
    assert sorted(p.name for p in out.parent.iterdir()) == ["game"]


def test_leftovers_of_a_killed_build_are_cleaned_or_put_back(tmp_path: Path) -> None:
    """A dead writer's lock is free: its staging folder goes, a kit it had moved aside comes back."""
    parent = tmp_path / "out"
    area = parent / output.STAGING
    (area / "game~99~ab" / "svg").mkdir(parents=True)
    (area / "game~99~ab" / "svg" / "half.svg").write_bytes(b"<svg")
    (area / "game~99~ab.lock").write_bytes(b"")
    (area / "other~98~cd.old").mkdir()
    (area / "other~98~cd.old" / "kit.pdf").write_bytes(b"the other game's kit, moved aside when the build died")
    (area / "other~98~cd.lock").write_bytes(b"")
    (area / "orphan~97~ef").mkdir()  # killed after removing its lock, before removing its folder
    write_all(parent / "game", kit({"a.pdf": b"A"}))
    assert (parent / "other" / "kit.pdf").read_bytes().startswith(b"the other game's kit")
    assert sorted(p.name for p in parent.iterdir()) == ["game", "other"]


def test_leftovers_named_the_old_way_are_cleaned_or_put_back(tmp_path: Path) -> None:
    dead = 2**22 + 12345  # above the default pid_max: no such process
    parent = tmp_path / "out"
    staging = parent / f".game{output.LEGACY_STAGING}{dead}"
    (staging / "svg").mkdir(parents=True)
    (staging / "svg" / "half.svg").write_bytes(b"<svg")
    aside = parent / f".other{output.LEGACY_OLD}{dead}"
    aside.mkdir()
    (aside / "kit.pdf").write_bytes(b"the other game's kit, moved aside when the build died")
    write_all(parent / "game", kit({"a.pdf": b"A"}))
    assert not staging.exists()
    assert (parent / "other" / "kit.pdf").read_bytes().startswith(b"the other game's kit")
    assert sorted(p.name for p in parent.iterdir()) == ["game", "other"]


def test_a_live_writers_staging_folder_is_not_swept(tmp_path: Path) -> None:
    parent = tmp_path / "out"
    parent.mkdir()
    with output._Stage(parent, "game") as stage:
        (stage.dir / "half.pdf").write_bytes(b"%PDF")
        output.sweep(parent)
        assert (stage.dir / "half.pdf").read_bytes() == b"%PDF", "a running build's files were swept"
    assert sorted(p.name for p in parent.iterdir()) == []


def test_sweeping_touches_nothing_but_printkits_staging(tmp_path: Path) -> None:
    parent = tmp_path / "out"
    for name in (".game.printkit-staging", "notes.printkit-staging-1", ".hidden", "game~1~ab.lock"):
        (parent / name).mkdir(parents=True)
        (parent / name / "keep.txt").write_text("mine")
    before = snapshot(parent)
    output.sweep(parent)
    assert snapshot(parent) == before


def test_writing_single_files_removes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, kit({"a.pdf": b"A", "proof.json": b"{}", "svg/b.svg": b"B"}))
    before = snapshot(out)
    assert output.write_files(out, {"proof.json": b'{"new": 1}', "game-proof.pdf": b"%PDF"}) == \
        ["game-proof.pdf", "proof.json"]
    after = snapshot(out)
    assert after == {**before, "proof.json": b'{"new": 1}', "game-proof.pdf": b"%PDF"}
    assert sorted(p.name for p in out.iterdir()) == sorted({*before, "game-proof.pdf"} - {"svg/b.svg"} | {"svg"})


def test_a_users_links_and_folders_in_a_kit_are_carried_over(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, kit({"a.pdf": b"A"}))
    (tmp_path / "elsewhere.txt").write_text("the user's")
    (out / "link.txt").symlink_to(tmp_path / "elsewhere.txt")
    (out / "empty").mkdir()
    write_all(out, kit({"a.pdf": b"A2"}))
    assert (out / "link.txt").is_symlink() and os.readlink(out / "link.txt") == str(tmp_path / "elsewhere.txt")
    assert (out / "empty").is_dir()
    assert (tmp_path / "elsewhere.txt").read_text() == "the user's"


def test_a_users_link_where_an_output_belongs_is_not_replaced(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    out.mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (out / "svg").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(OutputError, match="not a file printkit wrote"):
        write_all(out, kit({"svg/a.svg": b"A"}))
    assert (out / "svg").is_symlink() and list((tmp_path / "elsewhere").iterdir()) == []


def test_a_file_where_the_kit_folder_belongs_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "out" / "game"
    target.parent.mkdir()
    target.write_text("the user's file")
    with pytest.raises(OutputError, match="is a file"):
        write_all(target, kit({"a.pdf": b"A"}))
    assert target.read_text() == "the user's file"


@pytest.mark.parametrize("rel", ["../escape.pdf", "/tmp/x.pdf", "a/../../b.svg", "", "svg/..", "a\\..\\b"])
def test_output_names_cannot_leave_the_kit_folder(tmp_path: Path, rel: str) -> None:
    with pytest.raises(OutputError):
        write_all(tmp_path / "out" / "game", {rel: b"x"})
    assert not (tmp_path / "out" / "game").exists()


def test_an_output_folder_that_cannot_be_made_is_one_error_line(tmp_path: Path) -> None:
    copy_game("euclidean", tmp_path)
    blocker = tmp_path / "out"
    blocker.write_text("a file where the output folder should be")
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(blocker), "--quiet")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("error: ") and len(result.stderr.strip().splitlines()) == 1
    assert blocker.read_text() == "a file where the output folder should be"


def test_a_kit_folder_that_is_a_link_is_not_replaced(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "mine.txt").write_text("the user's")
    out = tmp_path / "out" / "game"
    out.parent.mkdir()
    out.symlink_to(elsewhere)
    with pytest.raises(OutputError, match="is a link"):
        write_all(out, kit({"a.pdf": b"A"}))
    assert out.is_symlink() and sorted(p.name for p in elsewhere.iterdir()) == ["mine.txt"]
    assert output.write_files(out, {"proof.json": b"{}"}) == ["proof.json"]  # single files go through it
    assert (elsewhere / "proof.json").read_bytes() == b"{}"

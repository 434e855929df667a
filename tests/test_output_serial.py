"""The parent's serial work once a build's workers are done (issue 29): output names checked by string
tests, old files compared without asking first, the manifest dumped once and its counts kept."""

from __future__ import annotations

import json
import os
from pathlib import Path, PurePosixPath
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from printkit import output
from printkit.build import KitFiles, Part, assemble, dump_manifest
from printkit.load import load_game
from printkit.options import BuildOptions
from printkit.output import STAGING, OutputError, write_all
from printkit.state import STATE, up_to_date

TESTS = Path(__file__).parent


def refused_by_pathlib(rel: str) -> bool:
    """``safe_rel`` as it was, with PurePosixPath: the reference the string tests must agree with."""
    parts = PurePosixPath(rel).parts
    return (not parts or PurePosixPath(rel).is_absolute() or any(p in ("..", ".", "") for p in parts)
            or "\\" in rel or "\x00" in rel or parts[0] == STAGING)


PIECES = st.sampled_from(["a", "b.svg", ".", "..", "...", "/", "//", "\\", "\x00", STAGING, f"{STAGING}x", " ", "é"])
NAMES = st.one_of(st.lists(PIECES, max_size=8).map("".join), st.text(max_size=12))


@given(NAMES)
@example(".")
@example("./")
@example("a/./b")
@example("./a")
@example("a/.")
@example("a//b")
@example("a/")
@example("//a")
@example(f"./{STAGING}/x")
@example(STAGING)
@example("a/../b")
@example("...")
def test_output_names_are_refused_exactly_as_pathlib_would(rel: str) -> None:
    if refused_by_pathlib(rel):
        with pytest.raises(OutputError):
            output.safe_rel(rel)
    else:
        assert output.safe_rel(rel) == rel
        assert output._parts(rel) == list(PurePosixPath(rel).parts)


def kit(files: dict[str, bytes]) -> dict[str, bytes]:
    return {**files, STATE: json.dumps({"files": sorted(files)}).encode()}


def test_a_users_file_where_a_deeper_folder_belongs_is_refused_after_its_parent_passed(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, kit({"svg/a.svg": b"A"}))
    (out / "svg" / "x").write_bytes(b"the user's")
    with pytest.raises(OutputError, match="svg/x is not a file printkit wrote"):
        write_all(out, kit({"svg/a.svg": b"A", "svg/b.svg": b"B", "svg/x/c.svg": b"C"}))
    assert (out / "svg" / "x").read_bytes() == b"the user's"


def test_many_new_files_are_all_written_and_all_changed(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, kit({"svg/keep.svg": b"K", "old.pdf": b"O"}))
    files = kit({"svg/keep.svg": b"K", **{f"svg/{n:03}.svg": b"%d" % n for n in range(300)}, "a/b/c.txt": b"C"})
    changed = write_all(out, files)
    assert changed == sorted([*(f for f in files if f != "svg/keep.svg"), "old.pdf"])
    assert {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()} == files


@pytest.mark.parametrize("listed", [True, False])
def test_an_old_file_is_the_same_only_when_it_holds_exactly_the_bytes(tmp_path: Path, listed: bool) -> None:
    path = tmp_path / "a.svg"
    path.write_bytes(b"<svg/>")
    assert output._same(str(path), b"<svg/>", listed) is True
    assert output._same(str(path), b"<svG/>", listed) is False  # the same size: edited
    assert output._same(str(path), b"<svg", listed) is False
    assert output._same(str(path), b"<svg/>\n", listed) is False
    assert output._same(str(tmp_path / "gone.svg"), b"", listed) is False
    assert output._same(str(tmp_path), b"", listed) is False


@pytest.mark.parametrize("listed", [True, False])
def test_a_link_to_the_same_bytes_is_not_an_unchanged_output(tmp_path: Path, listed: bool) -> None:
    (tmp_path / "elsewhere.svg").write_bytes(b"<svg/>")
    (tmp_path / "a.svg").symlink_to(tmp_path / "elsewhere.svg")
    assert output._same(str(tmp_path / "a.svg"), b"<svg/>", listed) is False


def test_what_no_listing_found_a_file_is_never_opened_to_compare(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Files of ``write_files`` (no listing first): a fifo, a device, a link is never opened."""
    fifo = tmp_path / "a.svg"
    os.mkfifo(fifo)
    (tmp_path / "b.svg").symlink_to("/dev/null")
    opened: list[str] = []
    real = os.open
    monkeypatch.setattr(output.os, "open", lambda path, *a, **k: opened.append(path) or real(path, *a, **k))
    for path in (str(fifo), "/dev/null", str(tmp_path / "b.svg"), str(tmp_path)):
        assert output._same(path, b"", listed=False) is False
    assert opened == []
    assert output._listing(tmp_path) == {"a.svg": "other", "b.svg": "link"}


def test_an_output_named_where_another_output_needs_a_folder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, kit({"svg/x": b"X"}))
    with pytest.raises(OutputError, match="svg/x is not a file printkit wrote"):
        write_all(out, kit({"svg/x": b"X", "svg/x/c.svg": b"C"}))
    assert (out / "svg" / "x").read_bytes() == b"X"


def old_dump(manifest: dict[str, Any]) -> bytes:
    """``dump_manifest`` as it was: each placement encoded by its own call."""
    rows: dict[str, list[str]] = {}
    shallow = {**manifest, "sheets": {}}
    for name, sheet in manifest["sheets"].items():
        marker = f"@@placements:{len(rows)}@@"
        rows[marker] = [json.dumps(p, ensure_ascii=False) for p in sheet["placements"]]
        shallow["sheets"][name] = {**sheet, "placements": marker}
    text = json.dumps(shallow, indent=2, ensure_ascii=False)
    for marker, lines in rows.items():
        body = "[\n" + ",\n".join("        " + line for line in lines) + "\n      ]" if lines else "[]"
        text = text.replace(f'"{marker}"', body)
    return (text + "\n").encode("utf-8")


TEXTS = st.one_of(st.sampled_from(["}, {", "}", "{", ", ", "é", "\x01", "\\u00e9"]), st.text(max_size=6))
VALUES = st.recursive(st.one_of(TEXTS, st.integers(), st.floats(allow_nan=False), st.booleans(), st.none()),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXTS, inner, max_size=3),
                      max_leaves=6)
PLACEMENTS = st.lists(st.one_of(st.dictionaries(TEXTS, VALUES, max_size=4), VALUES), max_size=5)


@given(st.lists(PLACEMENTS, max_size=3))
def test_placements_are_dumped_as_each_alone_would_be(sheets: list[list[Any]]) -> None:
    manifest = {"game": "g", "sheets": {f"g-{n}.pdf": {"pages": n, "placements": p} for n, p in enumerate(sheets)}}
    assert dump_manifest(manifest) == old_dump(manifest)


def test_a_deck_of_placements_is_dumped_as_each_alone_would_be() -> None:
    rows = [{"component": "card", "piece": f"card-{n}", "copy": 1, "face": "front", "page": n // 9 + 1,
             "trim": [10.5 + n % 3, 16.5, 63.0, 88.0], "rotated": False} for n in range(40)]
    manifest = {"sheets": {"a.pdf": {"pages": 5, "placements": rows}, "b.pdf": {"pages": 0, "placements": []}}}
    assert dump_manifest(manifest) == old_dump(manifest)


def test_the_assembled_files_count_the_pages_and_pieces_their_manifest_states() -> None:
    game = load_game(TESTS / "games" / "tiny")
    sheets = {"tiny-cards-a4.pdf": {"pages": 3, "placements": []}, "tiny-cards-letter.pdf": {"pages": 4, "placements": []}}
    parts = [Part({"x.pdf": b"x"}, {"sheets": sheets}), Part(manifest={"box_sheets": {"tiny-boxes-a4.pdf": {"pages": 2}}})]
    files = assemble(game, BuildOptions(), parts)
    manifest = json.loads(files["manifest.json"])
    assert isinstance(files, KitFiles) and files["x.pdf"] == b"x"
    assert files.pages == 9 == sum(s["pages"] for s in [*manifest["sheets"].values(), *manifest["box_sheets"].values()])
    assert files.pieces == 3 == sum(c["pieces"] for c in manifest["components"].values())


def test_a_kit_is_up_to_date_only_while_every_recorded_file_is_inside_it(tmp_path: Path) -> None:
    kit_dir = tmp_path / "out" / "game"
    write_all(kit_dir, {"a.pdf": b"A", "svg/b.svg": b"B",
                        STATE: json.dumps({"inputs": "x", "files": ["a.pdf", "svg/b.svg"]}).encode()})
    assert up_to_date(kit_dir, "x") is True and up_to_date(kit_dir, "y") is False
    (kit_dir / "svg" / "b.svg").unlink()
    assert up_to_date(kit_dir, "x") is False
    (kit_dir / "svg" / "b.svg").mkdir()
    assert up_to_date(kit_dir, "x") is False
    elsewhere = tmp_path / "elsewhere.pdf"
    elsewhere.write_bytes(b"not the kit's")  # a record naming a file outside the kit: that file is not the kit's
    (kit_dir / STATE).write_text(json.dumps({"inputs": "x", "files": ["a.pdf", str(elsewhere)]}))
    assert up_to_date(kit_dir, "x") is False

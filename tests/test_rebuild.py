"""No-change rebuilds: content hashes of the inputs decide what is out of date; --force rebuilds all."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import copy_game, run_cli


def test_unchanged_inputs_are_not_rebuilt_and_a_change_is(tmp_path: Path) -> None:
    game = copy_game("euclidean", tmp_path)
    out = tmp_path / "out"
    data = str(tmp_path / "data")
    assert run_cli("build", "--data", data, "--out", str(out), "--paper", "a4", "--quiet").returncode == 0
    pdf = out / "euclidean" / "euclidean-cards-a4.pdf"
    stamp = pdf.stat().st_mtime_ns
    again = run_cli("build", "--data", data, "--out", str(out), "--paper", "a4")
    assert again.returncode == 0 and "up to date: euclidean" in again.stdout
    assert pdf.stat().st_mtime_ns == stamp
    # A different paper is a different output set: not up to date.
    other = run_cli("build", "--data", data, "--out", str(out), "--paper", "letter")
    assert other.returncode == 0 and "up to date" not in other.stdout
    # Changing the data rebuilds.
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace('label = "RED"', 'label = "ROUGE"', 1))
    changed = run_cli("build", "--data", data, "--out", str(out), "--paper", "a4")
    assert changed.returncode == 0 and "up to date" not in changed.stdout
    assert pdf.stat().st_mtime_ns != stamp
    # --force rebuilds although nothing changed, and rewrites nothing that is already identical.
    forced = run_cli("build", "--data", data, "--out", str(out), "--paper", "a4", "--force")
    assert forced.returncode == 0 and "up to date" not in forced.stdout


def test_a_deleted_output_makes_the_game_stale(tmp_path: Path) -> None:
    copy_game("euclidean", tmp_path)
    out = tmp_path / "out"
    data = str(tmp_path / "data")
    assert run_cli("build", "--data", data, "--out", str(out), "--paper", "a4", "--quiet").returncode == 0
    (out / "euclidean" / "manifest.json").unlink()
    again = run_cli("build", "--data", data, "--out", str(out), "--paper", "a4")
    assert again.returncode == 0 and "up to date" not in again.stdout
    assert (out / "euclidean" / "manifest.json").is_file()


def test_the_inputs_digest_does_not_depend_on_where_the_game_lives(tmp_path: Path) -> None:
    """Copies of a game in folders that sort before and after printkit's own folder hash the same."""
    import shutil
    import tempfile

    from conftest import DATA, ROOT

    from printkit.state import inputs_digest

    # "!" sorts before and "~" after "printkit", wherever the checkout is.
    roots = [Path(tempfile.mkdtemp(prefix=prefix, dir=ROOT)) for prefix in ("!digest-", "~digest-")]
    try:
        before, after = (root / "euclidean" for root in roots)
        for copy in (before, after):
            shutil.copytree(DATA / "euclidean", copy)
        assert str(before) < str(ROOT / "printkit") < str(after)
        assert inputs_digest(before, "x") == inputs_digest(after, "x") == inputs_digest(DATA / "euclidean", "x")
        assert inputs_digest(before, "x") != inputs_digest(before, "y")
    finally:
        for root in roots:
            shutil.rmtree(root, ignore_errors=True)


def test_a_table_given_as_a_file_key_is_hashed_whole(tmp_path: Path) -> None:
    """`table = { file = "cards.xlsx", sheet = ... }` names a file as `table = "..."` does: an edit that
    keeps its size is a change."""
    from printkit.state import inputs_digest

    (tmp_path / "game.toml").write_text('[[components]]\nid = "c"\ntable = { file = "cards.csv", sheet = "S" }\n')
    (tmp_path / "cards.csv").write_text("name\nalpha\n")
    before = inputs_digest(tmp_path, "x")
    (tmp_path / "cards.csv").write_text("name\nomega\n")
    assert inputs_digest(tmp_path, "x") != before


def test_printkit_s_own_files_count_by_path_size_and_times_and_are_not_read(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """printkit's code and fonts (4 MB) are known by their stamps, not read on every build: a file edited,
    touched or added changes the digest; a file of another kind does not count."""
    import os

    from printkit import state

    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "a.py").write_text("x = 1\n")
    (pkg / "sub" / "font.ttf").write_bytes(b"\0" * 64)
    (pkg / "sub" / "a.cpython-311.pyc").write_bytes(b"compiled")

    def digest() -> bytes:
        return state.tree_digest(pkg, "printkit", state.CODE_FILES)

    def unread(*args: object, **kwargs: object) -> object:
        raise AssertionError("a file of printkit's own was read")

    monkeypatch.setattr(state, "file_digest", unread)
    monkeypatch.setattr("builtins.open", unread)
    first = digest()
    assert digest() == first
    (pkg / "sub" / "a.cpython-311.pyc").write_bytes(b"compiled again, longer")
    assert digest() == first  # bytecode is not printkit's input
    st = os.stat(pkg / "a.py")
    os.utime(pkg / "a.py", ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    touched = digest()
    assert touched != first
    (pkg / "sub" / "font.ttf").write_bytes(b"\0" * 65)
    resized = digest()
    assert resized not in (first, touched)
    (pkg / "b.j2").write_text("{{ x }}")
    assert digest() not in (first, touched, resized)
    monkeypatch.undo()
    assert state._code_digest() == state.tree_digest(Path(state.__file__).parent, "printkit", state.CODE_FILES)


def test_a_package_that_is_no_folder_stamps_nothing(tmp_path: Path) -> None:
    """printkit run from an archive has no folder of its own to stamp: its code counts for nothing, as a
    glob over it found nothing before, instead of failing every build."""
    from printkit import state

    archive = tmp_path / "printkit.zip"
    archive.write_bytes(b"PK")
    assert state.tree_digest(archive, "printkit", state.CODE_FILES) == state.tree_digest(
        tmp_path / "absent", "printkit", state.CODE_FILES)
    (tmp_path / "pkg").mkdir()
    assert state.tree_digest(tmp_path / "pkg", "printkit", state.CODE_FILES) == state.tree_digest(
        archive, "printkit", state.CODE_FILES)

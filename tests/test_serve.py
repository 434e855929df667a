"""`printkit serve` over plain HTTP: it listens on the loopback address only, serves the game's own
outputs and nothing else (no listing, no way out of the kit, encoded or not), says what the page
shows, refuses a taken port in one line and stops on Ctrl-C with 130. (tests/test_serve_browser.py
drives the page in a browser.)"""

from __future__ import annotations

import http.client
import json
import os
import select
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import run_cli

from benchmarks.browser import Served, serve
from printkit.errors import DataError
from printkit.load import load_game

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "games" / "preview"
SECRET = "not for the page"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, Path]]:
    """The example game served, with a file of the user's in its kit folder and one beside the kits;
    ``--open`` tells the "web browser" (a command writing to a pipe, tests/test_serve.py reads it)."""
    tmp = tmp_path_factory.mktemp("serve")
    shutil.copytree(GAME, tmp / "data" / "preview")
    (tmp / "out" / "preview").mkdir(parents=True)
    (tmp / "out" / "preview" / "notes.txt").write_text(SECRET)
    (tmp / "out" / "secret.txt").write_text(SECRET)
    os.mkfifo(tmp / "opened")
    with serve(tmp, "preview", "--data", "data", "--out", "out", "--open",
               env={"BROWSER": f"sh -c 'echo %s > {tmp / 'opened'}'"}) as running:
        running.line("built preview")
        yield running, tmp
        code, err = running.interrupt()
        assert code == 130, err
        assert err.strip().splitlines()[-1] == "interrupted: outputs already in place are unchanged"


def get(url: str, path: str, host: str | None = None, method: str = "GET") -> tuple[int, bytes, dict[str, str]]:
    """A request sent with ``path`` exactly as given (no client-side normalising or quoting)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        conn.putrequest(method, path, skip_host=True)
        conn.putheader("Host", host or parts.netloc)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, response.read(), {k.lower(): v for k, v in response.getheaders()}
    finally:
        conn.close()


def test_serves_the_page_and_the_games_outputs(served: tuple[Served, Path]) -> None:
    running, tmp = served
    status, body, _ = get(running.url, "/")
    assert status == 200 and b"printkit preview" in body
    status, body, _ = get(running.url, "/api/game/preview")
    data: dict[str, Any] = json.loads(body)
    assert status == 200 and data["errors"] == [] and data["kit"]["title"] == "Preview example"
    faces = {f["ref"]: f for f in data["kit"]["faces"]}
    claim = faces["action-card-claim"]
    assert (claim["count"], claim["width"], claim["height"], claim["sets"]) == (3, 63.0, 88.0, {"colour": "red"})
    assert claim["source"][0] == {"file": "data/preview/cards.csv", "line": 3, "row": 3, "fields": {
        "name": "claim", "title": "Claim", "colour": "red", "icon": "flame", "text": "Place a chip on an empty space.",
        "quantity": "3"}}
    assert faces["chip-blue"]["source"][0]["key"] == "sets.colour[1]"
    assert faces["chip-blue"]["source"][0]["line"] == (GAME / "game.toml").read_text().splitlines().index(
        "[[sets.colour]]", 22) + 1  # the second record's header line
    assert faces["action-card-back"]["count"] == 8 and faces["action-card-back"]["back"]
    # every face's picture is the kit's own SVG of it, served as written
    status, body, headers = get(running.url, "/g/preview/" + claim["src"])
    assert status == 200 and body == (tmp / "out" / "preview" / "svg" / "action-card-claim.svg").read_bytes()
    assert headers["content-type"].startswith("image/svg+xml")
    assert "sandbox" in headers["content-security-policy"]  # shown, never run
    sheet = data["kit"]["sheets"][0]
    status, body, headers = get(running.url, f"/g/preview/page/1/{sheet['file']}?v={sheet['v']}")
    assert status == 200 and body.startswith(b"\x89PNG") and headers["cache-control"].startswith("max-age")


def test_open_opens_the_page_in_the_browser(served: tuple[Served, Path]) -> None:
    running, tmp = served
    fd = os.open(tmp / "opened", os.O_RDONLY | os.O_NONBLOCK)
    try:
        said = b""
        while not said.endswith(b"\n"):
            ready, _, _ = select.select([fd], [], [], 30)
            assert ready, "the browser was not opened"
            said += os.read(fd, 4096)
    finally:
        os.close(fd)
    assert said.decode().strip() == running.url


def test_bad_data_at_the_start_is_the_command_lines_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(GAME, tmp_path / "data" / "preview")
    cards = tmp_path / "data" / "preview" / "cards.csv"
    cards.write_text(cards.read_text().replace(",3\n", ",lots\n", 1))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(DataError) as err:  # what `printkit build` says, one line per problem
        load_game(Path("data/preview"))
    expected = [f"error: {problem}" for problem in err.value.problems]
    assert len(expected) == 1 and 'found "lots"' in expected[0]
    with serve(tmp_path, "preview", "--data", "data", "--out", "out") as running:
        said = running.line("error: ")
        status, body, _ = get(running.url, "/api/game/preview")
    data = json.loads(body)
    assert status == 200
    assert said.strip() == expected[0]
    assert data["errors"] == expected and data["kit"] is None
    assert not (tmp_path / "out" / "preview" / "manifest.json").exists()


def test_a_spreadsheet_row_is_named_as_the_spreadsheet_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.serve.model import source_of

    monkeypatch.chdir(ROOT)
    game = load_game(Path("tests/games/bestiary"))
    comp = next(c for c in game.components if game.variants[c.id][0].sheet is not None)
    variant = game.variants[comp.id][1]
    [row, component] = source_of(game, comp.id, variant, back=False)
    assert (row["file"], row["sheet"], row["row"]) == ("tests/games/bestiary/cards.xlsx", "Deck", variant.row[1])
    assert row["fields"] == {str(k): v for k, v in variant.values["row"].items()} and row["fields"]
    assert component["key"] == f"components.{comp.id}" and component["line"] == game.line_of(f"components.{comp.id}")


def test_listens_on_the_loopback_address_only(served: tuple[Served, Path]) -> None:
    running, _ = served
    port = urlsplit(running.url).port
    assert urlsplit(running.url).hostname == "127.0.0.1"
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outward interface
        address = probe.getsockname()[0]
    except OSError:
        address = None
    finally:
        probe.close()
    if address and not address.startswith("127."):
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection((address, port), timeout=10).close()
    # a page of another site that makes the browser ask for this one (DNS rebinding) is refused
    status, body, _ = get(running.url, "/api/game/preview", host=f"evil.example:{port}")
    assert status == 400 and b"preview" not in body


@pytest.mark.parametrize("path", [
    "/g/preview/out/../../../../../../etc/passwd",
    "/g/preview/out/../../secret.txt",
    "/g/preview/out/%2e%2e/%2e%2e/secret.txt",
    "/g/preview/out/..%2f..%2fsecret.txt",
    "/g/preview/out/%2E%2E%2F%2E%2E%2Fdata%2Fpreview%2Fgame.toml",
    "/g/preview/out/%252e%252e/%252e%252e/secret.txt",
    "/g/preview/out/..%5c..%5csecret.txt",
    "/g/preview/out//etc/passwd",
    "/g/preview/out/%2fetc%2fpasswd",
    "/g/preview/out/svg/../../secret.txt",
    "/g/..%2f..%2fdata/out/preview/game.toml",
    "/g/../data/preview/game.toml",
    "/g/preview/page/1/..%2f..%2fsecret.txt",
    "/static/..%2f..%2fcommands%2fserve.py",
    "/static/../app.py",
    "/g/preview/out/notes.txt",  # the user's own file in the kit folder: not an output
    "/g/preview/out/.printkit-state.json",  # printkit's bookkeeping: not an output either
    "/data/preview/game.toml",
])
def test_nothing_outside_the_outputs(served: tuple[Served, Path], path: str) -> None:
    running, _ = served
    status, body, _ = get(running.url, path)
    assert status in (400, 404), (status, body[:200])
    assert SECRET.encode() not in body and b"root:" not in body and b"[game]" not in body


@pytest.mark.parametrize("path", ["/g/preview/out/", "/g/preview/out/svg", "/g/preview/out/svg/", "/g/preview/",
                                  "/g/", "/static/", "/g/preview/page/1/"])
def test_no_listing(served: tuple[Served, Path], path: str) -> None:
    running, _ = served
    status, body, _ = get(running.url, path)
    assert status == 404
    assert b"action-card" not in body and b".svg" not in body and b".pdf" not in body


def test_only_reads(served: tuple[Served, Path]) -> None:
    running, _ = served
    status, _, _ = get(running.url, "/g/preview/out/manifest.json", method="DELETE")
    assert status == 405


def test_a_taken_port_is_one_line(tmp_path: Path) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = taken.getsockname()[1]
        result = run_cli("serve", str(GAME), "--out", str(tmp_path / "out"), "--port", str(port))
    finally:
        taken.close()
    assert result.returncode == 2
    assert result.stderr.startswith("error: --port: expected a free port on 127.0.0.1, found ")
    assert len(result.stderr.splitlines()) == 1 and not (tmp_path / "out" / "preview").exists()

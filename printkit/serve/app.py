"""The preview server: a Starlette app on uvicorn, bound to the loopback address only.

The build runs in the command's main thread (``printkit serve``), the server in a thread of its own.
Request handlers only read what the last build left (:class:`Hub`); the one piece of work a
request may cause, a picture of a PDF page, is made once per page and version and kept.

Files are served by name from the game's last good build: a name that build did not write is
404, whatever it looks like (``..``, encoded or not, a folder, a user's own file in the kit).
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from importlib.resources import files as package_files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from printkit.serve.model import tags

HOST = "127.0.0.1"
STATIC = {"app.js": "text/javascript", "app.css": "text/css", "index.html": "text/html"}
TYPES = {".svg": "image/svg+xml", ".pdf": "application/pdf", ".html": "text/html", ".json": "application/json",
         ".png": "image/png", ".csv": "text/csv", ".txt": "text/plain"}
SANDBOX = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self' data:"
"""Outputs are shown, never run: no script in an SVG or the rulebook's page, nothing fetched from elsewhere."""
APP_POLICY = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-src 'self'"
PAGES_KEPT = 256
"""Sheet pictures kept in memory (the most recently asked for)."""


@dataclass
class GameState:
    """One game as the page sees it: the last good kit and what the last build said."""

    version: int = 0
    model: dict[str, Any] | None = None
    errors: list[str] = field(default_factory=list)
    building: bool = True
    out: Path | None = None
    files: frozenset[str] = frozenset()
    pending: dict[str, bytes] = field(default_factory=dict)
    """Faces drawn from a save whose build is still running (their bytes, by output name)."""


class Hub:
    """The state every request reads and the build thread writes; tells open pages when it changes."""

    def __init__(self, games: list[str], out: Path) -> None:
        self.order = games
        self.out = out
        self._lock = threading.Lock()
        self._games = {g: GameState(out=out / g) for g in games}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed: asyncio.Event | None = None
        self._pages: OrderedDict[tuple[str, str, str, int], bytes] = OrderedDict()
        self._render = threading.Lock()
        self.stopping = False

    # --- written by the build thread --------------------------------------------------------

    def building(self, game: str) -> None:
        self._update(game, building=True)

    def drafted(self, game: str, model: dict[str, Any], pending: dict[str, bytes]) -> None:
        """The faces of a save, shown while its build runs (the rest of the page is the last good kit's)."""
        self._update(game, model=model, pending=pending, errors=[])

    def built(self, game: str, model: dict[str, Any], files: frozenset[str]) -> None:
        self._update(game, model=model, files=files, errors=[], building=False, pending={})

    def failed(self, game: str, errors: list[str], model: dict[str, Any] | None = None) -> None:
        """Bad data: the messages show, the last good kit stays (``model``: it again, after a draft)."""
        changes: dict[str, Any] = {"errors": errors, "building": False, "pending": {}}
        if model is not None:
            changes["model"] = model
        self._update(game, **changes)

    def _update(self, game: str, **changes: Any) -> None:
        with self._lock:
            state = self._games[game]
            for key, value in changes.items():
                setattr(state, key, value)
            state.version += 1
        loop = self._loop
        if loop is not None:
            try:
                loop.call_soon_threadsafe(self._wake)
            except RuntimeError:  # the server's loop has closed: no page to tell
                pass

    # --- read by requests ----------------------------------------------------------------------

    def _wake(self) -> None:
        if self._changed is not None:
            self._changed.set()
        self._changed = asyncio.Event()

    def versions(self) -> dict[str, int]:
        with self._lock:
            return {g: s.version for g, s in self._games.items()}

    def state(self, game: str) -> GameState | None:
        with self._lock:
            return self._games.get(game)

    async def changes(self) -> AsyncIterator[dict[str, int]]:
        """The versions now, then again whenever one changes, until the server stops."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        if self._changed is None:
            self._changed = asyncio.Event()
        sent: dict[str, int] = {}
        while not self.stopping:
            event = self._changed
            now = self.versions()
            if now != sent:
                sent = now
                yield now
            try:
                await asyncio.wait_for(event.wait(), 0.5)
            except TimeoutError:
                pass

    def page_png(self, game: str, name: str, version: str, number: int) -> bytes:
        """Page ``number`` of the kit's PDF ``name`` as a picture, made once per version."""
        key = (game, name, version, number)
        with self._render:  # pdfium is not thread-safe; one picture at a time, each made once
            if key in self._pages:
                self._pages.move_to_end(key)
                return self._pages[key]
            import pypdfium2 as pdfium

            from printkit.render.raster import png_bytes
            from printkit.serve.model import PAGE_DPI

            state = self._games[game]
            assert state.out is not None
            doc = pdfium.PdfDocument((state.out / name).read_bytes())
            try:
                image = doc[number - 1].render(scale=PAGE_DPI / 72.0, fill_color=(255, 255, 255, 255)).to_pil()
            finally:
                doc.close()
            png = png_bytes(image.convert("RGB"))
            self._pages[key] = png
            while len(self._pages) > PAGES_KEPT:
                self._pages.popitem(last=False)
            return png


def _not_found() -> Response:
    return Response("not found\n", 404, media_type="text/plain")


def app(hub: Hub) -> Starlette:
    """The preview's routes: the page, its two assets, the games' data, their updates and their files."""

    async def static(request: Request) -> Response:
        name = request.path_params.get("name", "index.html")
        if name not in STATIC:
            return _not_found()
        body = (package_files("printkit.serve") / "static" / name).read_bytes()
        return Response(body, media_type=STATIC[name], headers={"Content-Security-Policy": APP_POLICY,
                                                                 "Cache-Control": "no-cache"})

    async def games(request: Request) -> Response:
        out = []
        for game in hub.order:
            state = hub.state(game)
            assert state is not None
            title = state.model["title"] if state.model else game
            out.append({"game": game, "title": title, "version": state.version})
        return JSONResponse(out)

    async def game(request: Request) -> Response:
        state = hub.state(request.path_params["game"])
        if state is None:
            return _not_found()
        return JSONResponse({"version": state.version, "building": state.building, "errors": state.errors,
                             "kit": state.model}, headers={"Cache-Control": "no-store"})

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            yield "retry: 500\n\n"
            async for versions in hub.changes():
                yield f"data: {json.dumps(versions)}\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    def output(request: Request) -> Response:
        state = hub.state(request.path_params["game"])
        name = request.path_params["path"]
        if state is None or state.out is None:
            return _not_found()
        drafted = state.pending.get(name)
        if drafted is not None and tags({name: drafted})[name] == request.query_params.get("v"):
            return Response(drafted, media_type=TYPES.get(Path(name).suffix.lower(), "application/octet-stream"),
                            headers=_headers(request))
        if name not in state.files:
            return _not_found()
        path = state.out / name
        try:
            if not path.resolve().is_relative_to(state.out.resolve()) or not path.is_file():
                return _not_found()
            body = path.read_bytes()
        except OSError:
            return _not_found()
        return Response(body, media_type=TYPES.get(path.suffix.lower(), "application/octet-stream"),
                        headers=_headers(request))

    def page(request: Request) -> Response:
        state = hub.state(request.path_params["game"])
        name, number = request.path_params["path"], request.path_params["number"]
        if state is None or name not in state.files or not name.endswith(".pdf") or number < 1:
            return _not_found()
        try:
            png = hub.page_png(request.path_params["game"], name, request.query_params.get("v", ""), number)
        except (OSError, IndexError, ValueError):
            return _not_found()
        return Response(png, media_type="image/png", headers=_headers(request))

    routes = [
        Route("/", static), Route("/static/{name}", static),
        Route("/api/games", games), Route("/api/game/{game}", game), Route("/events", events),
        Route("/g/{game}/out/{path:path}", output), Route("/g/{game}/page/{number:int}/{path:path}", page),
    ]
    return Starlette(routes=routes, middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=[HOST, "localhost"])])


def _headers(request: Request) -> dict[str, str]:
    """Outputs are versioned by their hash (``?v=``): such a URL never changes, a bare one is asked again."""
    cache = "max-age=3600, immutable" if request.query_params.get("v") else "no-cache"
    return {"Cache-Control": cache, "Content-Security-Policy": SANDBOX, "X-Content-Type-Options": "nosniff"}


class Server:
    """uvicorn in a thread of its own, on a socket bound to the loopback address (``port`` 0: a free one)."""

    def __init__(self, hub: Hub, port: int) -> None:
        import uvicorn

        self.hub = hub
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            self.socket.bind((HOST, port))
            self.socket.listen(64)
        except OSError:
            self.socket.close()
            raise
        self.port = int(self.socket.getsockname()[1])
        config = uvicorn.Config(app(hub), log_config=None, log_level="warning", access_log=False, lifespan="off",
                                timeout_graceful_shutdown=1)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self.socket]},
                                        name="printkit-serve", daemon=True)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self.hub.stopping = True
        self._server.should_exit = True
        self._thread.join(timeout=3)
        self.socket.close()

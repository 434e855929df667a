"""Line numbers for key paths in a TOML file, so a message can say ``game.toml:42``.

``tomllib`` gives values, not positions. This scanner reads the same text (only
text ``tomllib`` has already accepted) and records the line where each key path
starts: table headers, ``key = value`` lines, dotted keys, items of arrays and
keys of inline tables. It is deliberately lenient: on anything it does not
understand it stops and keeps what it found, because a missing line number must
never turn into an error of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

KeyPath = tuple[str | int, ...]
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR_END = re.compile(r"[,\]}\n#]|\r\n")


class _Stop(Exception):
    pass


class _Scanner:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.line = 1
        self.lines: dict[KeyPath, int] = {}
        self.arrays: dict[KeyPath, int] = {}
        self.assigned: dict[KeyPath, int] = {}  # keys given a value, and tables declared by a header
        self.order: list[tuple[int, KeyPath]] = []  # every key and header, in file order
        self.duplicate: tuple[KeyPath, int, int] | None = None  # (key, first line, second line)

    # --- low level --------------------------------------------------------

    def peek(self, n: int = 1) -> str:
        return self.s[self.i:self.i + n]

    def advance(self, n: int = 1) -> None:
        chunk = self.s[self.i:self.i + n]
        self.line += chunk.count("\n")
        self.i += n

    def skip_space(self, newlines: bool) -> None:
        while self.i < len(self.s):
            ch = self.s[self.i]
            if ch in " \t" or (newlines and ch in "\r\n"):
                self.advance()
            elif ch == "#":
                end = self.s.find("\n", self.i)
                self.advance((end if end >= 0 else len(self.s)) - self.i)
            else:
                return

    def string(self) -> str:
        for quote in ('"""', "'''"):
            if self.peek(3) == quote:
                self.advance(3)
                end = self.s.find(quote, self.i)
                if end < 0:
                    raise _Stop
                while self.s[end + 3:end + 4] == quote[0]:  # up to two quotes may close the string
                    end += 1
                value = self.s[self.i:end]
                self.advance(end + 3 - self.i)
                return value
        quote = self.peek()
        self.advance()
        out: list[str] = []
        while self.i < len(self.s):
            ch = self.s[self.i]
            if ch == quote:
                self.advance()
                return "".join(out)
            if ch == "\n":
                raise _Stop
            if ch == "\\" and quote == '"':
                out.append(self.s[self.i:self.i + 2])
                self.advance(2)
                continue
            out.append(ch)
            self.advance()
        raise _Stop

    def key(self) -> list[str]:
        parts = []
        while True:
            self.skip_space(False)
            ch = self.peek()
            if ch in ('"', "'"):
                parts.append(self.string())
            else:
                m = _BARE.match(self.s, self.i)
                if not m:
                    raise _Stop
                parts.append(m.group())
                self.advance(m.end() - self.i)
            self.skip_space(False)
            if self.peek() != ".":
                return parts
            self.advance()

    # --- values -----------------------------------------------------------

    def value(self, path: KeyPath) -> None:
        self.lines.setdefault(path, self.line)
        ch = self.peek()
        if ch == "[":
            self.advance()
            index = 0
            while True:
                self.skip_space(True)
                if self.peek() == "]":
                    self.advance()
                    return
                self.value((*path, index))
                index += 1
                self.skip_space(True)
                if self.peek() == ",":
                    self.advance()
                elif self.peek() != "]":
                    raise _Stop
        elif ch == "{":
            self.advance()
            while True:
                self.skip_space(False)
                if self.peek() == "}":
                    self.advance()
                    return
                self.pair(path)
                self.skip_space(False)
                if self.peek() == ",":
                    self.advance()
                elif self.peek() != "}":
                    raise _Stop
        elif ch in ('"', "'"):
            self.string()
        else:
            m = _SCALAR_END.search(self.s, self.i)
            end = m.start() if m else len(self.s)
            if end == self.i:
                raise _Stop
            self.advance(end - self.i)

    def pair(self, table: KeyPath) -> None:
        parts = self.key()
        if self.peek() != "=":
            raise _Stop
        self.advance()
        self.skip_space(False)
        for n in range(1, len(parts)):
            self.lines.setdefault((*table, *parts[:n]), self.line)
        self._assign((*table, *parts))
        self.value((*table, *parts))

    def header(self) -> KeyPath:
        array = self.peek(2) == "[["
        self.advance(2 if array else 1)
        parts = self.key()
        if self.peek(2 if array else 1) != ("]]" if array else "]"):
            raise _Stop
        self.advance(2 if array else 1)
        # A header below an array of tables refers to the array's last item.
        path: KeyPath = ()
        for n, part in enumerate(parts, start=1):
            path = (*path, part)
            if path in self.arrays and not (array and n == len(parts)):
                path = (*path, self.arrays[path])
        if array:
            index = self.arrays.get(path, -1) + 1
            self.arrays[path] = index
            self.lines.setdefault(path, self.line)
            path = (*path, index)
        else:
            self._assign(path)
        self.lines[path] = self.line
        return path

    def _assign(self, path: KeyPath) -> None:
        """Record a key (or a table header); a second one of the same path is the duplicate that
        made tomllib give up: remember both lines and stop."""
        self.order.append((self.line, path))
        first = self.assigned.get(path)
        if first is not None:
            self.duplicate = (path, first, self.line)
            raise _Stop
        self.assigned[path] = self.line

    def run(self) -> dict[KeyPath, int]:
        table: KeyPath = ()
        try:
            while True:
                self.skip_space(True)
                if self.i >= len(self.s):
                    break
                if self.peek() == "[":
                    table = self.header()
                else:
                    self.pair(table)
        except (_Stop, IndexError, RecursionError):
            pass
        return self.lines


def format_path(path: KeyPath) -> str:
    """``("components", 2, "id")`` -> ``components[2].id``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def syntax_context(text: str, line: int | None) -> tuple[str, tuple[str, int, int] | None]:
    """For TOML that tomllib refused at ``line``: the key being written there (``""`` if none),
    and, when a key or table is given twice, ``(key, first line, second line)``."""
    scanner = _Scanner(text)
    scanner.run()
    if scanner.duplicate is not None:
        path, first, second = scanner.duplicate
        return format_path(path), (format_path(path), first, second)
    before = [(n, path) for n, path in scanner.order if line is None or n <= line]
    return (format_path(before[-1][1]) if before else ""), None


def key_lines(text: str) -> dict[KeyPath, int]:
    """The line (1-based) where each key path of the TOML ``text`` is defined."""
    return _Scanner(text).run()


class KeyLines(Mapping[KeyPath, int]):
    """``key_lines(text)``, scanned on first use: only a build that reports a problem needs lines,
    and scanning a large game.toml costs more than validating it."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: dict[KeyPath, int] | None = None

    def _scan(self) -> dict[KeyPath, int]:
        if self._lines is None:
            self._lines = key_lines(self._text)
        return self._lines

    def __getitem__(self, key: KeyPath) -> int:
        return self._scan()[key]

    def __iter__(self) -> Iterator[KeyPath]:
        return iter(self._scan())

    def __len__(self) -> int:
        return len(self._scan())


def parse_path(path: str) -> KeyPath:
    """``"components.line-card.face"`` / ``"sets.colour[3].name"`` -> key path parts."""
    out: list[str | int] = []
    for part in re.sub(r" \(variant [^)]*\)$", "", path).split("."):
        m = re.fullmatch(r"([^\[\]]*)((?:\[\d+\])*)", part)
        if not m:
            out.append(part)
            continue
        if m.group(1):
            out.append(m.group(1))
        out += [int(n) for n in re.findall(r"\[(\d+)\]", m.group(2))]
    return tuple(out)


def line_of(path: str, lines: Mapping[KeyPath, int], raw: Any) -> int | None:
    """The line of the longest prefix of ``path`` found in ``lines``.

    A part naming an item of an array by its ``id`` (``components.line-card``) is
    turned into the item's index using the parsed data ``raw``.
    """
    parts = parse_path(path)
    resolved: list[str | int] = []
    cur = raw
    for part in parts:
        if isinstance(cur, list) and isinstance(part, str):
            index = next((i for i, item in enumerate(cur) if isinstance(item, dict) and item.get("id") == part), None)
            if index is None:
                break
            part = index
        resolved.append(part)
        try:
            cur = cur[part]
        except (KeyError, IndexError, TypeError):
            cur = None
    for n in range(len(resolved), 0, -1):
        found = lines.get(tuple(resolved[:n]))
        if found is not None:
            return found
    return None

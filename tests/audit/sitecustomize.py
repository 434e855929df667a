"""Loaded at start-up by every Python process whose PYTHONPATH holds this folder (tests/test_access_audit.py):
with PRINTKIT_AUDIT_LOG set, every file the process opens (``open`` audit events: built-in open, io.open,
os.open) is appended to that log as ``pid<TAB>flags<TAB>path``. Forked build workers inherit the hook and the log.
A relative path is made absolute from the working folder, except the names of folders opened relative
to a folder's descriptor (``shutil.rmtree`` does that: ``os.open(name, O_RDONLY, dir_fd=...)``, whose
audit event does not carry the descriptor): a bare name opened read-only is logged as it is."""

import os
import sys

_LOG = os.environ.get("PRINTKIT_AUDIT_LOG")
if _LOG:
    _fd = os.open(_LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def _hook(event: str, args: tuple) -> None:  # type: ignore[type-arg]
        if event != "open" or not args or isinstance(args[0], int):
            return
        flags = args[2] if len(args) > 2 and isinstance(args[2], int) else -1
        try:
            path = os.fsdecode(args[0])
        except (TypeError, ValueError):
            return
        if not (flags >= 0 and flags & os.O_ACCMODE == os.O_RDONLY and os.sep not in path):
            path = os.path.abspath(path)
        os.write(_fd, f"{os.getpid()}\t{flags}\t{path}\n".encode("utf-8", "surrogateescape"))

    sys.addaudithook(_hook)

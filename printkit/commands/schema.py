"""printkit schema: print the JSON Schema of game.toml, for editors that complete and check TOML."""

from __future__ import annotations

import argparse
import json


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("schema", help="print the JSON Schema of game.toml", description=__doc__)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.docs import json_schema

    print(json.dumps(json_schema(), indent=2, sort_keys=True, ensure_ascii=False))
    return 0

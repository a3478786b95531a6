# PYTHON_ARGCOMPLETE_OK
"""The ``docklaw`` command: one entry point, subcommands registered by each package.

Each package owns a ``commands`` module with ``register(subparsers)``; a subcommand sets
``func(args) -> int``. Errors a user can act on exit with their own code and one line on
stderr, never a traceback (and, under ``--format json``, also as a JSON object on stdout).
Every subcommand shows its defaults in ``--help`` and ``-o`` means one thing everywhere
(``docklaw.clitools``). Shell completion: ``eval "$(register-python-argcomplete docklaw)"``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from docklaw import __version__
from docklaw.clitools import HelpFormatter, Parser, autocomplete, finish, json_error, wants_json
from docklaw.errors import DocklawError

COMMAND_MODULES: tuple[str, ...] = (
    "docklaw.kg.commands",
    "docklaw.kg.store_commands",
    "docklaw.kg.scaffold",
    "docklaw.validate.commands",
    "docklaw.validate.export_commands",
    "docklaw.validate.plan_commands",
    "docklaw.queries.commands",
    "docklaw.envelope.commands",
    "docklaw.search.commands",
    "docklaw.web.commands",
)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="docklaw", formatter_class=HelpFormatter,
        description="New York dock and mooring law as a knowledge graph: validate, query, "
                    "compare, search. `docklaw COMMAND --help` describes each command.",
    )
    parser.add_argument("--version", action="version", version=f"docklaw {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:  # a package not built yet must not break the others
            if exc.name != name:
                raise
            continue
        module.register(sub)
    finish(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    Parser.json_errors = wants_json(argv)
    parser = build_parser()
    autocomplete(parser)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    as_json = getattr(args, "format", None) == "json"
    try:
        return int(args.func(args) or 0)
    except DocklawError as exc:
        print(f"docklaw: {exc}", file=sys.stderr)
        if as_json:
            to_dict = getattr(exc, "to_dict", None)
            json_error(getattr(exc, "message", None) or str(exc), exc.exit_code,
                       to_dict() if callable(to_dict) else None)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # last resort: one line, no traceback (DOCKLAW_DEBUG=1 shows it)
        if os.environ.get("DOCKLAW_DEBUG"):
            raise
        print(f"docklaw: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        if as_json:
            json_error(f"internal error: {type(exc).__name__}: {exc}", 3)
        return 3


if __name__ == "__main__":
    sys.exit(main())

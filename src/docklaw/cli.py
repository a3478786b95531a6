"""The ``docklaw`` command: one entry point, subcommands registered by each package.

Each package owns a ``commands`` module with ``register(subparsers)``; a subcommand sets
``func(args) -> int``. Errors a user can act on exit with their own code and one line on
stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from docklaw import __version__
from docklaw.errors import DocklawError

COMMAND_MODULES: tuple[str, ...] = (
    "docklaw.kg.commands",
    "docklaw.kg.store_commands",
    "docklaw.validate.commands",
    "docklaw.plan.commands",
    "docklaw.queries.commands",
    "docklaw.web.commands",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="docklaw",
        description="New York dock and mooring law as a knowledge graph: validate, query, compare.",
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.func(args) or 0)
    except DocklawError as exc:
        print(f"docklaw: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # last resort: one line, no traceback (DOCKLAW_DEBUG=1 shows it)
        if os.environ.get("DOCKLAW_DEBUG"):
            raise
        print(f"docklaw: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())

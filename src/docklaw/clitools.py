"""What every ``docklaw`` subcommand shares: help that shows defaults, one meaning of
``-o/--output``, JSON errors under ``--format json``, and shell completion.

Why here and not in each package: a user learns ``-o`` and ``--help`` once. Light on imports
(argparse, json, sys): ``docklaw --help`` must stay fast.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

OUTPUT_HELP = "write the output to PATH instead of standard output"


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows each option's default, except where there is none to show (None, False, [])
    or the help already states it."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if action.default in (None, False, [], argparse.SUPPRESS) or "default" in text:
            return text
        return super()._get_help_string(action) or ""


def wants_json(argv: Sequence[str]) -> bool:
    """``--format json`` (or ``-f json``, ``--format=json``) anywhere on the command line."""
    args = list(argv)
    for i, arg in enumerate(args):
        if arg in ("--format=json", "-fjson"):
            return True
        if arg in ("--format", "-f") and i + 1 < len(args) and args[i + 1] == "json":
            return True
    return False


def json_error(message: str, exit_code: int, extra: dict[str, object] | None = None) -> None:
    """The error as one JSON object on stdout (for scripts that asked for JSON)."""
    body: dict[str, object] = {"error": message, "exit_code": exit_code}
    body.update({k: v for k, v in (extra or {}).items() if v is not None and k != "error"})
    sys.stdout.write(json.dumps(body, ensure_ascii=False) + "\n")
    sys.stdout.flush()


class Parser(argparse.ArgumentParser):
    """argparse with JSON usage errors when the command line asks for JSON (exit code 2)."""

    json_errors = False

    def error(self, message: str):  # type: ignore[override]
        if Parser.json_errors:
            json_error(f"{self.prog}: {message}", 2)
        super().error(message)


def add_output(parser: argparse.ArgumentParser, *, directory_note: str = "") -> None:
    """``-o/--output PATH``: the same option, the same meaning, on every subcommand."""
    parser.add_argument("-o", "--output", type=Path, default=None, metavar="PATH",
                        help=OUTPUT_HELP + (f" ({directory_note})" if directory_note else ""))


def emit(data: str | bytes, output: Path | None) -> None:
    """Write ``data`` to ``output``, else to standard output (a missing folder is an error,
    exit 2: a typo must not create directories)."""
    from docklaw.errors import InputError

    if output is None:
        if isinstance(data, bytes):
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        else:
            sys.stdout.write(data if data.endswith("\n") or not data else data + "\n")
        return
    try:
        if isinstance(data, bytes):
            output.write_bytes(data)
        else:
            output.write_text(data, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write {output}: {exc.strerror}") from None


def finish(parser: argparse.ArgumentParser) -> None:
    """Every subcommand: the defaults-showing formatter, and a description (its help line
    when it has none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                sub.formatter_class = HelpFormatter
                if not sub.description and helps.get(name):
                    text = str(helps[name])
                    sub.description = text[0].upper() + text[1:] + "."
                finish(sub)


def autocomplete(parser: argparse.ArgumentParser) -> None:
    """Shell completion (argcomplete), imported only when a shell asks for completions."""
    if "_ARGCOMPLETE" in os.environ:
        import argcomplete

        argcomplete.autocomplete(parser)


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]], *,
               right: Sequence[int] = (), max_width: int | None = None, indent: int = 0) -> str:
    """A plain-text table (rich, no box, no colour): columns sized to their content, cells
    longer than ``max_width`` cut with an ellipsis, ``right`` columns right-aligned."""
    import io

    from rich.console import Console
    from rich.padding import Padding
    from rich.table import Table

    table = Table(box=None, show_edge=False, pad_edge=False, header_style="", padding=(0, 2, 0, 0))
    for i, name in enumerate(headers):
        table.add_column(name, justify="right" if i in right else "left", no_wrap=True,
                         overflow="ellipsis", max_width=max_width)
    for row in rows:
        table.add_row(*row)
    buffer = io.StringIO()
    Console(file=buffer, width=10_000, color_system=None, force_terminal=False,
            highlight=False).print(Padding(table, (0, 0, 0, indent)))
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines())

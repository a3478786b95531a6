"""One CLI: every subcommand describes itself and shows its defaults, ``-o`` means one thing,
JSON errors under ``--format json`` keep the exit code, updates are refused by name, topics
and examples can be listed, and the shell can complete."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from docklaw import paths
from docklaw.cli import build_parser, main
from docklaw.clitools import OUTPUT_HELP

ROOT = Path(__file__).resolve().parents[1]


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_subcommand_describes_itself_and_shows_defaults() -> None:
    for name, sub in subcommands().items():
        assert sub.description, name
        assert issubclass(sub.formatter_class, argparse.ArgumentDefaultsHelpFormatter), name
        for action in sub._actions:
            assert action.help, (name, action.dest)
        text = sub.format_help()
        shown = [a for a in sub._actions if a.option_strings and a.default not in
                 (None, False, [], argparse.SUPPRESS)]
        if shown:
            assert "(default:" in text or "default " in text, name


def test_output_option_means_the_same_everywhere() -> None:
    found = {}
    for name, sub in subcommands().items():
        for action in sub._actions:
            if "-o" in action.option_strings:
                assert action.option_strings == ["-o", "--output"], name
                assert action.help.startswith(OUTPUT_HELP), name
                found[name] = action
    assert {"export", "compare", "validate", "query", "queries", "search", "stats"} <= set(found)


def test_output_file_for_one_application(tmp_path: Path) -> None:
    app = ROOT / "examples" / "north-haven" / "several-violations.ttl"
    report = tmp_path / "report.json"
    assert main(["validate", str(app), "--format", "json", "-o", str(report)]) == 1
    assert json.loads(report.read_text())["jurisdiction"] == "north-haven"
    listing = tmp_path / "queries.txt"
    assert main(["queries", "-o", str(listing)]) == 0
    assert "use-variance" in listing.read_text()
    assert main(["queries", "-o", str(tmp_path / "missing" / "q.txt")]) == 2


def test_compare_topics_lists_the_topics(capsys: pytest.CaptureFixture[str]) -> None:
    from docklaw.queries.compare import TOPICS

    assert main(["compare", "--topics"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == list(TOPICS)


@pytest.mark.parametrize("update", ["DELETE WHERE { ?s ?p ?o }",
                                    "INSERT DATA { <urn:a> <urn:b> <urn:c> }", "DROP ALL"])
def test_query_refuses_updates_by_name(update: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", update]) == 2
    assert "updates are not allowed" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["search", "dock", "--jurisdiction", "atlantis"],
    ["search", "dock", "--limit", "x"],
    ["query", "DELETE WHERE { ?s ?p ?o }"],
    ["query", "max-width", "-p", "jurisdiction=atlantis"],
    ["validate", "/nonexistent/app.ttl"],
    ["stats", "--bogus"],
])
def test_json_errors_on_stdout_with_the_same_exit_code(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    def run(args: list[str]) -> int:
        try:
            return main(args)
        except SystemExit as exc:  # argparse usage errors
            return int(exc.code or 0)

    plain = run(argv)
    capsys.readouterr()
    as_json = run([*argv, "--format", "json"])
    out = capsys.readouterr().out
    assert plain != 0 and as_json == plain, argv
    body = json.loads(out.strip().splitlines()[-1])
    assert body["error"] and body["exit_code"] == plain


def test_example_list_lists_everything(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["example", "--list"]) == 0
    listed = set(capsys.readouterr().out.split("\n")) - {""}
    shipped = {f"{jid} {p.stem}" for jid in paths.JURISDICTIONS
               for p in (paths.EXAMPLES_DIR / jid).glob("*.ttl")}
    assert listed == shipped and len(shipped) > 5


def test_shell_completion(tmp_path: Path) -> None:
    out = tmp_path / "completions"
    env = dict(os.environ, _ARGCOMPLETE="1", COMP_LINE="docklaw sea", COMP_POINT="11",
               _ARGCOMPLETE_STDOUT_FILENAME=str(out))
    done = subprocess.run([sys.executable, "-m", "docklaw.cli"], env=env, capture_output=True,
                          timeout=120, check=False)
    assert done.returncode == 0 and out.read_text().split() == ["search"]

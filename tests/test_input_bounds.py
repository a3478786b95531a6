"""A crash instead of an error (issue 23): deep WKT nesting, absurd coordinates and huge
integers are bad input (CLI exit 2, HTTP 400), refused before a library sees them.

30,000 nested GEOMETRYCOLLECTIONs (~600 KB) segfaulted ``docklaw plan`` and ``derive`` (exit
139, no message) and ``validate`` with its budget off; a polygon with 1e308 coordinates and a
JSON-LD integer of over 4,300 digits gave HTTP 500 and exit 3. The commands run as real
processes, so a crash would show as its signal.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from docklaw.paths import EXAMPLES_DIR

GEOMETRY = (EXAMPLES_DIR / "north-haven" / "geometry.ttl").read_text(encoding="utf-8")
PARCEL = "POLYGON((0 0, 200 0, 200 -100, -60 -100, 0 0))"
DEEP = "GEOMETRYCOLLECTION(" * 30_000 + "POINT(0 0)" + ")" * 30_000
HUGE = "POLYGON((0 0, 1e308 0, 1e308 -100, -60 -100, 0 0))"
DIGITS = "1" * 5_000


def drawn(wkt: str) -> bytes:
    assert PARCEL in GEOMETRY
    return GEOMETRY.replace(PARCEL, wkt, 1).encode("utf-8")


def run(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "docklaw.cli", *args], capture_output=True,
                          timeout=300, env=os.environ | (env or {}))
    return done.returncode, (done.stderr + done.stdout).decode("utf-8", "replace")


@pytest.mark.parametrize("command", ["validate", "derive", "plan"])
@pytest.mark.parametrize("name,wkt,words", [("deep", DEEP, "nested more than 8 levels"),
                                            ("huge", HUGE, "coordinate 1e308")])
def test_bad_drawings_are_input_errors_in_every_command(
        tmp_path: Path, command: str, name: str, wkt: str, words: str) -> None:
    path = tmp_path / f"{name}.ttl"
    path.write_bytes(drawn(wkt))
    code, text = run([command, str(path)], env={"DOCKLAW_VALIDATE_TIMEOUT": "0"})
    assert code == 2, (code, text[-500:])
    assert words in text and "#parcel" in text and "asWKT" in text
    assert "Traceback" not in text


@pytest.mark.parametrize("name,data,ctype,words", [
    ("jsonld-integer", None, "application/ld+json", "5000 digits"),
    ("turtle-integer", b"", "text/turtle", "5000 digits"),
    ("turtle-1e308-coordinates", drawn(HUGE), "text/turtle", "coordinate 1e308"),
])
def test_http_400_and_exit_2(law_app: object, tmp_path: Path, name: str, data: bytes | None,
                             ctype: str, words: str) -> None:
    if data is None:
        data = b'{"@id": "https://example.org/a#s", "https://example.org/a#p": ' + \
            DIGITS.encode() + b"}"
    elif not data:
        data = (EXAMPLES_DIR / "north-haven" / "complete.ttl").read_bytes().replace(
            b"qudt:numericValue 72 ;", b"qudt:numericValue " + DIGITS.encode() + b" ;", 1)
    answer = law_app.test_client().post(  # type: ignore[attr-defined]
        "/validate", data=data, headers={"Content-Type": ctype})
    assert answer.status_code == 400, answer.get_data(as_text=True)[:400]
    assert words in answer.get_json()["error"]
    suffix = ".jsonld" if "json" in ctype else ".ttl"
    path = tmp_path / f"{name}{suffix}"
    path.write_bytes(data)
    code, text = run(["validate", str(path)])
    assert code == 2 and words in text and "Traceback" not in text

"""The RDF input guard decides the encoding first and checks the decoded text (issue 13,
item 2), and parsing + validation run under a hard time budget (item 4).

The old guard looked for ``<!DOCTYPE`` in the raw bytes; the same document in UTF-16
without a byte-order mark has a NUL after every ASCII byte, so it passed, and expat (which
detects UTF-16 from ``<\\0?\\0``) expanded the nested entities: a 1.3 KB upload held a CPU
for minutes. The laughs here are small (three levels) so that the old code answers instead
of stalling; what matters is that they are refused by the guard, before any parser.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from docklaw.cli import main
from docklaw.errors import InputError, ResourceLimit
from docklaw.paths import EXAMPLES_DIR
from docklaw.validate.intake.parse import parse

RDFXML = "application/rdf+xml"
GOOD = (EXAMPLES_DIR / "north-haven" / "complete.ttl").read_bytes()
LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
          ' <!ENTITY lol1 "&lol;&lol;&lol;">\n <!ENTITY lol2 "&lol1;&lol1;&lol1;">\n]>\n'
          '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
          "<rdf:Description rdf:about='http://a/s'><rdf:value>&lol2;</rdf:value>"
          "</rdf:Description></rdf:RDF>\n")
#: the same document, every way an XML parser could be told (or guess) another encoding
ENCODED = {
    "utf-16-le, no BOM": LAUGHS.encode("utf-16-le"),
    "utf-16-be, no BOM": LAUGHS.encode("utf-16-be"),
    "utf-16, BOM": LAUGHS.encode("utf-16"),
    "utf-32-le, no BOM": LAUGHS.encode("utf-32-le"),
    "utf-32-be, no BOM": LAUGHS.encode("utf-32-be"),
    "utf-32, BOM": LAUGHS.encode("utf-32"),
    "declared utf-16": LAUGHS.replace('version="1.0"', 'version="1.0" encoding="UTF-16"'
                                      ).encode("utf-16-le"),
    "utf-8 BOM": b"\xef\xbb\xbf" + LAUGHS.encode("utf-8"),
    "utf-8": LAUGHS.encode("utf-8"),
    "lower-case doctype": LAUGHS.replace("DOCTYPE", "doctype").encode("utf-8"),
}
OTHER_ENCODING = (b'<?xml version="1.0" encoding="ISO-8859-1"?>\n<rdf:RDF xmlns:rdf='
                  b'"http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>')


@pytest.mark.parametrize("label", list(ENCODED))
def test_dtd_refused_in_every_encoding(label: str) -> None:
    for fmt, ctype in (("xml", None), (None, RDFXML), (None, None)):  # named, typed, sniffed
        with pytest.raises(InputError) as info:
            parse(ENCODED[label], fmt, name="laughs.rdf", content_type=ctype)
        message = info.value.describe()
        assert any(w in message for w in ("DOCTYPE", "UTF-16", "UTF-32", "NUL")), message
        assert info.value.http_status == 400


def test_other_declared_encoding_refused() -> None:
    with pytest.raises(InputError) as info:
        parse(OTHER_ENCODING, "xml", name="latin.rdf")
    assert "ISO-8859-1" in info.value.describe()


@pytest.fixture(scope="module")
def client(law_app):  # type: ignore[no-untyped-def]
    return law_app.test_client()


def test_http_utf16_laughs_are_400(client) -> None:  # type: ignore[no-untyped-def]
    for label, data in ENCODED.items():
        r = client.post("/validate", data=data, content_type=RDFXML)
        assert r.status_code == 400, (label, r.status_code, r.data[:300])
    r = client.post("/validate", data=GOOD, content_type="text/turtle")
    assert r.status_code == 200


def test_http_validation_past_its_time_budget_is_503(client) -> None:  # type: ignore[no-untyped-def]
    config = client.application.config
    saved = config.get("VALIDATE_TIMEOUT")
    config["VALIDATE_TIMEOUT"] = 0.001  # no fork + validation finishes in a millisecond
    try:
        r = client.post("/validate", data=GOOD, content_type="text/turtle")
    finally:
        config["VALIDATE_TIMEOUT"] = saved
    assert r.status_code == 503 and "time limit" in r.get_json()["error"]
    r = client.post("/validate", data=GOOD, content_type="text/turtle")
    assert r.status_code == 200 and r.get_json()["conforms"] is True


def test_cli_validation_past_its_time_budget_exits_5(tmp_path: Path, capsys,  # type: ignore[no-untyped-def]
                                                     monkeypatch) -> None:
    path = tmp_path / "app.ttl"
    path.write_bytes(GOOD)
    monkeypatch.setenv("DOCKLAW_VALIDATE_TIMEOUT", "0.001")
    assert main(["validate", str(path)]) == 5
    assert "time limit" in capsys.readouterr().err
    monkeypatch.setenv("DOCKLAW_VALIDATE_TIMEOUT", "60")
    assert main(["validate", str(path)]) == 0


def test_errors_from_the_budgeted_child_keep_their_details(tmp_path: Path) -> None:
    from docklaw.validate.pipeline import validate_bytes_within

    with pytest.raises(InputError) as info:
        validate_bytes_within(b"@prefix : <http://a/> .\n:s :p :o .\n:s :p", None,
                              "bad.ttl", timeout=60)
    assert info.value.line == 3 and info.value.source == "bad.ttl"
    assert ResourceLimit("x").exit_code == 5 and ResourceLimit("x").http_status == 503

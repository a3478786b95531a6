"""The OpenAPI description at /openapi.json matches the app's real routes."""

from __future__ import annotations

import re
from typing import Any

import pytest


@pytest.fixture(scope="module")
def app(site_app):  # type: ignore[no-untyped-def]
    return site_app


@pytest.fixture(scope="module")
def spec(app) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    r = app.test_client().get("/openapi.json")
    assert r.status_code == 200 and r.mimetype == "application/json"
    return r.get_json()


def openapi_paths(rule: str) -> list[str]:
    """A Flask rule as OpenAPI paths (``any(...)`` expanded, ``<conv:name>`` -> ``{name}``)."""
    choice = re.search(r"<any\(([^)]*)\):\w+>", rule)
    if choice:
        return [p for option in choice.group(1).split(",")
                for p in openapi_paths(rule.replace(choice.group(0), option.strip()))]
    return [re.sub(r"<(?:[\w]+(?:\([^)]*\))?:)?(\w+)>", r"{\1}", rule)]


def test_every_route_is_described_and_nothing_else(app, spec) -> None:  # type: ignore[no-untyped-def]
    real: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for path in openapi_paths(rule.rule):
            real.setdefault(path, set()).update(
                m.lower() for m in rule.methods or () if m not in ("HEAD", "OPTIONS"))
    described = {path: set(ops) for path, ops in spec["paths"].items()}
    assert described == real


def test_document_is_valid_openapi(spec) -> None:  # type: ignore[no-untyped-def]
    from openapi_spec_validator import validate

    validate(spec)


def test_operations_are_complete(spec) -> None:  # type: ignore[no-untyped-def]
    assert spec["openapi"].startswith("3.1") and spec["info"]["version"]
    refs = set(re.findall(r'"\$ref": "#/components/schemas/(\w+)"', str(spec).replace("'", '"')))
    assert refs and refs <= set(spec["components"]["schemas"])
    for path, ops in spec["paths"].items():
        params = set(re.findall(r"{(\w+)}", path))
        for method, op in ops.items():
            assert op["summary"] and op["responses"], (path, method)
            declared = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
            assert declared == params, (path, method)


def test_described_search_fields_are_the_real_ones(app, spec) -> None:  # type: ignore[no-untyped-def]
    body = app.test_client().get("/search?q=boat+lift&limit=2").get_json()
    schema = spec["components"]["schemas"]["SearchResults"]
    assert set(body) == set(schema["properties"])
    hit = spec["components"]["schemas"]["SearchHit"]
    assert set(body["results"][0]) == set(hit["properties"])
    assert set(body["related"][0]) == set(hit["properties"])

"""docs/applications.md "Facts each code needs" is generated from the rules (issue 11)."""

from __future__ import annotations

from docklaw import jurisdictions, paths
from docklaw.validate.needs import END, START, render, replace_section


def test_committed_section_is_the_generated_text() -> None:
    doc = (paths.ROOT / "docs" / "applications.md").read_text(encoding="utf-8")
    assert START in doc and END in doc
    assert replace_section(doc, render()) == doc, (
        "docs/applications.md is stale: run python -m docklaw.validate.needs --write")


def test_every_code_lists_facts_with_their_sections() -> None:
    text = render()
    for jid in jurisdictions.ids():
        assert f"### {jid}" in text
    assert "| dl:Parcel | dl:landUse | § 56-3E" in text  # North Haven § 56-3E reads the land use
    assert "dl:waterDepthAtLimitLine" in text           # the depth that decides the extension

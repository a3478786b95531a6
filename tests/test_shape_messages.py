"""Each limit is typed once, in its rule: shape messages carry no number of their own.

A message may name its limit only through ``{limit}``/``{lower}``/``{upper}`` (filled by the
compiler from the rule; ``{stated}``: the number the text states where the limit is computed
from it, ``dl:statedLimit``) and may cite sections, tables, Tiers and categories; any other
digit in a message would be a second copy of a number that lives in ``rules.ttl``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rdflib import Graph
from rdflib.namespace import SH

SHAPES = sorted((Path(__file__).resolve().parents[1] / "shapes").glob("*.ttl"))

CITATION = re.compile(
    r"§+ ?\d+-\d+[A-Za-z0-9()\[\]]*(?:(?:, | and | or | to )[A-Z0-9()\[\]]+(?![a-z]))*"
)
LABELS = re.compile(
    r"\b(?:Table|Tier|Standards [A-H](?:\(\d\))?(?:-\(\d\))?(?:\([a-h]\))?(?:\[\d\])?"
    r"|Boat lifts [A-E](?:\(\d\))?)\s*\d*(?:\[\d\])?"
)
PLACEHOLDER = re.compile(r"\{(?:limit|lower|upper|stated)\}(?:/12)?")


def _stray_numbers(message: str) -> list[str]:
    text = PLACEHOLDER.sub("", LABELS.sub("", CITATION.sub("", message)))
    return re.findall(r"(?<![A-Za-z])\d+(?:[.,]\d+)?", text)


@pytest.mark.parametrize("path", SHAPES, ids=[p.stem for p in SHAPES])
def test_shape_messages_type_no_limit_twice(path: Path) -> None:
    g = Graph().parse(path, format="turtle")
    stray = {str(s): _stray_numbers(str(m)) for s, m in g.subject_objects(SH.message)}
    assert {s: n for s, n in stray.items() if n} == {}


def test_the_engines_default_wording_is_recognised() -> None:
    """The check the case and example tests run on every report (findings.wording) knows the
    SHACL engine's defaults and lets the law's words through."""
    from docklaw.validate.findings.wording import engine_wording

    for default in ("Value 5 not in list ['false']", "Less than 1 values on <a>->dl:area",
                    "More than 0 values on <a>->dl:hasPart", "Value is not <= 8.0",
                    "Node <a> must not conform to shape <s>", "Value does not have class dl:Dock"):
        assert engine_wording(default), default
    assert not engine_wording("The main walkway of a dock may not exceed 8 feet in width "
                              "(§ 73-9C(1)(a)).")



#: One message in each of pySHACL's default wordings (findings.wording.ENGINE_DEFAULTS, in order).
ONE_OF_EACH = (
    "Value 5 not in list ['false']", "Less than 1 values on <a>->dl:area",
    "Value is not <= 8.0", "Value of <a>->dl:length >= <a>->dl:width",
    "Value does not match pattern '^x'", "Value is not Literal with datatype xsd:decimal",
    "Value class is not in classes (dl:Dock)", "Value must conform to every Shape in ( s )",
    "Node <a> must not conform to shape <s>", "Node <a> is closed. It cannot have value: 1",
    "Node <a> value is not a in the set of values", "x does not contain a value in the set",
    "String length not <= 3", "String language is not in ['en']",
    "More than one String shares the same Language", "Focus node does not conform to shape <s>",
    "SPARQL generated constraint did not return a value",
    "Parameterised SHACL Query generated constraint <c>",
)


def test_each_default_wording_is_found_in_a_long_report() -> None:
    """The whole-text pre-check (``ANY_DEFAULT``, ``KEYWORDS``) passes none of the wordings:
    each is found on its own and as one line among many."""
    from docklaw.validate.findings.wording import ENGINE_DEFAULTS, engine_wording

    assert len(ONE_OF_EACH) == len(ENGINE_DEFAULTS)
    filler = "The main walkway of a dock may not exceed 8 feet (§ 73-9C(1)(a)).\n" * 200
    for pattern, message in zip(ENGINE_DEFAULTS, ONE_OF_EACH, strict=True):
        assert pattern.search(message), (pattern.pattern, message)
        assert engine_wording(message) == [message]
        assert engine_wording(filler + "  " + message + "\n" + filler) == [message]


def test_a_computed_limit_message_quotes_the_number_the_text_states() -> None:
    """fix-sb6: the § 73-9C(1) message said "a total of 700 square feet" where the text says
    720 (20 square feet of walkway inside a boathouse taken from it): {stated} quotes the rule's
    dl:statedLimit, the computed {limit} follows in words that trace to § 73-8B(1)(e)."""
    from docklaw.law.snapshot import get_prepared
    from docklaw.namespaces import shape_ns

    compiled = get_prepared().compiled("south-bristol")
    shape = shape_ns("south-bristol")["73-9C-1-dock-area"]
    texts = [str(m) for node in [shape, *compiled.graph.objects(shape, SH.sparql)]
             for m in compiled.graph.objects(node, SH.message)]
    assert texts and all("a total of 720 square feet including walkways" in t for t in texts)
    assert all("{stated}" not in t for t in texts)


@pytest.mark.parametrize(("shape_id", "stated"), [
    ("73-10A-consolidated-dock-area", "may not exceed 1080 square feet (§ 73-10A)"),
    ("73-10B-3-two-parcel-consolidated-dock-area", "may not exceed 1080 square feet (§ 73-10B(3))"),
    ("73-10B-4-three-parcel-consolidated-dock-area",
     "may not exceed 1280 square feet (§ 73-10B(4))"),
])
def test_a_consolidated_dock_message_quotes_the_number_the_text_states(
        shape_id: str, stated: str) -> None:
    """fix-sb7: the § 73-10A and § 73-10B(3)/(4) messages showed only the limit computed after
    the walkways inside the parcel's boathouses are subtracted, as if the law said it: {stated}
    quotes the rule's dl:statedLimit, the computed {limit} follows."""
    from docklaw.law.snapshot import get_prepared
    from docklaw.namespaces import shape_ns

    compiled = get_prepared().compiled("south-bristol")
    shape = shape_ns("south-bristol")[shape_id]
    texts = [str(m) for node in [shape, *compiled.graph.objects(shape, SH.sparql)]
             for m in compiled.graph.objects(node, SH.message)]
    assert texts and all(stated in t and "which leaves this dock" in t for t in texts)
    assert all("{stated}" not in t and "{limit}" not in t for t in texts)

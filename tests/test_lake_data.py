"""Facts that are law stored as data: lake datums (Keuka § 160-121, Canandaigua § 73-5,
§ 73-9C(1)(d)) read by the rules, and the saved query that lists them."""

from __future__ import annotations

from decimal import Decimal

from rdflib import URIRef

from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL
from docklaw.queries.catalogue import get
from docklaw.queries.run import default_store, run_saved

SB = "https://w3id.org/docklaw/code/south-bristol/"
JR = "https://w3id.org/docklaw/code/jerusalem/"


def rows() -> list[dict]:
    return run_saved(default_store(), get("lake-datums"), {}).rows


def test_lake_datums_query_lists_every_stated_level_with_its_section() -> None:
    found = {(str(r["lakeName"]), str(r["datumName"]), Decimal(str(r["value"])), str(r["citation"]))
             for r in rows()}
    assert ("Keuka Lake", "mean high water", Decimal("715.3"), "§ 160-121") in found
    assert ("Keuka Lake", "mean low water", Decimal("712.55"), "§ 160-121") in found
    assert ("Canandaigua Lake", "mean high water", Decimal("689.4"), "§ 73-5") in found
    assert ("Canandaigua Lake", "mean low water", Decimal("686.6"), "§ 73-5") in found
    assert ("Canandaigua Lake", "depth extension level", Decimal("683.6"), "§ 73-9C(1)(d)") in found
    assert all(str(r["unit"]) == "foot" and str(r["relativeToName"]) == "mean sea level"
               for r in rows())


def test_lake_datums_query_filters_by_jurisdiction() -> None:
    result = run_saved(default_store(), get("lake-datums"), {"jurisdiction": "jerusalem"})
    assert {str(r["lakeName"]) for r in result.rows} == {"Keuka Lake"}


def test_depth_extension_rules_are_limited_by_the_datum_node() -> None:
    """The 683.60 limit is typed once, on the datum; both depth-extension rules read it."""
    law = get_prepared().knowledge
    datum = URIRef(SB + "datum/depth-extension-level")
    limited = {str(r) for r in law.subjects(DL.limit, datum)}
    assert limited == {"https://w3id.org/docklaw/rule/south-bristol/73-9C-1-d-depth-extension-elevation",
                       "https://w3id.org/docklaw/rule/south-bristol/73-13H-depth-extension-elevation"}
    assert law.value(datum, DL.derivedFromDatum) == URIRef(SB + "datum/mean-low-water")


def test_keuka_shallow_water_rule_measures_from_the_mean_low_water_datum() -> None:
    law = get_prepared().knowledge
    rule = URIRef("https://w3id.org/docklaw/rule/jerusalem/160-123A-1-b-2-shallow-water")
    assert law.value(rule, DL.referenceDatum) == URIRef(JR + "datum/mean-low-water")

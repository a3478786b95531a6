"""/apply in real headless Chromium: from an empty form to a decided verdict (issue 25 item 5).

A Kings Point 120-ft dock with a boat lift, and a North Haven dock: the test picks the code, the
kind of work and the structures, then answers every question the page asks with the facts of the
code's shipped complete example (the page decides which questions; the test does not know
them), records the Board's findings, and waits for the page's own check (apply.js, on every
change) to say "conforms". Then the dock is made too long and the page names the violation, how
far off it is and the relief. Skips only when CI is not set and Chromium is absent.
"""

from __future__ import annotations

import json

from docklaw.namespaces import DL
from docklaw.validate.pipeline import validate_bytes
from fixtures.apply import example_facts
from fixtures.browser import MARKS  # `server`, `browser`: session fixtures in conftest.py

pytestmark = MARKS

NEW = str(DL.NewConstruction)


def wait(driver, seconds: float = 90):  # type: ignore[no-untyped-def]
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,))


def detached(element) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``element`` has left the page. Selenium's ``staleness_of`` knows only
    StaleElementReferenceException; Chromium may instead answer an element of the unloaded
    document with an inspector error ("Node with given id does not belong to the document"),
    which means the same thing (a CI run failed on it)."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    try:
        element.is_enabled()
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in str(error):
            return True
        raise
    return False


def reloaded(driver, action) -> None:  # type: ignore[no-untyped-def]
    """Run an action that submits the form and wait for the new page."""
    from selenium.webdriver.common.by import By
    old = driver.find_element(By.ID, "apply-form")
    action()
    wait(driver).until(lambda _d: detached(old))
    wait(driver).until(lambda d: d.find_element(By.ID, "apply-form").get_attribute(
        "data-state") in ("ready", "checked"))


def pick_code(driver, jid: str) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    reloaded(driver, lambda: Select(driver.find_element(By.ID, "code")).select_by_value(jid))


def add_structure(driver, cls: str, name: str, part_of: str = "") -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, "add-class")).select_by_value(cls)
    driver.find_element(By.ID, "add-name").send_keys(name)
    if part_of:
        Select(driver.find_element(By.ID, "add-partof")).select_by_value(part_of)
    reloaded(driver, lambda: driver.find_element(By.ID, "add-structure").click())


def answer_every_question(driver, facts) -> list[str]:  # type: ignore[no-untyped-def]
    """Fill each field the page shows from ``facts`` ((subject, property) -> values); the
    questions the facts do not answer are returned."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    unanswered = []
    for field in driver.find_elements(By.CSS_SELECTOR, "#apply-form .field"):
        subject, prop = field.get_attribute("data-subject"), field.get_attribute("data-prop")
        values = facts.get((subject, prop))
        if not values:
            unanswered.append(f"{subject} {prop}")
            continue
        quantity = field.find_elements(By.CSS_SELECTOR, "input.quantity")
        boxes = field.find_elements(By.CSS_SELECTOR, "input[type=checkbox]")
        selects = field.find_elements(By.CSS_SELECTOR, "select:not(.unit)")
        if quantity:
            value, unit = values[0]
            Select(field.find_element(By.CSS_SELECTOR, "select.unit")).select_by_value(unit)
            quantity[0].clear()
            quantity[0].send_keys(value)
        elif boxes:
            for box in boxes:
                if box.get_attribute("value") in {v for v, _ in values} and not box.is_selected():
                    box.click()
        elif selects:
            Select(selects[0]).select_by_value(values[0][0])
        else:
            box = field.find_element(By.CSS_SELECTOR, "input")
            box.clear()
            text = values[0][0]
            box.send_keys(text[2:] if text.startswith("--") else text)  # MM-DD as typed
    return unanswered


def record_findings(driver) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    for box in driver.find_elements(By.CSS_SELECTOR, "#findings input[type=checkbox]"):
        if not box.is_selected():
            box.click()


def checked(driver) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """Wait for the page's own check of the latest change; the verdict it shows."""
    from selenium.webdriver.common.by import By

    wait(driver).until(lambda d: d.find_element(By.ID, "apply-form").get_attribute(
        "data-state") == "checked")
    status = driver.find_element(By.ID, "apply-status")
    return {"status": status.get_attribute("data-status"), "headline": status.text,
            "violations": driver.find_element(By.ID, "apply-violations").text,
            "needed": driver.find_element(By.ID, "apply-needed").text}


def download(driver, fmt: str) -> bytes:  # type: ignore[no-untyped-def]
    """What the page's Download button posts, fetched in the page (the form as it stands)."""
    text = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "fetch('/apply/download?format=' + arguments[0], {method: 'POST',"
        " body: new FormData(document.getElementById('apply-form'))})"
        ".then(function (r) { return r.text(); }).then(done);", fmt)
    return text.encode("utf-8")


def test_kings_point_120_ft_dock_with_a_lift_from_empty_to_decided(server, browser) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.set_script_timeout(60)
    browser.get(server + "/apply")
    pick_code(browser, "kings-point")
    Select(browser.find_element(By.ID, "work")).select_by_value(NEW)
    add_structure(browser, str(DL.FixedDock), "dock")
    add_structure(browser, str(DL.BoatLift), "lift", part_of="1")
    assert Select(browser.find_element(By.ID, "work")).first_selected_option.get_attribute(
        "value") == NEW  # the page kept what was chosen
    # the lift's own questions are asked under it
    for fid in ("f-s1-length", "f-s1-distanceToNavigableDepth", "f-s2-liftCapacity",
                "f-s2-boatWeight", "f-parcel-shorelineFrontage"):
        assert browser.find_elements(By.ID, fid), fid
    # the section a field serves: its text on hover (title) and on click (details)
    served = browser.find_element(By.CSS_SELECTOR, "#f-s1-length .served")
    assert "navigable" in served.find_element(By.CSS_SELECTOR, ".citation").get_attribute(
        "title")
    served.find_element(By.TAG_NAME, "summary").click()
    assert "navigable" in served.find_element(By.TAG_NAME, "blockquote").text

    length = browser.find_element(By.ID, "f-s1-length-input")
    length.send_keys("36.576")
    Select(browser.find_element(By.ID, "f-s1-length-unit")).select_by_visible_text("metres")
    assert browser.find_element(By.CSS_SELECTOR, "#f-s1-length .conversion").text == \
        "= 120 feet"
    first = checked(browser)
    assert first["status"] == "incomplete" and "Standards D(1)" in first["needed"]
    assert browser.find_elements(By.CSS_SELECTOR, "#f-s1-distanceToChannel.needed")

    facts = example_facts("kings-point", {"parcel": "parcel", "s1": "dock", "s2": "lift"})
    facts[("s1", "dl:length")] = [("120", "http://qudt.org/vocab/unit/FT")]
    # a dock with a lift and no float (the example's 480 sq ft of floats, with no float in the
    # form, would be floats not listed, whose facts the float rules ask)
    facts[("s1", "dl:totalFloatArea")] = [("0", "http://qudt.org/vocab/unit/FT2")]
    assert answer_every_question(browser, facts) == []
    record_findings(browser)
    decided = checked(browser)
    assert decided["status"] == "conforms", decided
    assert decided["headline"] == "conforms" and decided["needed"] == "nothing"
    for fmt, syntax in (("ttl", "turtle"), ("jsonld", "json-ld")):
        report = validate_bytes(download(browser, fmt), syntax, name=f"download.{fmt}")
        assert report.status == "conforms"

    length = browser.find_element(By.ID, "f-s1-length-input")
    length.clear()
    length.send_keys("225")
    too_long = checked(browser)
    assert too_long["status"] == "violates"
    assert "Standards D(1)" in too_long["violations"]
    assert "225 feet: 65 feet over the limit of 160 feet" in too_long["violations"]
    assert "relief: waiver (Board of Trustees of the Village of Kings Point)" in \
        too_long["violations"]
    report = validate_bytes(download(browser, "ttl"), "turtle")
    assert report.status == "violates"
    assert {r.section for r in report.results if r.severity == "Violation"} == {"Standards D(1)"}


def test_north_haven_dock_from_empty_to_decided(server, browser) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.set_script_timeout(60)
    browser.get(server + "/apply?code=north-haven")
    Select(browser.find_element(By.ID, "work")).select_by_value(NEW)
    add_structure(browser, str(DL.FixedDock), "pier")
    facts = example_facts("north-haven", {"application": "application", "parcel": "parcel",
                                          "s1": "pier"})
    unanswered = answer_every_question(browser, facts)
    # asked, but a new dock does not need them: the verdict is decided without
    assert "s1 dl:preexistingLength" in unanswered
    record_findings(browser)
    decided = checked(browser)
    assert decided["status"] == "conforms", decided
    report = validate_bytes(download(browser, "ttl"), "turtle")
    assert report.status == "conforms"
    # a 110-ft dock from mean low water breaks § 56-2B (at most 100 feet, new construction)
    field = browser.find_element(By.ID, "f-s1-lengthFromMLW-input")
    field.clear()
    field.send_keys("110")
    too_long = checked(browser)
    assert too_long["status"] == "violates" and "§ 56-2B" in too_long["violations"]
    assert "110 feet: 10 feet over the limit of 100 feet" in too_long["violations"]


def test_kings_point_lift_is_asked_only_its_own_facts(server, browser) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    browser.get(server + "/apply?code=kings-point")
    add_structure(browser, str(DL.FixedDock), "dock")
    add_structure(browser, str(DL.BoatLift), "lift", part_of="1")
    assert not browser.find_elements(By.ID, "f-s2-railingHeight")


def test_json_of_the_check_is_what_the_page_shows(server, browser) -> None:  # type: ignore[no-untyped-def]
    """apply.js renders /apply/check: the same status as a no-script POST of the same form."""
    from selenium.webdriver.common.by import By

    browser.get(server + "/apply?code=north-haven")
    add_structure(browser, str(DL.FixedDock), "pier")
    browser.find_element(By.ID, "f-s1-width-input").send_keys("5")
    shown = checked(browser)
    answer = json.loads(browser.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "fetch('/apply/check', {method: 'POST',"
        " body: new FormData(document.getElementById('apply-form'))})"
        ".then(function (r) { return r.text(); }).then(done);"))
    assert answer["status"] == shown["status"]

"""In real headless Chromium: upload a drawn application and see its plan and violated sections.

Same conventions as test_browser.py: skips only when CI is not set and Chromium, chromedriver or
selenium are absent; with CI=true it must run (Debian: chromium chromium-driver; PyPI: selenium).
"""

from __future__ import annotations

from pathlib import Path

from fixtures.browser import MARKS

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "plan" / \
    "north-haven-drawn-violations.ttl"

pytestmark = MARKS


# `server` and `browser`: session fixtures in conftest.py (one Chromium per run)


def test_uploaded_drawing_shows_its_plan_with_the_violated_sections(server: str,
                                                                     browser) -> None:  # type: ignore[no-untyped-def]
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(browser, 60, ignored_exceptions=(StaleElementReferenceException,))
    browser.get(server + "/")
    wait.until(lambda d: d.find_element(By.ID, "application")).send_keys(str(FIXTURE))
    browser.find_element(By.ID, "validate").click()
    plan = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "svg.docklaw-plan"))
    size = plan.size
    assert size["width"] > 200 and size["height"] > 150  # rendered, not an empty box
    failing = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "svg.docklaw-plan g.failing"))
    labels = {el.text for el in failing}
    assert "§ 56-3A: -44.59 feet (limit 40 feet)" in labels
    assert "§ 56-2B: 110 feet (limit 100 feet)" in labels
    violated = {el.text for el in browser.find_elements(
        By.CSS_SELECTOR, "svg.docklaw-plan text.violated-section")}
    assert violated == {"§ 56-2B", "§ 56-3A"}
    assert all(el.is_displayed() for el in failing)

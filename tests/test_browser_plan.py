"""In real headless Chromium: upload a drawn application and see its plan and violated sections.

Same conventions as test_browser.py: skips only when CI is not set and Chromium, chromedriver or
selenium are absent; with CI=true it must run (Debian: chromium chromium-driver; PyPI: selenium).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from docklaw.web import create_app

CHROMEDRIVER = "/usr/bin/chromedriver"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "plan" / \
    "north-haven-drawn-violations.ttl"

try:
    import selenium  # noqa: F401
    HAVE_SELENIUM = True
except ImportError:
    HAVE_SELENIUM = False
AVAILABLE = HAVE_SELENIUM and Path(CHROMEDRIVER).exists() and bool(
    shutil.which("chromium") or Path("/usr/bin/chromium").exists())

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not AVAILABLE and os.environ.get("CI") != "true",
                       reason="chromium, chromium-driver or selenium absent (CI not set)"),
]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    app = create_app({"SPARQL_EXECUTION": "inline"})
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}"
    http.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="docklaw-chromium-")
    options = webdriver.ChromeOptions()
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                f"--user-data-dir={profile}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


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

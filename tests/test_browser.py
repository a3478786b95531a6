"""End to end in real headless Chromium: run a saved query, upload an application.

Skips only when CI is not set and Chromium/chromedriver/selenium are absent; with CI=true
it must run (Debian packages: chromium chromium-driver; PyPI: selenium).
"""

from __future__ import annotations

from pathlib import Path

from fixtures.browser import MARKS

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "web" / "north-haven-too-long.ttl"
EXAMPLE = (Path(__file__).resolve().parents[1] / "examples" / "north-haven"
           / "several-violations.ttl")

pytestmark = MARKS


# `server` and `browser`: session fixtures in conftest.py (one Chromium per run)


def test_saved_query_then_upload(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    # The page may re-render (or navigate to the permalink) while we look: every wait re-finds
    # its elements and retries on a stale reference instead of holding on to an old node.
    wait = WebDriverWait(browser, 60, ignored_exceptions=(StaleElementReferenceException,))
    browser.get(server + "/")
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "a.saved[data-name='max-length']"))
    browser.find_element(By.CSS_SELECTOR, "a.saved[data-name='max-length']").click()

    def result_table(d):  # type: ignore[no-untyped-def]
        table = d.find_element(By.ID, "result-table")
        text = table.text
        if "§ 56-2B" not in text:
            return False
        return {"/" + a.get_attribute("href").split("/", 3)[-1]
                for a in table.find_elements(By.TAG_NAME, "a")}

    hrefs = wait.until(result_table)
    assert "/code/north-haven/56-2B" in hrefs  # IRIs link to the local law pages
    upload = EXAMPLE if EXAMPLE.exists() else FIXTURE
    wait.until(lambda d: d.find_element(By.ID, "application")).send_keys(str(upload))
    browser.find_element(By.ID, "validate").click()
    body = wait.until(lambda d: (t := d.find_element(By.TAG_NAME, "body").text)
                      and "56-2B" in t and t)
    assert "§ 56-2B" in body


def test_search_saved_query_validate_and_cite_without_leaving_the_site(
        server: str, browser) -> None:  # type: ignore[no-untyped-def]
    """The newcomer's tour: search from the navigation, open a hit, run a saved query for a
    chosen code, validate an uploaded example, follow its citation to the local section page
    (and use the editor's completion on the way); every page is this site's."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

    wait = WebDriverWait(browser, 60, ignored_exceptions=(StaleElementReferenceException,))
    visited: list[str] = []

    def on_site() -> None:
        visited.append(browser.current_url)
        assert browser.current_url.startswith(server), browser.current_url
        assert browser.find_elements(By.ID, "site-nav"), browser.current_url

    # 1. search from the box in the navigation, open the best hit
    browser.get(server + "/compare")
    on_site()
    box = wait.until(lambda d: d.find_element(By.ID, "nav-search-q"))
    box.send_keys("boat lifts", Keys.ENTER)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results a.hit-title"))
    on_site()
    assert "<mark>" in browser.page_source.lower()
    first = browser.find_element(By.CSS_SELECTOR, "#search-results a.hit-title")
    target = first.get_attribute("href")
    first.click()
    wait.until(lambda d: d.current_url == target and d.find_elements(By.ID, "title"))
    on_site()
    assert "/code/" in browser.current_url  # the best hit for boat lifts is a section

    # 2. a saved query with a jurisdiction chosen from the registered codes
    browser.get(server + "/?saved=max-length")
    on_site()
    Select(wait.until(lambda d: d.find_element(By.ID, "param-jurisdiction"))
           ).select_by_value("jerusalem")
    browser.find_element(By.CSS_SELECTOR, "#params-form button[type=submit]").click()
    wait.until(lambda d: "p-jurisdiction=jerusalem" in d.current_url
               and d.find_elements(By.ID, "result-table"))
    on_site()
    table = browser.find_element(By.ID, "result-table").text
    assert "160-" in table and "56-" not in table and "73-" not in table

    # the editor highlights SPARQL and completes the project's terms
    editor = browser.find_element(By.ID, "query")
    assert browser.find_elements(By.CSS_SELECTOR, "#query-highlight .tok-keyword")
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys("\n# dl:Secti")
    wait.until(lambda d: d.find_element(By.ID, "completions").is_displayed())
    assert "dl:Section" in browser.find_element(By.ID, "completions").text

    # 3. validate an uploaded example; 4. follow a citation to the local section page
    browser.get(server + "/")
    wait.until(lambda d: d.find_element(By.ID, "application")).send_keys(str(EXAMPLE))
    browser.find_element(By.ID, "validate").click()
    wait.until(lambda d: d.find_elements(By.ID, "verdict"))
    on_site()
    assert "does not conform" in browser.find_element(By.ID, "verdict").text
    link = next(a for a in browser.find_elements(By.CSS_SELECTOR, "a.citation")
                if a.text == "§ 56-2D")
    link.click()
    wait.until(lambda d: d.find_element(By.ID, "title").text == "§ 56-2D")
    on_site()
    assert browser.current_url == server + "/code/north-haven/56-2D"
    assert "four feet" in browser.find_element(By.ID, "law-text").text
    assert all(url.startswith(server) for url in visited)

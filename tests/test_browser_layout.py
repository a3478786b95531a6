"""Pages that work on a phone, in real headless Chromium: at 390 px and at 1,366 px no page
scrolls sideways (wide tables scroll inside their own box), the navigation folds behind a Menu
button on the phone and names the codes by name, and result tables sort and page.

Skips only when CI is not set and Chromium/chromedriver/selenium are absent; with CI=true
it must run (Debian packages: chromium chromium-driver; PyPI: selenium).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fixtures.browser import MARKS, chromium

pytestmark = MARKS

PAGES = ["/", "/?saved=max-length", "/?saved=permit-path", "/search?q=boat+lift",
         "/compare", "/compare?envelope=1", "/chapter/south-bristol",
         "/code/north-haven/56-2", "/code/north-haven/56-3D", "/jurisdiction/north-haven",
         "/rule/north-haven/56-2D-width", "/search?q=dock&limit=100"]
#: a query with more rows than a page holds, and a column to sort
MANY_ROWS = ("/?query=SELECT+%3Fcitation+%3Fsection+WHERE+%7B+%3Fsection+dl%3Acitation+"
             "%3Fcitation+%7D+LIMIT+90")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Its own Chromium: scrollbars hidden, so page widths are measured without them."""
    with chromium("--hide-scrollbars", page_load_timeout=180) as driver:
        yield driver


def widths(browser) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return tuple(browser.execute_script(  # type: ignore[return-value]
        "return [document.documentElement.scrollWidth, window.innerWidth]"))


@pytest.mark.parametrize("width", [390, 1366])
def test_no_page_scrolls_sideways(server: str, browser, width: int) -> None:  # type: ignore[no-untyped-def]
    browser.set_window_size(width, 900)
    too_wide = {}
    for path in PAGES:
        browser.get(server + path)
        scroll, inner = widths(browser)
        assert inner <= width
        if scroll > inner:
            too_wide[path] = scroll
    assert too_wide == {}, f"pages wider than {width} px: {too_wide}"


def test_wide_tables_scroll_in_their_own_box(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    browser.set_window_size(390, 900)
    browser.get(server + "/?saved=permit-path")
    table, box, overflow = browser.execute_script(
        "var t = document.getElementById('result-table');"
        "return [t.scrollWidth, t.parentNode.clientWidth,"
        " getComputedStyle(t.parentNode).overflowX];")
    assert overflow == "auto" and box <= 390
    assert table >= box  # the table may be wider than its box: the box scrolls, not the page
    assert widths(browser)[0] <= 390


def test_nav_folds_on_a_phone_and_names_codes(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    browser.set_window_size(390, 900)
    browser.get(server + "/compare")
    links = browser.find_element(By.ID, "nav-links")
    toggle = browser.find_element(By.ID, "nav-toggle")
    assert toggle.is_displayed() and not links.is_displayed()
    toggle.click()
    assert links.is_displayed() and toggle.get_attribute("aria-expanded") == "true"
    names = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#nav-codes a")]
    assert "Keuka Lake — Town of Jerusalem" in names and "Village of North Haven" in names
    assert not any(name in ("jerusalem", "north-haven") for name in names)
    assert widths(browser)[0] <= 390  # the open menu fits too
    browser.set_window_size(1366, 900)
    browser.get(server + "/compare")
    assert not browser.find_element(By.ID, "nav-toggle").is_displayed()
    assert browser.find_element(By.ID, "nav-compare").is_displayed()


def test_result_table_sorts_and_pages(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    browser.set_window_size(1366, 900)
    browser.get(server + MANY_ROWS)
    table = browser.find_element(By.ID, "result-table")
    visible = "return Array.from(document.querySelectorAll('#result-table tbody tr'))" \
              ".filter(function (r) { return !r.hidden; })" \
              ".map(function (r) { return r.cells[0].textContent.trim(); });"
    assert len(browser.execute_script(visible)) == 25
    info = browser.find_element(By.CSS_SELECTOR, ".pager-info").text
    assert info == "rows 1\u201325 of 90"
    browser.find_element(By.CSS_SELECTOR, ".pager-next").click()
    assert browser.find_element(By.CSS_SELECTOR, ".pager-info").text == "rows 26\u201350 of 90"

    heading = table.find_elements(By.CSS_SELECTOR, "thead th")[0]
    heading.click()
    assert heading.get_attribute("aria-sort") == "ascending"
    # back on the first page, sorted as the page's own collation sorts
    assert browser.find_element(By.CSS_SELECTOR, ".pager-info").text == "rows 1\u201325 of 90"
    every = "return Array.from(document.querySelectorAll('#result-table tbody tr'))" \
            ".map(function (r) { return r.cells[0].textContent.trim(); });"
    values = browser.execute_script(every)
    expected = browser.execute_script(
        "var v = arguments[0].slice(); v.sort(function (a, b) { return a.localeCompare(b, "
        "undefined, {numeric: true, sensitivity: 'base'}); }); return v;", values)
    assert values == expected and len(values) == 90
    heading.click()
    assert heading.get_attribute("aria-sort") == "descending"
    assert browser.execute_script(every) == list(reversed(expected))
    # all rows at once
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.CSS_SELECTOR, ".pager-size")).select_by_visible_text("all")
    assert len(browser.execute_script(visible)) == 90

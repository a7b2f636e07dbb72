"""An explain report opened in a real headless Chromium (Debian's, driven by Playwright): the blocks, the plots
and the reasons render, and no request leaves the file, even for a page full of scripts, styles and images.

Chromium is installed by .ci/run; without it (or without the playwright package) the tests skip on a
developer's machine and fail in CI (CI=true), so a missing install cannot pass unnoticed.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from test_explain import HOSTILE, PARAGRAPHS, URL, news_page

from crawler.explain import explain_page, write_report

pytestmark = pytest.mark.slow  # a real browser, launched for the module

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]


def _require(ready: bool, why: str) -> None:
    if not ready:
        if os.environ.get("CI"):
            pytest.fail(f"{why}: .ci/run should have installed it")
        pytest.skip(why)


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    _require(sync_playwright is not None, "the playwright package is not installed")
    _require(Path(CHROMIUM).is_file(), f"no Chromium at {CHROMIUM}")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


class OpenedReport:
    """A report loaded in a fresh page, with every request and console message it caused."""

    def __init__(self, browser, path: Path) -> None:
        self.url = path.resolve().as_uri()
        self.requests: list[str] = []
        self.console: list[str] = []
        self.errors: list[str] = []
        self.page = browser.new_page(viewport={"width": 1280, "height": 1000})
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", lambda message: self.console.append(f"{message.type}: {message.text}"))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(self.url, wait_until="load")
        self.page.wait_for_timeout(300)  # late requests (fonts, beacons) would show up here


@pytest.fixture(scope="module")
def report(browser, tmp_path_factory):
    hostile = (f"<p>{HOSTILE.replace('<', '&lt;')}</p>"
               '<p><img src="https://img.example.invalid/inline.png" onerror="fetch(\'https://x.example.invalid\')">'
               '<iframe src="https://frame.example.invalid/"></iframe>'
               '<link rel="stylesheet" href="https://cdn.example.invalid/late.css"></p>')
    page = news_page(extra=hostile).encode()
    gold = "\n".join(PARAGRAPHS)
    explanation = explain_page(page, URL, gold=gold)
    path = write_report(explanation, tmp_path_factory.mktemp("report") / "report.html")
    opened = OpenedReport(browser, path)
    yield opened, explanation
    opened.page.close()


def test_no_request_leaves_the_file(report):
    opened, _ = report
    assert opened.requests == [opened.url]
    assert not opened.errors
    assert not [m for m in opened.console if "Content Security Policy" in m or "Refused" in m], opened.console


def test_blocks_render_outlined_kept_and_dropped(report):
    opened, explanation = report
    page = opened.page
    kept = sum(1 for view in explanation.blocks if view.kept)
    assert page.locator(".block.kept").count() == kept > 0
    assert page.locator(".block.dropped").count() == len(explanation.blocks) - kept > 0
    first_kept = page.locator(".block.kept").first
    assert first_kept.evaluate("e => getComputedStyle(e).borderTopColor") == "rgb(46, 158, 79)"
    assert page.locator(".block.dropped").first.evaluate("e => getComputedStyle(e).borderTopStyle") == "dashed"
    # page text is shown as text, not markup
    hostile = page.locator(".block", has_text="onerror=alert(1)")
    assert hostile.count() == 1 and "<img src=x onerror=alert(1)>" in hostile.inner_text()


def test_plots_render(report):
    page = report[0].page
    cx = page.locator("svg.plot.cx")
    box = cx.bounding_box()
    assert box is not None and box["width"] > 600 and box["height"] > 150
    assert page.locator("svg.plot.cx polyline.distribution").count() == 1
    threshold = page.locator("svg.plot.cx line.threshold").bounding_box()  # a horizontal line: no height
    assert threshold is not None and threshold["width"] > 600
    assert page.locator("svg.plot.cx rect.region-chosen").count() >= 1
    density = page.locator("svg.plot.density")
    assert density.bounding_box()["height"] > 150
    assert page.locator("svg.plot.density rect.bar").count() > 5
    assert page.locator("svg.plot.density rect.container").count() >= 1


def test_hover_and_click_show_the_steps_in_chain_order(report):
    opened, explanation = report
    page = opened.page
    view = next(v for v in explanation.blocks if not v.kept and v.decisions[0][1])
    block = page.locator(f"#b{view.index}")
    steps = block.locator(".steps")
    assert not steps.is_visible()
    block.hover()
    assert steps.is_visible()
    shown = [item.split(" ")[0] for item in steps.locator("li").all_inner_texts()]
    assert shown == [d.step for _, ds in view.decisions for d in ds]
    assert view.deciding.reason in steps.inner_text()
    page.mouse.move(0, 0)
    assert not steps.is_visible()
    block.click()
    page.mouse.move(0, 0)
    assert steps.is_visible()  # pinned by the click


def test_show_all_reasons_box(report):
    page = report[0].page
    page.locator("#all").check()
    visible = page.locator(".block .steps").evaluate_all(
        "els => els.filter(e => getComputedStyle(e).display !== 'none').length")
    assert visible == page.locator(".block").count()
    page.locator("#all").uncheck()


def test_gold_highlights_render(report):
    page = report[0].page
    extra = page.locator("#text mark.extra")
    assert extra.count() >= 1
    assert extra.first.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 217, 168)"
    assert page.locator(".block.extra").count() >= 1


def test_screenshot_of_a_report(report, tmp_path):
    page = report[0].page
    target = tmp_path / "report.png"
    page.screenshot(path=str(target), full_page=False)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and target.stat().st_size > 20_000


def test_chinese_empty_and_huge_reports_open_cleanly(browser, tmp_path):
    from test_explain import GBK_PAGE, ZH_PARAGRAPHS

    gbk = GBK_PAGE.format(title="港口大桥将重建", body="".join(f"<p>{p}</p>" for p in ZH_PARAGRAPHS)).encode("gbk")
    huge = news_page([f"Paragraph {i}: " + PARAGRAPHS[i % len(PARAGRAPHS)] for i in range(25_000)]).encode()
    for name, page, expected in (("gbk", gbk, ZH_PARAGRAPHS[1]), ("empty", b"", "No blocks: empty input"),
                                 ("huge", huge, "more blocks not shown")):
        path = write_report(explain_page(page, "https://news.example.cn/2026/bridge.html"), tmp_path / f"{name}.html")
        opened = OpenedReport(browser, path)
        try:
            assert opened.requests == [opened.url] and not opened.errors, name
            assert expected in opened.page.locator("main").inner_text(), name
        finally:
            opened.page.close()

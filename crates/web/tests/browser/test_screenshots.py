"""Screenshots of the page, for the docs: `SCREENSHOTS=docs/screenshots pytest
crates/web/tests/browser -k screenshots` writes them there; without SCREENSHOTS they go to a
temporary folder (the steps still run as tests)."""

import os
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from test_games import MORRIS_GAME, morris_points


@pytest.fixture
def shots(tmp_path):
    folder = Path(os.environ.get("SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def viewport(page, width, height):
    """Sets the page's viewport (not the window) to width x height CSS pixels."""
    page.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )


def snap(page, folder, name):
    assert page.severe_logs() == []  # no script error, no refused style or script (CSP)
    path = folder / f"{name}.png"
    page.driver.execute_script("window.scrollTo(0, 0)")
    assert page.driver.save_screenshot(str(path))
    assert path.stat().st_size > 5000
    return path


@pytest.fixture
def shot_page(page):
    viewport(page, 1000, 800)
    yield page
    page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_screenshots_lobby_and_tictactoe(shot_page, shots):
    page = shot_page
    page.find('input[name="game"][value="gomoku"]').click()
    page.select("opt-rule", "renju")
    page.select("opt-opening", "swap2")
    page.find("#opt-time").send_keys("5m+3s")
    page.driver.execute_script("document.activeElement.blur()")
    snap(page, shots, "lobby")
    page.find('input[name="game"][value="tictactoe"]').click()
    page.find("#opt-time").clear()
    page.start("tictactoe")
    page.play("b2", "a1", "c3", "a3", "a2", "c1", "b1", "c2", "b3")
    page.wait_text("#status", "win")
    snap(page, shots, "tictactoe-won")


def test_screenshots_ultimate(shot_page, shots):
    page = shot_page
    page.start("ultimate", mode="local")
    page.play("51", "15", "52", "25", "53", "35", "99", "91", "19", "95", "77", "73", "31")
    snap(page, shots, "ultimate")


def test_screenshots_morris_capture(shot_page, shots):
    page = shot_page
    page.start("morris")
    page.play(*MORRIS_GAME[:10])
    page.find('#board [data-move="c5"]').click()
    page.wait().until(lambda d: page.finds("#board .pt.capture"))
    snap(page, shots, "morris-capture")


def test_screenshots_renju_forbidden(shot_page, shots):
    page = shot_page
    page.start("gomoku", rule="renju")
    page.play("h8", "a1", "i8", "a2", "g9", "a3", "g10", "a4")
    ActionChains(page.driver).move_to_element(page.find('#board [data-move="g8"]')).perform()
    page.visible("#tooltip")
    snap(page, shots, "gomoku-renju-forbidden")


def test_screenshots_phone_and_dark(shot_page, shots):
    page = shot_page
    viewport(page, 390, 844)
    page.start("gomoku", rule="caro", size="15")
    page.play("h8", "h9", "i8")
    snap(page, shots, "phone")
    viewport(page, 1000, 800)
    page.driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
    )
    page.find("#new-game").click()
    page.start("ultimate")
    page.play("55", "51", "15", "52", "25")
    snap(page, shots, "dark")


def dark(page, on=True):
    features = [{"name": "prefers-color-scheme", "value": "dark"}] if on else []
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def test_screenshots_morris_destinations_light_and_dark(shot_page, shots):
    page = shot_page
    page.start("morris")
    for move in MORRIS_GAME[:18]:
        points = morris_points(move)
        for point in points[:-1]:
            page.find(f'#board [data-move="{point}"]').click()
            page.wait().until(lambda d: page.finds(f'#board .pt.selected[data-move="{point}"]'))
        page.play(points[-1])
    page.find('#board [data-move="b2"]').click()
    page.wait().until(lambda d: len(page.finds("#board .target-dot")) >= 1)
    snap(page, shots, "morris-destinations")
    dark(page)
    page.wait().until(lambda d: page.finds("#board .target-dot"))
    snap(page, shots, "morris-destinations-dark")
    dark(page, False)


def test_screenshots_numbered_stones(shot_page, shots):
    page = shot_page
    page.start("gomoku", rule="renju")
    page.find("#show-numbers").click()
    page.play("h8", "h9", "i8", "g8", "i9", "i7", "j10", "k11", "g7", "h7", "j8", "f6")
    snap(page, shots, "gomoku-numbered")
    page.find("#show-numbers").click()


def test_screenshots_phone_tap_to_preview(shot_page, shots):
    page = shot_page
    viewport(page, 390, 844)
    page.start("gomoku", rule="freestyle", size="20")
    page.find("#confirm-moves").click()
    page.find('#board [data-move="a1"]').click()
    page.find('#board [data-move="a1"]').click()
    page.wait().until(lambda d: page.move_list() == ["a1"])
    page.find('#board [data-move="k10"]').click()
    page.wait().until(lambda d: page.finds('#board [data-move="k10"].ghost'))
    snap(page, shots, "phone-preview")
    page.find("#confirm-moves").click()

"""Games with a friend in the browser: two people in two browsers (their own profiles, as on
two devices), a spectator in a third, the server restarted in the middle of the game, and a
game on a phone-size screen. The server runs on its own database in a temporary folder."""

import os
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from conftest import CHROMEDRIVER, Page, chrome_options, server_binary


class FriendServer:
    """The server binary on a fixed port and a database in a temporary folder; it can be
    restarted on both."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="boardgames-friend-")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [str(server_binary()), "--port", str(self.port), "--exit-on-stdin-eof",
             "--data-dir", self.folder],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        first = self.process.stdout.readline().strip()
        if first != self.base:
            self.process.kill()
            pytest.fail(f"the server did not start on {self.base}: {first!r}", pytrace=False)
        for stream in (self.process.stdout, self.process.stderr):
            threading.Thread(target=stream.read, daemon=True).start()

    def kill(self):
        """SIGKILL: the server has no chance to save anything more."""
        self.process.kill()
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture
def friend_server():
    if not server_binary().is_file():
        pytest.fail(f"the server binary {server_binary()} does not exist", pytrace=False)
    server = FriendServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def second_browser():
    """Two more browsers with their own profiles: the friend's and a spectator's."""
    drivers, folders = [], []
    for _ in range(2):
        user_data, downloads = tempfile.mkdtemp(), tempfile.mkdtemp()
        folders += [user_data, downloads]
        drivers.append(webdriver.Chrome(service=Service(CHROMEDRIVER), options=chrome_options(user_data, downloads)))
    yield drivers
    for driver in drivers:
        driver.quit()
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def shots(tmp_path):
    folder = Path(os.environ.get("SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def ready(page: Page, url: str) -> Page:
    page.driver.get(url)
    page.wait().until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    page.wait().until(lambda d: d.execute_script(
        "return document.getElementById('connection').dataset.connected === 'true'"))
    return page


def script_errors(page: Page) -> list:
    """The console's errors but the refused reconnections while the server was down."""
    return [m for m in page.severe_logs() if "ERR_CONNECTION_REFUSED" not in m]


def moves_seen(page: Page) -> int:
    return len(page.finds("#move-list li"))


def play(mover: Page, others, move: str):
    """`mover` clicks `move`; every page sees it arrive."""
    count = moves_seen(mover)
    mover.wait().until(lambda d: d.find_element("css selector", f'#board [data-move="{move}"][data-legal="true"]'))
    mover.find(f'#board [data-move="{move}"]').click()
    for page in [mover, *others]:
        page.wait().until(lambda d, p=page: moves_seen(p) > count)


def friend_game(creator: Page, game: str, **options) -> str:
    """Creates a friend game from the lobby; answers the invitation link."""
    creator.find(f'input[name="game"][value="{game}"]').click()
    creator.find('input[name="mode"][value="friend"]').click()
    for key, value in options.items():
        creator.select(f"opt-{key}", str(value))
    creator.find("#start").click()
    creator.wait().until(lambda d: "/friend/" in d.current_url)
    creator.wait().until(lambda d: d.execute_script(
        "return document.getElementById('connection').dataset.connected === 'true'"))
    link = creator.find("#invite-link").get_attribute("value")
    assert "#" not in link, "the invitation holds no seat's token"
    assert creator.find("#own-link").get_attribute("value").startswith(link + "#")
    return link


def test_a_friend_game_from_two_browsers_with_a_spectator_and_a_restart(
        friend_server, browser_session, second_browser, shots):
    driver, downloads = browser_session
    driver.set_window_size(1000, 800)
    driver.get_log("browser")
    creator = Page(driver, friend_server.base, downloads).open()
    link = friend_game(creator, "tictactoe")
    friend = ready(Page(second_browser[0], friend_server.base, downloads), link)
    assert "You play O" in friend.find("#role").text
    creator.wait_text("#role", "You play X")
    spectator = ready(Page(second_browser[1], friend_server.base, downloads), link)
    assert "watching" in spectator.find("#role").text
    assert not spectator.find("#resign").is_displayed()
    everyone = [creator, friend, spectator]
    x_moves, o_moves = ["b2", "c3", "a2", "b1", "b3"], ["a1", "a3", "c1", "c2"]
    for ply in range(4):
        mover, move = (creator, x_moves[ply // 2]) if ply % 2 == 0 else (friend, o_moves[ply // 2])
        play(mover, [p for p in everyone if p is not mover], move)
    # A spectator's click does nothing: no point is playable for it.
    assert spectator.legal() == set()
    spectator.find('#board [data-move="a2"]').click()
    assert moves_seen(spectator) == 4
    # The server dies with SIGKILL and comes back on the same database: the pages reconnect.
    friend_server.kill()
    for page in everyone:
        page.wait().until(lambda d: d.execute_script(
            "return document.getElementById('connection').dataset.connected === 'false'"))
    friend_server.start()
    for page in everyone:
        page.wait().until(lambda d: d.execute_script(
            "return document.getElementById('connection').dataset.connected === 'true'"))
        assert moves_seen(page) == 4
    for ply in range(4, 9):
        mover, move = (creator, x_moves[ply // 2]) if ply % 2 == 0 else (friend, o_moves[ply // 2])
        play(mover, [p for p in everyone if p is not mover], move)
    for page in everyone:
        page.wait_text("#status", "win")
    assert "You win: three in a row" in creator.find("#status").text
    assert "X wins: three in a row" in friend.find("#status").text
    assert creator.find("#status").get_attribute("data-result") == "first"
    assert spectator.find("#status").get_attribute("data-result") == "first"
    for page in everyone:
        assert script_errors(page) == [], "no script error, nothing refused by the CSP"
    driver.save_screenshot(str(shots / "friend.png"))
    # The page speaks the site's languages, its own texts included.
    spectator.select("lang-select", "zh-Hans")
    spectator.wait_text("#role", "你正在观看这盘棋")
    assert spectator.find("#connection").text == "已连接。"
    spectator.select("lang-select", "zh-Hant")
    spectator.wait_text("#role", "你正在觀看這盤棋")
    assert "獲勝" in spectator.find("#status").text
    spectator.select("lang-select", "en")
    spectator.wait_text("#role", "watching")


def test_a_friend_game_on_phone_size_screens(friend_server, browser_session, second_browser, shots):
    driver, downloads = browser_session
    phones = [driver, second_browser[0]]
    for phone in phones:
        phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    try:
        creator = Page(driver, friend_server.base, downloads).open()
        driver.get_log("browser")  # the earlier tests' messages
        link = friend_game(creator, "gomoku", rule="freestyle")
        friend = ready(Page(second_browser[0], friend_server.base, downloads), link)
        for page in (creator, friend):
            width = page.driver.execute_script("return document.getElementById('board').getBoundingClientRect().width")
            assert 300 <= width <= 390, f"the board fits the phone's width: {width}"
            assert page.driver.execute_script(
                "return document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
        black, white = ["h8", "h9", "h10", "h11", "h12"], ["a1", "a2", "a3", "a4"]
        for ply in range(9):
            mover, move = (creator, black[ply // 2]) if ply % 2 == 0 else (friend, white[ply // 2])
            play(mover, [friend if mover is creator else creator], move)
        for page in (creator, friend):
            page.wait_text("#status", "win")
            assert page.find("#status").get_attribute("data-result") == "first"
        driver.save_screenshot(str(shots / "friend-phone.png"))
        assert creator.severe_logs() == [] and friend.severe_logs() == []
    finally:
        for phone in phones:
            phone.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

"""Fixtures of the browser tests: the server binary and a headless Chromium.

Nothing is built here. The server is the binary named by ``BOARDGAMES_WEB_BIN`` (default:
``$CARGO_TARGET_DIR`` or ``target``, then ``/test-release/boardgames-web``); build it first with
``cargo build --profile test-release -p boardgames-web``. It is started with ``--port 0
--exit-on-stdin-eof`` and its address is read from its first line of output; closing its
standard input stops it. Chromium and chromedriver are Debian's (``/usr/bin/chromium``,
``/usr/bin/chromedriver``); when either is missing every test fails and says so.
"""

import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[4]
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WAIT_SECONDS = 20


def server_binary() -> Path:
    explicit = os.environ.get("BOARDGAMES_WEB_BIN")
    if explicit:
        return Path(explicit)
    target = os.environ.get("CARGO_TARGET_DIR") or str(REPO / "target")
    return Path(target) / "test-release" / "boardgames-web"


@pytest.fixture(scope="session")
def server():
    """The server's base address, e.g. ``http://127.0.0.1:40123``."""
    binary = server_binary()
    if not binary.is_file():
        pytest.fail(
            f"the server binary {binary} does not exist: build it with "
            "`cargo build --profile test-release -p boardgames-web` or set BOARDGAMES_WEB_BIN",
            pytrace=False,
        )
    # The friend games' database goes to a temporary folder, not the user's data folder.
    data = tempfile.mkdtemp(prefix="boardgames-data-")
    process = subprocess.Popen(
        [str(binary), "--port", "0", "--exit-on-stdin-eof", "--data-dir", data],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first = process.stdout.readline().strip()
    if not first.startswith("http://127.0.0.1:"):
        process.kill()
        pytest.fail(f"the server did not print its address: {first!r} {process.stderr.read()}", pytrace=False)
    # Drain the server's output so a full pipe never blocks it.
    for stream in (process.stdout, process.stderr):
        threading.Thread(target=stream.read, daemon=True).start()
    yield first
    process.stdin.close()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    shutil.rmtree(data, ignore_errors=True)


def chrome_options(user_data: str, downloads: str) -> webdriver.ChromeOptions:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={user_data}",
        "--window-size=1000,800",
        "--lang=en-US",
    ):
        options.add_argument(flag)
    options.add_experimental_option(
        "prefs",
        {
            "download.default_directory": downloads,
            "download.prompt_for_download": False,
            "intl.accept_languages": "en-US,en",
        },
    )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return options


@pytest.fixture(scope="session")
def browser_session():
    """One Chromium for the whole run (a fresh profile), and its download folder."""
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not shutil.which(path)]
    if missing:
        pytest.fail(
            "BROWSER TESTS CANNOT RUN: missing " + ", ".join(missing)
            + " (install Debian's chromium and chromium-driver: apt-get install chromium chromium-driver)",
            pytrace=False,
        )
    user_data = tempfile.mkdtemp(prefix="boardgames-chromium-")
    downloads = tempfile.mkdtemp(prefix="boardgames-downloads-")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=chrome_options(user_data, downloads))
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    try:
        yield driver, Path(downloads)
    finally:
        driver.quit()
        shutil.rmtree(user_data, ignore_errors=True)
        shutil.rmtree(downloads, ignore_errors=True)


class Page:
    """The page under test, with the steps a person takes."""

    def __init__(self, driver, base: str, downloads: Path):
        self.driver = driver
        self.base = base
        self.downloads = downloads

    def wait(self, seconds: float = WAIT_SECONDS) -> WebDriverWait:
        # The board is redrawn after every answer: an element found a moment ago may be gone.
        return WebDriverWait(self.driver, seconds, ignored_exceptions=(StaleElementReferenceException,))

    def open(self, clear_storage: bool = True):
        self.driver.get(self.base + "/")
        if clear_storage:
            self.driver.execute_script("localStorage.clear()")
            self.driver.get(self.base + "/")
        self.wait().until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
        return self

    def find(self, css: str):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def finds(self, css: str):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def visible(self, css: str):
        return self.wait().until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)))

    def select(self, element_id: str, value: str):
        self.driver.execute_script(
            "const s = document.getElementById(arguments[0]); s.value = arguments[1];"
            "s.dispatchEvent(new Event('change', {bubbles: true}));",
            element_id,
            value,
        )

    def start(self, game: str, mode: str = "local", **options):
        """Chooses a game and its options in the lobby and starts it."""
        self.find(f'input[name="game"][value="{game}"]').click()
        self.find(f'input[name="mode"][value="{mode}"]').click()
        for key, value in options.items():
            element = self.find(f"#opt-{key}")
            if element.get_attribute("type") == "checkbox":
                if element.is_selected() != bool(value):
                    element.click()
            elif element.tag_name == "select":
                self.select(f"opt-{key}", str(value))
            else:
                element.clear()
                element.send_keys(str(value))
        self.find("#start").click()
        self.visible("#board")
        self.wait_idle()

    def status(self) -> str:
        return self.find("#status").text

    def wait_idle(self):
        """Waits until the computer is not thinking and the board is drawn."""
        self.wait(60).until(
            lambda d: d.execute_script(
                "return document.getElementById('spinner').hidden"
                " && document.querySelector('#board [data-move]') !== null"
            )
        )

    def ply(self) -> int:
        return len(self.finds("#move-list li"))

    def click(self, move: str):
        """Clicks the point `move` and waits for the page to settle."""
        before = self.ply()
        self.find(f'#board [data-move="{move}"]').click()
        return before

    def play(self, *moves: str):
        """Clicks each point; every click that completes a move must add it to the list."""
        for move in moves:
            before = self.ply()
            self.find(f'#board [data-move="{move}"]').click()
            self.wait().until(lambda d: self.ply() > before)
            self.wait_idle()

    def legal(self) -> set:
        return set(self.attributes('#board [data-legal="true"]', "data-move"))

    def attributes(self, css: str, name: str) -> list:
        """One attribute of every element matching `css`, read at one moment."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map((e) => e.getAttribute(arguments[1]))",
            css,
            name,
        )

    def move_list(self) -> list:
        return self.attributes("#move-list li", "data-move")

    def severe_logs(self) -> list:
        """The browser console's errors since the last call (CSP violations included)."""
        return [e["message"] for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]

    def wait_text(self, css: str, fragment: str):
        self.wait().until(lambda d: fragment in d.find_element(By.CSS_SELECTOR, css).text)
        return self.find(css).text


@pytest.fixture
def page(server, browser_session):
    driver, downloads = browser_session
    driver.set_window_size(1000, 800)
    for old in downloads.iterdir():
        old.unlink()
    driver.get_log("browser")  # the earlier tests' messages
    return Page(driver, server, downloads).open()

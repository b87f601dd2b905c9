"""Records, the computer at each level, scores and languages."""

import json

import pytest
from selenium.webdriver.common.by import By

SCORES_KEY = "boardgames.scores.v1"


def wait_download(page, suffix):
    page.wait().until(lambda d: any(p.name.endswith(suffix) for p in page.downloads.iterdir()))
    return next(p for p in page.downloads.iterdir() if p.name.endswith(suffix))


def test_save_then_load_and_a_bad_file_keeps_the_game(page, tmp_path):
    page.start("gomoku", rule="freestyle")
    page.play("h8", "h9", "i8", "i9")
    page.find("#save").click()
    record = wait_download(page, ".txt")
    text = record.read_text()
    assert '[Game "gomoku"]' in text and '[Rule "freestyle"]' in text and "1. h8 h9 2. i8 i9" in text
    page.find("#save-psq").click()
    psq = wait_download(page, ".psq")
    assert psq.read_text().startswith("Piskvorky 15x15")

    page.find("#new-game").click()
    page.start("tictactoe")
    page.play("b2")
    page.find("#load").send_keys(str(record))
    page.wait().until(lambda d: page.move_list() == ["h8", "h9", "i8", "i9"])
    assert page.find("#board").get_attribute("data-game") == "gomoku"
    assert page.find('#board [data-move="i9"]').get_attribute("data-owner") == "second"
    page.play("j8")

    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "gomoku"]\n[Size "15"\n\n1. h8 *\n')
    page.find("#load").send_keys(str(bad))
    message = page.wait_text("#move-error", "line 2")
    assert "bad.txt was not loaded" in message
    assert page.move_list() == ["h8", "h9", "i8", "i9", "j8"]

    bad_move = tmp_path / "bad-move.txt"
    bad_move.write_text('[Game "tictactoe"]\n\n1. a1 a1 *\n')
    page.find("#load").send_keys(str(bad_move))
    message = page.wait_text("#move-error", "move 2")
    # One numbering: the move's number and name, not the crates' 0-based ply.
    assert "move 2 (a1): this cell already has a mark" in message and "ply" not in message
    assert page.move_list() == ["h8", "h9", "i8", "i9", "j8"]
    assert page.find("#board").get_attribute("data-game") == "gomoku"


def play_to_the_end(page):
    """Clicks the first legal point whenever it is the person's turn, to the end."""
    for _ in range(9):
        page.wait_idle()
        if page.find("#status").get_attribute("data-result") != "ongoing":
            break
        legal = sorted(page.legal())
        page.play(legal[0])
    page.wait_idle()
    result = page.find("#status").get_attribute("data-result")
    assert result in {"first", "second", "draw"}
    return result


@pytest.mark.parametrize(
    "level,engine,first",
    [("beginner", "alphabeta", "me"), ("normal", "alphabeta", "computer"), ("expert", "alphabeta", "me"),
     ("normal", "mcts", "me")],
)
def test_a_game_against_the_computer(page, level, engine, first):
    page.start("tictactoe", mode="computer", level=level, engine=engine, first=first)
    if first == "computer":
        page.wait().until(lambda d: page.ply() == 1)
    result = play_to_the_end(page)
    moves = page.move_list()
    assert len(moves) == len(set(moves)) >= 5
    session = page.find("#session-score").text
    if level == "expert":
        # The expert never loses tic-tac-toe.
        assert result in {"second", "draw"}
    counts = [int(n) for n in session.replace("·", " ").split() if n.isdigit()]
    assert sum(counts) == 1, session
    stored = json.loads(page.driver.execute_script(f"return localStorage.getItem('{SCORES_KEY}')"))
    assert sum(stored["entries"][f"tictactoe|computer|{level}"].values()) == 1


def test_scores_last_across_reloads(page):
    page.start("tictactoe")
    page.play("a1", "b1", "a2", "b2", "a3")
    assert page.find("#session-score").text.startswith("X 1")
    page.open(clear_storage=False)
    page.find('input[name="mode"][value="local"]').click()
    page.wait().until(lambda d: page.find("#lasting-score").text.startswith("X 1"))
    assert page.find("#session-score").text.startswith("X 0")


@pytest.mark.parametrize("damage", ["{not json", '{"version":1,"entries":{"tictactoe|local|-":{"a":-1,"b":0,"draw":0}}}', "[]"])
def test_a_damaged_score_store_is_reported_and_reset(page, damage):
    page.driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", SCORES_KEY, damage)
    page.open(clear_storage=False)
    notice = page.visible("#notice")
    assert "damaged" in notice.text
    stored = json.loads(page.driver.execute_script(f"return localStorage.getItem('{SCORES_KEY}')"))
    assert stored == {"version": 1, "entries": {}}
    # The page works on: a game is played and counted.
    page.start("tictactoe")
    page.play("a1", "b1", "a2", "b2", "a3")
    stored = json.loads(page.driver.execute_script(f"return localStorage.getItem('{SCORES_KEY}')"))
    assert stored["entries"]["tictactoe|local|-"] == {"a": 1, "b": 0, "draw": 0}


def test_language_switch_shows_chinese(page):
    page.select("lang-select", "zh-Hans")
    page.wait().until(lambda d: page.find("h1").text == "棋类游戏")
    assert page.find("#start").text == "开始"
    assert page.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    page.start("tictactoe")
    assert "轮到" in page.status()
    page.select("lang-select", "zh-Hant")
    page.wait().until(lambda d: page.find("h1").text == "棋類遊戲")
    assert page.find("#undo").text == "悔棋" and page.find("#save").text == "儲存棋譜"
    # The choice lasts; English comes back when chosen.
    page.open(clear_storage=False)
    assert page.find("h1").text == "棋類遊戲"
    page.select("lang-select", "en")
    page.wait().until(lambda d: page.find("h1").text == "Board games")


def test_the_browser_language_is_followed(page):
    detect = (
        "const done = arguments[arguments.length - 1];"
        "import('/static/i18n.js').then((m) => done(arguments[0].map((l) => m.detectLanguage(l))));"
    )
    found = page.driver.execute_async_script(
        detect, [["zh-TW", "en"], ["zh-CN"], ["zh"], ["zh-Hant-HK"], ["fr", "en-GB"], ["fr"]]
    )
    assert found == ["zh-Hant", "zh-Hans", "zh-Hans", "zh-Hant", "en", "en"]


def test_every_language_has_every_text(page):
    script = (
        "const done = arguments[arguments.length - 1];"
        "import('/static/i18n.js').then((m) => done(m.LANGUAGES.map((l) => m.keys(l))));"
    )
    en, hans, hant = page.driver.execute_async_script(script)
    assert set(en) == set(hans) == set(hant)
    assert len(en) > 100


def test_about_link_and_no_console_errors(page):
    assert page.find("#about-link").get_attribute("href").endswith("/rules")
    page.start("morris")
    page.play("d1")
    assert page.severe_logs() == []


def test_time_controls_in_the_lobby_and_on_the_clocks(page):
    page.find('input[name="mode"][value="local"]').click()
    page.find("#opt-time").send_keys("5x")
    page.find("#start").click()
    error = page.visible("#lobby-error")
    assert "5x" in error.text and "unknown unit" in error.text
    assert page.find("#play").is_displayed() is False
    page.find("#opt-time").clear()
    page.start("tictactoe", time="5m+3s")
    page.visible("#clocks")
    assert page.find("#clock-second .clock-time").text == "5:00"
    # As on the big game servers, no clock runs before each side has made its first move.
    running = lambda: [side for side in ("first", "second") if "running" in page.find(f"#clock-{side}").get_attribute("class")]
    assert running() == []
    page.play("b2")
    assert running() == []
    page.play("a1")
    assert running() == ["first"]
    assert page.find("#clock-second .clock-time").text == "5:00"
    page.play("c3")
    # Fischer: the mover's clock gets its three seconds after the move.
    minutes, seconds = page.find("#clock-first .clock-time").text.split(":")
    assert (int(minutes), int(seconds)) > (5, 0)
    assert running() == ["second"]


def test_a_record_lost_on_time_loads_with_its_result(page, tmp_path):
    record = tmp_path / "flag.txt"
    record.write_text(
        '[Game "tictactoe"]\n[TimeControl "60"]\n[Clocks "55 0"]\n[Result "1-0"]\n[Reason "time"]\n\n'
        "1. b2 {[%emt 5]} 1-0\n"
    )
    page.find("#load").send_keys(str(record))
    page.wait().until(lambda d: page.find("#status").get_attribute("data-reason") == "time")
    assert page.move_list() == ["b2"]
    assert "X wins: time ran out" in page.status()
    assert page.legal() == set()


def test_time_controls_read_as_the_console_reads_them(page):
    script = (
        "const done = arguments[arguments.length - 1];"
        "import('/static/clock.js').then((m) => done(arguments[0].map((text) => {"
        "  try { const c = m.parseTimeControl(text); return [c.kind, c.initial, c.increment]; }"
        "  catch (err) { return ['error', err.message]; } })));"
    )
    texts = ["5m+3s", "5m", "30s/move", "300", "300+3", "1m30s", "1.5", "500ms/move", "", "0", "5x", "+3", "5m+", "abc/move"]
    found = page.driver.execute_async_script(script, texts)
    assert found[:8] == [
        ["fischer", 300000, 3000], ["sudden", 300000, 0], ["per_move", 30000, 0], ["sudden", 300000, 0],
        ["fischer", 300000, 3000], ["sudden", 90000, 0], ["sudden", 1500, 0], ["per_move", 500, 0],
    ]
    assert [f[0] for f in found[8:]] == ["error"] * 6
    assert found[8][1] == "time_missing" and found[9][1] == "time_zero" and found[10][1] == "time_unit"

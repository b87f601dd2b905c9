"""Against the computer, fast clicks and a slow network never play a move for the wrong side."""

import time

from selenium.webdriver.common.action_chains import ActionChains

from test_games import api

# Every call to the server waits this long first, as over a slow network.
LAG_MS = 300
LAG = """
window.realFetch = window.realFetch || window.fetch;
window.fetch = (...args) => new Promise((done) => setTimeout(done, arguments[0]))
  .then(() => window.realFetch(...args));
"""




def click_now(page, point):
    """Clicks `point` as it is drawn at this moment (the board is redrawn while a move is sent)."""
    page.driver.execute_script(
        "document.querySelector(`#board [data-move=\"${arguments[0]}\"]`)"
        ".dispatchEvent(new MouseEvent('click', {bubbles: true}))",
        point,
    )


def gomoku_against_the_computer(page):
    page.start("gomoku", "computer", size=15, rule="freestyle", level="beginner", first="me")


def settled(page, plies):
    """Waits until `plies` moves are in the list and nothing is pending."""
    page.wait().until(lambda d: page.ply() >= plies)
    page.wait_idle()
    page.wait().until(lambda d: d.execute_script("return document.getElementById('spinner').hidden"))


def assert_alternates(page):
    """The page's game is legal, the person (black) is to move, and no error is shown."""
    moves = page.move_list()
    view = api(page, "/api/view", {"game": "gomoku", "options": {"size": 15, "rule": "freestyle"}, "moves": moves})
    assert view["to_move"] == "first", (moves, view["to_move"])
    assert page.find("#move-error").text == ""
    assert "You (Black) to move" in page.status()
    # Stones alternate from black: the person's stones are the even plies.
    black, white = (len(page.finds(f"#board .stone-{c}")) for c in ("black", "white"))
    assert black == white == len(moves) // 2, (black, white, moves)


def test_a_double_click_plays_one_move_and_the_computer_answers(page):
    gomoku_against_the_computer(page)
    ActionChains(page.driver).double_click(page.find('#board [data-move="h8"]')).perform()
    settled(page, 2)
    time.sleep(0.3)  # anything a second click started would show by now
    moves = page.move_list()
    assert len(moves) == 2 and moves[0] == "h8" and moves[1] != "h8", moves
    assert_alternates(page)
    assert page.severe_logs() == []


def test_two_quick_clicks_over_a_slow_network_leave_a_correct_game(page):
    gomoku_against_the_computer(page)
    page.driver.execute_script(LAG, LAG_MS)
    click_now(page, "h8")
    time.sleep(0.1)
    click_now(page, "j10")
    settled(page, 2)
    time.sleep(2 * LAG_MS / 1000)
    moves = page.move_list()
    assert len(moves) == 2 and moves[0] == "h8", moves
    assert_alternates(page)
    # The game goes on: the next click is the person's move and the computer answers it.
    free = next(p for p in ("j10", "g7", "f6") if p not in moves)
    page.find(f'#board [data-move="{free}"]').click()
    settled(page, 4)
    assert page.move_list()[2] == free
    assert_alternates(page)


def test_the_page_recovers_when_the_server_says_it_is_not_the_computers_turn(page):
    gomoku_against_the_computer(page)
    # The first computer move is asked for the wrong side, as by a page out of step.
    page.driver.execute_script(
        """
        window.realFetch = window.realFetch || window.fetch;
        window.skewed = 0;
        window.fetch = (path, init) => {
          if (path === '/api/move' && window.skewed === 0) {
            window.skewed = 1;
            const body = JSON.parse(init.body);
            body.side = 'first';
            init = { ...init, body: JSON.stringify(body) };
          }
          return window.realFetch(path, init);
        };
        """
    )
    page.find('#board [data-move="h8"]').click()
    settled(page, 2)
    assert page.driver.execute_script("return window.skewed") == 1
    assert_alternates(page)


def offer_draw(page):
    page.find("#offer-draw").click()
    page.wait().until(
        lambda d: page.find("#status").get_attribute("data-result") == "draw"
        or "declines" in page.find("#move-error").text
    )
    return page.find("#status").get_attribute("data-result") == "draw"


def test_the_computer_accepts_a_draw_only_when_it_is_not_better(page):
    # A proved draw (tic-tac-toe after the centre) is accepted.
    page.start("tictactoe", "computer", level="expert", first="me")
    page.play("b2")
    settled(page, 2)
    assert page.find("#draw-help").is_displayed()
    assert offer_draw(page)
    assert page.find("#status").get_attribute("data-reason") == "agreement"
    # After a losing reply the computer has a forced win: it declines.
    page.find("#new-game").click()
    page.start("tictactoe", "computer", level="expert", first="computer")
    settled(page, 1)
    opening = page.move_list()
    losing = next(
        cell for cell in sorted(page.legal())
        if api(page, "/api/referee", {"op": "search", "game": "tictactoe", "moves": opening + [cell],
                                      "engine": "alphabeta", "millis": 200}).get("result") == "win"
    )
    page.play(losing)
    settled(page, 3)
    assert not offer_draw(page)
    assert page.find("#status").get_attribute("data-result") == "ongoing"


def test_a_gomoku_draw_offer_follows_the_computers_own_search(page):
    options = {"size": 15, "rule": "freestyle"}
    gomoku_against_the_computer(page)
    for point in ("h8", "h9", "h7", "j8", "g7", "j10", "k9", "f6", "g9"):
        if page.ply() >= 8:
            break
        if point not in page.move_list():
            page.play(point)
            settled(page, page.ply() + (page.ply() % 2))
    moves = page.move_list()
    assert len(moves) == 8
    answer = api(page, "/api/draw", {"game": "gomoku", "options": options, "moves": moves, "by": "first"})
    accepted = offer_draw(page)
    assert accepted == answer["accept"], answer
    if accepted:
        assert answer["score"] is None or answer["score"] <= 0, answer
    else:
        assert answer["score"] is None or answer["score"] > 0 or "win" in answer["reason"], answer

"""The page played by clicking, as a person would: every game's rules as the page shows them."""

import json
import time
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

# A morris game found with the referee: white forms a mill while placing (move 11, c5xe4),
# both sides slide, black is brought down to three pieces and flies (move 50, g4-b2), and
# white wins when black is down to two.
MORRIS_GAME = [
    "f6", "b6", "d1", "d2", "e5", "e4", "c3", "f4", "c4", "a4", "c5xe4", "g7", "d5xb6", "g4",
    "b2", "a7", "g1", "d3", "b2-b4", "d2-f2", "d1-a1", "g7-d7", "e5-e4", "d3-e3", "e4-e5xe3",
    "d7-d6", "g1-d1", "f2-d2", "d1-g1", "f4-f2", "g1-d1", "d2-b2", "e5-e4", "d6-b6",
    "e4-e5xf2", "a7-d7", "f6-f4", "d7-g7", "d1-g1", "g7-d7", "f4-f6", "g4-f4", "e5-e4",
    "d7-a7", "e4-e5xb6", "f4-g4", "b4-b6", "b2-d2", "d5-d6xa4", "g4-b2", "d6-d5xa7",
]


def api(page, path, body):
    """The server's answer to one API call (the tests' own view of what is legal)."""
    request = urllib.request.Request(
        page.base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def morris_points(move):
    return [move[i:i + 2] for i in range(len(move)) if move[i] in "abcdefg" and move[i + 1:i + 2].isdigit()]


def test_tictactoe_win_draws_its_line(page):
    page.start("tictactoe")
    assert page.legal() == {f"{c}{r}" for c in "abc" for r in "123"}
    page.play("a1", "b1", "a2", "b2", "a3")
    status = page.find("#status")
    assert status.get_attribute("data-result") == "first"
    assert "X wins: three in a row" in status.text
    line = page.find("#board .win-line")
    assert set(line.get_attribute("data-line").split()) == {"a1", "a2", "a3"}
    assert page.legal() == set()
    assert page.severe_logs() == []


def test_ultimate_sends_to_a_board_and_frees_the_choice(page):
    page.start("ultimate")
    page.play("55")
    # Cell 5 sends O to the centre board: only its cells take a click.
    assert page.legal() == {f"5{c}" for c in "12346789"}
    assert page.find('#board .small-board[data-board="5"]').get_attribute("data-playable") == "true"
    assert page.find('#board .small-board[data-board="1"]').get_attribute("data-playable") == "false"
    page.click("11")
    page.wait_text("#move-error", "11")
    assert page.move_list() == ["55"]
    page.click("55")  # occupied
    page.wait().until(lambda d: "55" in page.find("#move-error").text and "11" not in page.find("#move-error").text)
    assert page.move_list() == ["55"]
    # X wins board 5 (51 52 53); then O sends X to board 5, which is decided: a free choice.
    page.find("#undo").click()
    page.wait().until(lambda d: page.ply() == 0)
    page.play("51", "15", "52", "25", "53")
    board5 = page.find('#board .small-board[data-board="5"]')
    assert board5.get_attribute("data-result") == "first"
    page.play("35")
    assert "Free choice" in page.find("#detail").text
    legal = page.legal()
    assert {"11", "99", "29"} <= legal and not any(m.startswith("5") for m in legal)
    page.play("99")
    assert page.move_list()[-1] == "99"


def test_morris_placing_mill_capture_moving_and_flying(page):
    page.start("morris")
    moves = []
    for move in MORRIS_GAME:
        view = api(page, "/api/view", {"game": "morris", "moves": moves})
        points = morris_points(move)
        if "x" in move:
            # The move closes a mill: after the piece's clicks only the capturable pieces are marked.
            for point in points[:-1]:
                page.find(f'#board [data-move="{point}"]').click()
            prefix = move.split("x")[0] + "x"
            expected = {m.split("x")[1] for m in view["legal"] if m.startswith(prefix)}
            page.wait().until(lambda d: set(page.attributes("#board .pt.capture", "data-move")) == expected)
            assert page.legal() == expected
            assert "mill" in page.status()
            page.play(points[-1])
        elif "-" in move:
            page.find(f'#board [data-move="{points[0]}"]').click()
            targets = {m.split("-")[1][:2] for m in view["legal"] if m.startswith(points[0] + "-")}
            page.wait().until(lambda d: page.legal() == targets)
            if "second" in view["flying"] and view["to_move"] == "second":
                assert "may fly" in page.find("#detail").text
                empty = 24 - len(view["cells"])
                assert len(targets) == empty
            page.play(points[1])
        else:
            page.play(move)
        moves.append(move)
        assert page.move_list() == moves
        if len(moves) == 20:
            assert "moving" in page.find("#detail").get_attribute("data-phase")
    status = page.find("#status")
    assert status.get_attribute("data-result") == "first"
    assert "White wins: down to two pieces" in status.text


def renju_forbidden_position(page):
    page.start("gomoku", rule="renju")
    page.play("h8", "a1", "i8", "a2", "g9", "a3", "g10", "a4")


def test_renju_forbidden_point_shown_explained_and_refused(page):
    renju_forbidden_position(page)
    point = page.find('#board [data-move="g8"]')
    reason = "a double three on g8-i8 and g8-g10"
    assert point.get_attribute("data-forbidden") == reason
    assert "g8" not in page.legal()
    ActionChains(page.driver).move_to_element(point).perform()
    tooltip = page.visible("#tooltip")
    assert reason in tooltip.text
    point.click()
    page.wait_text("#move-error", reason)
    assert "g8" in page.find("#move-error").text
    assert len(page.move_list()) == 8
    # Typing it is refused the same way.
    page.find("#move-input").send_keys("g8", Keys.ENTER)
    page.wait_text("#move-error", "double three")
    assert len(page.move_list()) == 8


def test_swap2_through_place2_and_the_colour_choice(page):
    page.start("gomoku", opening="swap2")
    assert "place a black stone" in page.status()
    page.play("h8", "h9", "i9")
    page.visible('#choice-buttons [data-choice="place2"]')
    choices = set(page.attributes("#choice-buttons [data-choice]", "data-choice"))
    assert choices == {"black", "white", "place2"}
    page.find('#choice-buttons [data-choice="place2"]').click()
    page.wait().until(lambda d: page.ply() == 4)
    page.wait_text("#status", "place a white stone")
    page.play("j9", "j10")
    page.visible('#choice-buttons [data-choice="white"]')
    assert set(page.attributes("#choice-buttons [data-choice]", "data-choice")) == {"black", "white"}
    page.find('#choice-buttons [data-choice="white"]').click()
    page.wait().until(lambda d: page.ply() == 7)
    page.wait_idle()
    assert page.move_list()[3] == "place2" and page.move_list()[6] == "white"
    assert page.status().startswith("White")
    assert page.find("#choices").is_displayed() is False
    page.play("k11")
    assert page.status().startswith("Black")


def test_hint_undo_resign_and_draw_offer(page):
    page.start("tictactoe")
    page.find("#hint").click()
    page.wait().until(lambda d: page.finds("#board .pt.hinted"))
    assert "Hint:" in page.status()
    page.play("a1")
    assert page.finds("#board .pt.hinted") == []
    page.find("#undo").click()
    page.wait().until(lambda d: page.ply() == 0)
    assert page.find('#board [data-move="a1"]').get_attribute("data-owner") is None
    page.find("#resign").click()
    page.wait_text("#status", "resignation")
    assert page.find("#status").get_attribute("data-result") == "second"
    page.find("#undo").click()
    page.wait().until(lambda d: page.find("#status").get_attribute("data-result") == "ongoing")
    page.play("b2")
    page.find("#offer-draw").click()
    page.visible("#offer-box")
    assert "offers a draw" in page.find("#offer-text").text
    page.find("#decline-draw").click()
    page.wait_text("#move-error", "declines")
    page.find("#offer-draw").click()
    page.visible("#accept-draw").click()
    page.wait_text("#status", "Draw: agreed")
    assert page.find("#status").get_attribute("data-reason") == "agreement"


def test_draw_offer_to_the_computer_gets_an_answer(page):
    page.start("tictactoe", mode="computer", level="expert", first="me")
    page.play("b2")
    page.find("#offer-draw").click()
    page.wait().until(
        lambda d: "declines" in page.find("#move-error").text
        or page.find("#status").get_attribute("data-reason") == "agreement"
    )


def test_keyboard_moves_the_cursor_and_plays(page):
    page.start("tictactoe")
    board = page.find("#board")
    board.send_keys(Keys.ARROW_LEFT, Keys.ENTER)
    page.wait().until(lambda d: page.move_list() == ["a2"])
    board.send_keys(Keys.ARROW_UP, Keys.ARROW_RIGHT, Keys.ENTER)
    page.wait().until(lambda d: page.move_list() == ["a2", "b3"])
    assert page.driver.switch_to.active_element == board


def test_typed_moves_and_their_refusals(page):
    page.start("tictactoe")
    field = page.find("#move-input")
    field.send_keys("B2", Keys.ENTER)
    page.wait().until(lambda d: page.move_list() == ["b2"])
    field.send_keys("b2", Keys.ENTER)
    page.wait_text("#move-error", "b2")
    field.clear()
    field.send_keys("z9", Keys.ENTER)
    page.wait_text("#move-error", "z9")
    assert page.move_list() == ["b2"]


def test_a_flag_falls(page):
    page.start("tictactoe", time="1s/move")
    page.visible("#clocks")
    # No clock runs before each side has moved: X's first move may take its time.
    time.sleep(1.3)
    assert page.find("#status").get_attribute("data-result") == "ongoing"
    page.play("b2", "a1")
    page.wait(10).until(lambda d: page.find("#status").get_attribute("data-reason") == "time")
    assert "O wins: time ran out" in page.status()
    assert "fallen" in page.find("#clock-first").get_attribute("class")
    # The record keeps the loss on time.
    page.find("#save").click()
    page.wait().until(lambda d: any(p.name.endswith(".txt") for p in page.downloads.iterdir()))
    text = next(p for p in page.downloads.iterdir() if p.name.endswith(".txt")).read_text()
    assert '[Result "0-1"]' in text and '[Reason "time"]' in text


def test_soosorv8_declare_offers_and_pick(page):
    page.start("gomoku", opening="soosorv8")
    assert page.legal() == {"h8"}  # move 1 at the centre
    page.play("h8", "i9", "j10")
    page.visible('#choice-buttons [data-choice="white"]').click()
    page.wait().until(lambda d: page.ply() == 4)
    page.wait_idle()
    page.play("c3")
    declared = page.attributes("#choice-buttons [data-choice]", "data-choice")
    assert declared == [f"declare:{n}" for n in range(1, 9)]
    assert page.find('#choice-buttons [data-choice="declare:2"]').text == "Declare 2"
    page.find('#choice-buttons [data-choice="declare:2"]').click()
    page.wait().until(lambda d: page.ply() == 6)
    page.visible('#choice-buttons [data-choice="black"]').click()
    page.wait().until(lambda d: page.ply() == 7)
    page.wait_idle()
    assert "offer a fifth move" in page.status()
    page.play("k11", "f6")
    assert page.move_list()[-2:] == ["offer:k11", "offer:f6"]
    assert len(page.finds("#board .offer-mark")) == 2
    assert page.legal() == {"k11", "f6"}
    assert "pick one of the offered" in page.status()
    page.play("k11")
    assert page.move_list()[-1] == "pick:k11"
    assert page.find('#board [data-move="k11"]').get_attribute("data-owner") is not None
    assert page.finds("#board .offer-mark") == []
    assert page.status().startswith("White")


def test_the_computer_plays_the_swap2_opening(page):
    page.start("gomoku", mode="computer", opening="swap2", level="beginner", first="computer")
    # The computer's seat places three stones in a row, then the choice is the person's.
    page.wait(60).until(lambda d: page.ply() >= 3)
    page.wait_idle()
    assert page.ply() == 3
    choices = set(page.attributes("#choice-buttons [data-choice]", "data-choice"))
    assert choices == {"black", "white", "place2"}
    page.find('#choice-buttons [data-choice="black"]').click()
    # Now white (the computer) moves: it answers with a stone.
    page.wait(60).until(lambda d: page.ply() == 5)
    page.wait_idle()
    assert page.status().startswith("You (Black)")

"""What players expect around the board: the newest move in sight, numbered stones, a tap to
preview and a tap to play, clear load errors."""

import random

from test_games import api


def long_gomoku_record(page, plies):
    """A record of a gomoku game still going on after `plies` random moves near the centre."""
    rng = random.Random(7)
    options = {"size": 15, "rule": "freestyle"}
    moves = []
    while len(moves) < plies:
        view = api(page, "/api/view", {"game": "gomoku", "options": options, "moves": moves})
        if view["status"] != "ongoing":
            moves = []
            continue
        moves.append(rng.choice(sorted(view["legal"])))
    view = api(page, "/api/view", {"game": "gomoku", "options": options, "moves": moves})
    assert view["status"] == "ongoing"
    return moves, api(page, "/api/record/export", {"game": "gomoku", "options": options, "moves": moves})["record"]


def test_the_move_list_shows_the_newest_move(page, tmp_path):
    moves, record = long_gomoku_record(page, 60)
    path = tmp_path / "long.txt"
    path.write_text(record)
    page.start("gomoku", rule="freestyle")
    page.find("#load").send_keys(str(path))
    page.wait().until(lambda d: len(page.move_list()) == 60)
    # Long enough to scroll, and scrolled to its end: the last item is inside the list's box.
    inside = page.driver.execute_script(
        "const list = document.getElementById('move-list');"
        "const box = list.getBoundingClientRect();"
        "const last = list.lastElementChild.getBoundingClientRect();"
        "return [list.scrollHeight > list.clientHeight, last.top >= box.top - 1 && last.bottom <= box.bottom + 1];"
    )
    assert inside == [True, True]
    free = next(p for p in sorted(page.legal()))
    page.play(free)
    assert page.driver.execute_script(
        "const list = document.getElementById('move-list');"
        "return list.lastElementChild.getBoundingClientRect().bottom <= list.getBoundingClientRect().bottom + 1"
    )


def test_numbered_stones(page):
    page.start("gomoku", rule="freestyle")
    page.play("h8", "h9", "i8")
    assert page.finds("#board .stone-number") == []
    page.find("#show-numbers").click()
    numbers = dict(zip(page.attributes("#board .pt[data-owner]", "data-move"),
                       [e.text for e in page.finds("#board .pt[data-owner] .stone-number")]))
    assert numbers == {"h8": "1", "h9": "2", "i8": "3"}
    # Black's numbers are white on black, the last move's stands out.
    assert "on-black" in page.find('#board [data-move="h8"] .stone-number').get_attribute("class")
    assert "last" in page.find('#board [data-move="i8"] .stone-number').get_attribute("class")
    # The choice is kept for the next game.
    page.find("#new-game").click()
    page.start("gomoku", rule="freestyle")
    assert page.find("#show-numbers").is_selected()
    page.play("h8")
    assert page.find('#board [data-move="h8"] .stone-number').text == "1"
    page.find("#show-numbers").click()


def test_a_tap_shows_the_stone_and_a_second_tap_plays_it(page):
    page.start("gomoku", rule="freestyle")
    page.find("#confirm-moves").click()
    page.find('#board [data-move="h8"]').click()
    page.wait().until(lambda d: page.finds('#board [data-move="h8"].ghost'))
    assert page.move_list() == []
    assert "Tap h8 again" in page.status()
    # Another point moves the preview; the same point again plays it.
    page.find('#board [data-move="j9"]').click()
    page.wait().until(lambda d: page.finds('#board [data-move="j9"].ghost'))
    assert page.finds('#board [data-move="h8"].ghost') == []
    page.find('#board [data-move="j9"]').click()
    page.wait().until(lambda d: page.move_list() == ["j9"])
    # Turned off, one click plays.
    page.find("#confirm-moves").click()
    page.play("h8")
    assert page.move_list() == ["j9", "h8"]


def test_a_bad_psq_file_says_what_was_expected(page, tmp_path):
    page.start("tictactoe")
    not_psq = tmp_path / "game.psq"
    not_psq.write_text("hello, this is no game\n")
    page.find("#load").send_keys(str(not_psq))
    message = page.wait_text("#move-error", "game.psq")
    assert "not a .psq file" in message and "Piskvorky" in message
